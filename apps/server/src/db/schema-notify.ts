/**
 * Messages to one person when something happens (issue 28): the outbox a change writes in its own
 * transaction (modules/notify/record.ts), the job that sends it (jobs/send-messages.ts), each
 * person's choices of what to receive, and the WeChat access tokens every API process shares.
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, tenantId } from './schema';

/**
 * pending -> sending (claimed, lease) -> sent | failed | skipped (turned off, nobody to reach);
 * sending -> pending again on a retryable error (next_attempt_at later).
 */
export type NotifyStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'skipped';

export const notifyMessages = pgTable(
  'notify_messages',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    /** One event, once: kind + the row + the transition (e.g. receipt:order:42). */
    eventKey: text('event_key').notNull(),
    /** A NotifyKind of @cf/shared/notify. */
    kind: text('kind').notNull(),
    /** Who: the user, else the active binding of the person (resolved at send time). */
    userId: integer('user_id'),
    personType: text('person_type'),
    personId: integer('person_id'),
    /** Security notices to the phone held before the change: SMS there only. */
    phone: text('phone'),
    data: jsonb('data')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    status: text('status').$type<NotifyStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** wechat | sms: how it went (or is going). */
    channel: text('channel'),
    /** Set, and committed, before an SMS is handed to the provider (an unknown outcome is not resent). */
    smsAttemptedAt: timestamp('sms_attempted_at', { withTimezone: true }),
    smsPhone: text('sms_phone'),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('notify_messages_event').on(t.tenantId, t.eventKey),
    index('notify_messages_due')
      .on(t.nextAttemptAt)
      .where(sql`status IN ('pending', 'sending')`),
    index('notify_messages_sms_phone').on(t.smsPhone, t.smsAttemptedAt),
  ],
);

/** The kinds a person turned off (security ones cannot be). */
export const notifyPrefs = pgTable(
  'notify_prefs',
  {
    tenantId: tenantId(),
    userId: integer('user_id').notNull(),
    off: jsonb('off')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('notify_prefs_user').on(t.tenantId, t.userId)],
);

/** The official account's access token (cgi-bin/stable_token), one row per app id, shared by every process. */
export const wechatTokens = pgTable('wechat_tokens', {
  appId: text('app_id').primaryKey(),
  accessToken: text('access_token').notNull().default(''),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull().defaultNow(),
  refreshedAt: timestamp('refreshed_at', { withTimezone: true }),
  /** One refresh at a time across processes: the process that set this lease is asking WeChat. */
  refreshLeaseUntil: timestamp('refresh_lease_until', { withTimezone: true }),
});

/** The WeChat API stand-in's template messages (demo mode), by client_msg_id once. */
export const devWechatMessages = pgTable(
  'dev_wechat_messages',
  {
    msgId: serial('msg_id').primaryKey(),
    appId: text('app_id').notNull(),
    clientMsgId: text('client_msg_id'),
    toUser: text('to_user').notNull(),
    templateId: text('template_id').notNull(),
    url: text('url'),
    data: jsonb('data').$type<Record<string, { value: string }>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('dev_wechat_messages_client').on(t.appId, t.clientMsgId)],
);
