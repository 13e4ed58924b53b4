/**
 * The reminder campaign state machine (issue 28 items 4-6).
 *
 *   (none) -> scheduled          the office sends now or at a time, or a scheduled reminder fires
 *   scheduled -> running         startDueCampaign: its time came; one process takes it (SKIP LOCKED) and,
 *                                in the same transaction, writes its people and their messages
 *   running -> done              finishCampaigns: none of its messages waits any more
 *   scheduled | running -> stopped
 *                                stopCampaign: the office stops it; its messages not yet sent are left
 *                                unsent (skipped, their one-a-day keys freed); one being sent at that
 *                                moment is stopped by the sending job (notify/send-service.ts)
 *
 * There is no draft: what the office looks at before sending (how many people, how much, the message)
 * is computed from the filter and stored nowhere (service.ts audience). Each transition is one
 * conditional UPDATE ... WHERE status = <from> RETURNING; its side effects run only when it changed a row.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Db } from '@server/db/client';
import { CAMPAIGN_STOPPED, reminderCampaigns } from '@server/db/schema-reminder';
import { transaction } from '@server/db/transaction';
import { chasedReceivables } from './audience-repo';
import { audienceOf, beijingDay, reminderData } from './audience';
import { writeRecipients, type CampaignRow } from './campaign-repo';

/**
 * scheduled -> running for one campaign whose time has come (any tenant), taken with SKIP LOCKED so
 * two processes never start the same one. Its audience is computed now (what people owe at the start)
 * and each person's message written in the same transaction: a process that dies half-way leaves the
 * campaign scheduled, to be started again. Answers the started campaign, or undefined when none is due.
 */
export async function startDueCampaign(db: Db, now = new Date()): Promise<CampaignRow | undefined> {
  return transaction(db, async (tx) => {
    const [due] = await queryRows<{ id: number }>(
      tx as unknown as Db,
      sql`SELECT id FROM reminder_campaigns
           WHERE status = 'scheduled' AND send_at <= now()
           ORDER BY send_at, id LIMIT 1
           FOR UPDATE SKIP LOCKED`,
    );
    if (!due) return undefined;
    const [started] = await tx
      .update(reminderCampaigns)
      .set({ status: 'running', startedAt: sql`now()` })
      .where(and(eq(reminderCampaigns.id, Number(due.id)), eq(reminderCampaigns.status, 'scheduled')))
      .returning();
    if (!started) return undefined;
    const people = audienceOf(
      await chasedReceivables(tx as unknown as Db, started.tenantId, started.filter),
      started.filter,
    );
    await writeRecipients(
      tx,
      started,
      beijingDay(now),
      people.map((person) => ({ person, data: reminderData(started.id, person) })),
    );
    const owedFen = people.reduce((sum, p) => sum + p.owedFen, 0);
    const [counted] = await tx
      .update(reminderCampaigns)
      .set({ people: people.length, owedFen })
      .where(eq(reminderCampaigns.id, started.id))
      .returning();
    return counted;
  });
}

/** running -> done for every campaign none of whose messages waits or is being sent. Answers their ids. */
export async function finishCampaigns(db: Db): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`UPDATE reminder_campaigns c SET status = 'done', finished_at = now()
         WHERE c.status = 'running'
           AND NOT EXISTS (SELECT 1 FROM reminder_recipients r JOIN notify_messages m ON m.id = r.message_id
                            WHERE r.campaign_id = c.id AND m.status IN ('pending', 'sending'))
         RETURNING c.id`,
  );
  return rows.map((r) => Number(r.id));
}

/**
 * scheduled | running -> stopped, by the office of the campaign's tenant. Its messages still waiting
 * are skipped as "campaign stopped" and their keys freed (another campaign may remind those people of
 * the item that day). Answers the stopped campaign, or undefined when it had ended (or is not the tenant's).
 */
export async function stopCampaign(
  db: Db,
  tenantId: string,
  id: number,
  userId: number,
): Promise<CampaignRow | undefined> {
  return transaction(db, async (tx) => {
    const [stopped] = await tx
      .update(reminderCampaigns)
      .set({ status: 'stopped', finishedAt: sql`now()`, stoppedBy: userId })
      .where(
        and(
          eq(reminderCampaigns.tenantId, tenantId),
          eq(reminderCampaigns.id, id),
          inArray(reminderCampaigns.status, ['scheduled', 'running']),
        ),
      )
      .returning();
    if (!stopped) return undefined;
    await tx.execute(
      sql`UPDATE notify_messages m
             SET status = 'skipped', last_error = ${CAMPAIGN_STOPPED}, lease_until = NULL,
                 event_key = m.event_key || '#stopped:' || m.id
            FROM reminder_recipients r
           WHERE r.campaign_id = ${id} AND r.tenant_id = ${tenantId} AND m.id = r.message_id
             AND m.status = 'pending'`,
    );
    return stopped;
  });
}
