/**
 * The fee reminders' job (modules/reminder): fires the reminders scheduled for today, starts every
 * campaign whose time has come (its people and their messages written in one transaction; the messages
 * are then sent by jobs/send-messages.ts at the reminder rate), and marks done the campaigns with nothing
 * left to send. Any number of processes may run it: firing claims the day on the schedule's row, starting
 * takes the campaign with SKIP LOCKED, finishing is one conditional UPDATE.
 */
import type { FastifyInstance } from 'fastify';
import { finishCampaigns, startDueCampaign } from '@server/modules/reminder/campaign-status';
import { fireSchedules } from '@server/modules/reminder/schedule-service';

/** Campaigns one run starts at most (each is one transaction). */
const STARTS_PER_RUN = 10;

export async function runCampaigns(
  app: FastifyInstance,
  now = new Date(),
): Promise<{ fired: number; started: number; done: number }> {
  const fired = await fireSchedules(app.db, now);
  let started = 0;
  while (started < STARTS_PER_RUN && (await startDueCampaign(app.db, now))) started++;
  const done = await finishCampaigns(app.db);
  return { fired: fired.length, started, done: done.length };
}
