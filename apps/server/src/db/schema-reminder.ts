/**
 * The finance office's fee reminders (催缴, issue 28 items 4-6): campaigns (a filter of receivables sent
 * to everyone it reaches, now or at a time), the people each reached with the message written for them
 * (one notify_messages row each, sent by jobs/send-messages.ts), and reminders scheduled per item
 * before its due date. modules/reminder.
 */
import type { ReminderFilter } from '@cf/shared/wire/admin-reminders';
import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, tenantId } from './schema';

/** The reason a message of a stopped campaign was not sent (modules/notify/send-service.ts writes it too). */
export const CAMPAIGN_STOPPED = 'campaign stopped';

export const reminderCampaigns = pgTable(
  'reminder_campaigns',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    /** scheduled -> running -> done | stopped (modules/reminder/campaign-status.ts). */
    status: text('status')
      .$type<'scheduled' | 'running' | 'done' | 'stopped'>()
      .notNull()
      .default('scheduled'),
    itemCode: text('item_code').notNull(),
    itemName: text('item_name').notNull().default(''),
    itemNameEn: text('item_name_en').notNull().default(''),
    filter: jsonb('filter').$type<ReminderFilter>().notNull(),
    /** When the job starts it: now, or the time the office chose. */
    sendAt: timestamp('send_at', { withTimezone: true }).notNull().defaultNow(),
    /** The office's account that made it (a scheduled reminder's: its maker). */
    createdBy: integer('created_by'),
    /** Made by a scheduled reminder for one Beijing day: once per schedule and day. */
    scheduleId: integer('schedule_id'),
    scheduleDay: text('schedule_day'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    stoppedBy: integer('stopped_by'),
    /** Set when it starts: the people it reached and what they owed then. */
    people: integer('people'),
    owedFen: bigint('owed_fen', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('reminder_campaigns_tenant').on(t.tenantId, t.id),
    index('reminder_campaigns_due')
      .on(t.sendAt)
      .where(sql`status IN ('scheduled', 'running')`),
    uniqueIndex('reminder_campaigns_schedule_day').on(t.scheduleId, t.scheduleDay),
  ],
);

/** One person a campaign reached: what they owed then, and the message written for them. */
export const reminderRecipients = pgTable(
  'reminder_recipients',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    campaignId: integer('campaign_id').notNull(),
    personType: text('person_type').notNull(),
    personId: integer('person_id').notNull(),
    personNo: text('person_no').notNull().default(''),
    personName: text('person_name').notNull().default(''),
    className: text('class_name'),
    /** Owed (待缴) of the receivables chased, when the campaign started. */
    owedFen: bigint('owed_fen', { mode: 'number' }).notNull(),
    /** The receivables chased (owed now and paid since are read from them). */
    receivableIds: jsonb('receivable_ids').$type<number[]>().notNull(),
    /** Its notify_messages row; null when another campaign had reminded them of the item that day. */
    messageId: integer('message_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reminder_recipients_person').on(t.campaignId, t.personType, t.personId),
    index('reminder_recipients_message').on(t.messageId),
  ],
);

/** A reminder sent by itself `days_before` days before an item's due date, to those still owing. */
export const reminderSchedules = pgTable(
  'reminder_schedules',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    itemCode: text('item_code').notNull(),
    /** '' : every school year of the item. */
    schoolYear: text('school_year').notNull().default(''),
    daysBefore: integer('days_before').notNull(),
    /** active | cancelled */
    status: text('status').$type<'active' | 'cancelled'>().notNull().default('active'),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: integer('cancelled_by'),
    /** The Beijing day it last fired for (once a day: the job's claim, jobs/run-campaigns.ts). */
    lastFiredDay: text('last_fired_day'),
  },
  (t) => [
    uniqueIndex('reminder_schedules_active')
      .on(t.tenantId, t.itemCode, t.schoolYear, t.daysBefore)
      .where(sql`status = 'active'`),
  ],
);
