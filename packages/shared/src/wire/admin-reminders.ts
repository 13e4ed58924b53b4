/**
 * The wire of the finance office's fee reminders (催缴, issue 28 items 4-6): who a campaign reaches (the
 * filter), what they owe and the message one of them would read, campaigns with their progress and
 * per-person outcome, and the reminders scheduled per item before its due date.
 * Routes: /api/blade-finance/admin/reminder/* (server modules/admin/reminders-routes.ts).
 */
import { z } from 'zod';
import { pageQuery } from './envelope';
import { calendarDate, count, fen } from './fields';

const text = (max: number) => z.string().trim().max(max);

/**
 * Which receivables a campaign chases: one item (its code, every school year unless one is named),
 * then optionally the students of a grade (start year), college or class, due on or before a day, and
 * people owing at least an amount. Owed is the fee summary's `pending` (待缴, @cf/shared/fees).
 */
export const reminderFilterSchema = z.object({
  itemCode: text(64).min(1, 'reminder.itemRequired').describe('the receivables’ item code (required)'),
  schoolYear: text(16).optional().describe('one school year; every year of the item when left out'),
  startYear: count(1950, 2100).optional().describe('students of this grade (start year) only'),
  college: text(100).optional().describe('students of this college only'),
  className: text(100).optional().describe('students of this class only'),
  dueBefore: calendarDate().optional().describe('receivables due on or before this day (YYYY-MM-DD)'),
  dueOn: calendarDate()
    .optional()
    .describe('receivables due on this day (YYYY-MM-DD): what a scheduled reminder chases'),
  minOwedFen: fen(1).optional().describe('people owing at least this many fen'),
  skipPendingReview: z
    .boolean()
    .default(false)
    .describe('leave out people with an other-means payment of the item waiting for review'),
});
export type ReminderFilter = z.infer<typeof reminderFilterSchema>;
export type ReminderFilterInput = z.input<typeof reminderFilterSchema>;

/** The people a filter reaches: the audience's size and the preview of one person's message. */
export const audienceBody = reminderFilterSchema.extend({
  previewPerson: text(40)
    .optional()
    .describe('student or staff number of the person to preview; else the first'),
});
export type AudienceRequest = z.input<typeof audienceBody>;

/** The message one person would get, in both channels (the job sends the one that reaches them). */
export const reminderPreviewSchema = z.object({
  personNo: z.string(),
  personName: z.string(),
  owedFen: z.number(),
  wechat: z.object({
    title: z.string(),
    templateId: z.string().nullable().describe('the school’s template id of reminders; null: not set up'),
    fields: z.array(z.object({ key: z.string(), value: z.string() })),
    url: z.string(),
  }),
  sms: z.string(),
});
export type ReminderPreview = z.infer<typeof reminderPreviewSchema>;

export const audienceSchema = z.object({
  people: z.number(),
  owedFen: z.number().describe('what they owe in all (待缴), fen'),
  preview: reminderPreviewSchema.nullable(),
});
export type Audience = z.infer<typeof audienceSchema>;

/** What the audience screen offers to choose from: the items owed, grades, colleges and classes. */
export const reminderOptionsSchema = z.object({
  items: z.array(
    z.object({
      itemCode: z.string(),
      itemName: z.string(),
      itemNameEn: z.string(),
      schoolYears: z.array(z.string()),
      firstDue: z.string().nullable(),
      lastDue: z.string().nullable(),
    }),
  ),
  startYears: z.array(z.number()),
  colleges: z.array(z.string()),
  classNames: z.array(z.string()),
});
export type ReminderOptions = z.infer<typeof reminderOptionsSchema>;

export const campaignBody = reminderFilterSchema.extend({
  sendAt: z
    .string()
    .trim()
    .max(40)
    .optional()
    .describe('ISO time to start at (within 30 days); now when left out'),
});
export type CampaignRequest = z.input<typeof campaignBody>;

/** scheduled -> running -> done | stopped; scheduled -> stopped (server modules/reminder/campaign-status.ts). */
export const CAMPAIGN_STATUSES = ['scheduled', 'running', 'done', 'stopped'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** Where each person's message stands. */
export const RECIPIENT_STATES = ['queued', 'sent', 'failed', 'skipped', 'already', 'stopped'] as const;
export type RecipientState = (typeof RECIPIENT_STATES)[number];

export const campaignProgressSchema = z.object({
  queued: z.number(),
  sent: z.number(),
  failed: z.number(),
  skipped: z.number().describe('turned off by the person, or nobody to reach'),
  already: z.number().describe('reminded of this item today by another campaign'),
  stopped: z.number().describe('not sent: the campaign was stopped'),
  paid: z.number().describe('people who paid some of it since the campaign started'),
});
export type CampaignProgress = z.infer<typeof campaignProgressSchema>;

export const campaignSchema = z.object({
  id: z.number(),
  status: z.enum(CAMPAIGN_STATUSES),
  itemCode: z.string(),
  itemName: z.string(),
  itemNameEn: z.string(),
  filter: reminderFilterSchema,
  sendAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string().describe('who made it: the office’s account, or the scheduled reminder’s'),
  scheduleId: z.number().nullable().describe('the scheduled reminder that made it'),
  people: z.number().nullable().describe('recipients, once started'),
  owedFen: z.number().nullable().describe('what they owed when it started'),
  progress: campaignProgressSchema,
});
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignListQuery = pageQuery.extend({ status: z.enum(CAMPAIGN_STATUSES).optional() });

export const recipientListQuery = pageQuery.extend({
  state: z.enum(RECIPIENT_STATES).optional(),
  paid: z.enum(['yes', 'no']).optional().describe('yes: those who paid since it started'),
});

export const recipientSchema = z.object({
  id: z.number(),
  personType: z.string(),
  personNo: z.string(),
  personName: z.string(),
  className: z.string().nullable(),
  owedFen: z.number().describe('owed (待缴) when the campaign started'),
  owedNowFen: z.number().describe('owed now, by the same rule'),
  paidSinceFen: z.number().describe('paid since the campaign started (reviewed payments)'),
  state: z.enum(RECIPIENT_STATES),
  channel: z.string().nullable().describe('wechat | wxwork | sms'),
  reason: z.string().nullable().describe('why it failed or was skipped'),
  sentAt: z.string().nullable(),
});
export type Recipient = z.infer<typeof recipientSchema>;

/** A reminder sent by itself `daysBefore` days before the item's due date, to those still owing. */
export const scheduleBody = z.object({
  itemCode: text(64).min(1, 'reminder.itemRequired'),
  schoolYear: text(16).optional(),
  daysBefore: count(0, 60),
});
export type ScheduleRequest = z.input<typeof scheduleBody>;

export const SCHEDULE_STATUSES = ['active', 'cancelled'] as const;

export const scheduleSchema = z.object({
  id: z.number(),
  itemCode: z.string(),
  itemName: z.string(),
  itemNameEn: z.string(),
  schoolYear: z.string().nullable(),
  daysBefore: z.number(),
  status: z.enum(SCHEDULE_STATUSES),
  createdAt: z.string(),
  createdBy: z.string(),
  cancelledAt: z.string().nullable(),
  campaigns: z.number().describe('campaigns it has made so far'),
  lastFiredAt: z.string().nullable(),
});
export type ReminderSchedule = z.infer<typeof scheduleSchema>;
