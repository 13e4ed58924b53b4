/**
 * Sends one claimed message (jobs/send-messages.ts claims them): to the person's WeChat (official
 * account template message) when they have a WeChat link and the tenant a template for the kind, else
 * by SMS through the school's provider. Every outcome is one conditional UPDATE fenced by the claim
 * (status 'sending' and the attempt number), so a process that lost its lease changes nothing.
 *
 * Exactly once: WeChat sends carry client_msg_id = the event key, so a message resent after a takeover
 * is not delivered twice. An SMS has no such id: the attempt is recorded (committed) before the text
 * goes to the provider, and a taken-over message that had reached that point is not sent again — it is
 * marked failed, "outcome unknown" (docs/decisions.md).
 *
 * Fee reminders (kind `reminder`, a campaign's: modules/reminder) also wait for a slot of the school's
 * rate (REMINDER_RATE) and are not sent once their campaign is stopped; a person bound to no user gets
 * the text at the phone the school holds.
 */
import { NOTIFY_GROUP_OF, wantsMessage, type NotifyKind } from '@cf/shared/notify';
import { and, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { queryRows, type Db } from '@server/db/client';
import {
  employees,
  oauthLinks,
  otherPeople,
  students,
  tenants,
  userBindings,
  users,
} from '@server/db/schema';
import { orders } from '@server/db/schema-finance';
import { notifyMessages, notifyPrefs } from '@server/db/schema-notify';
import { CAMPAIGN_STOPPED, reminderCampaigns } from '@server/db/schema-reminder';
import { tenantProviders } from '@server/db/schema-settings';
import { WECHAT_TEMPLATES_KIND } from '@cf/shared/wire/admin-settings';
import { translate } from '@cf/shared/messages';
import { WECHAT_SEND_ERRORS, WORK_NOT_REACHABLE } from '@server/gateways/wechat-message';
import { appLink, smsText, templateData } from './templates';

export type MessageRow = typeof notifyMessages.$inferSelect;
export interface Claimed extends MessageRow {
  /** The status before this claim: 'sending' means another process's lease ran out (a takeover). */
  was: string;
}

/** A message is given up this long after the event (the issue: after a day). */
export const GIVE_UP_SECONDS = 24 * 3600;
/** Texts a phone receives from these messages a day (the product's per-phone cap of codes, 10). */
export const SMS_DAILY_CAP_PER_PHONE = 10;

/** Seconds before the n-th retry: 30 s doubling, at most an hour. */
export const backoffSeconds = (attempts: number) => Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);

type Outcome =
  | { status: 'sent'; channel: string }
  /** releaseKey: the event key is freed (a stopped campaign's message: another may remind that day). */
  | { status: 'failed' | 'skipped'; reason: string; releaseKey?: boolean }
  | { status: 'retry'; reason: string };

/** The row as this claim holds it: a write fenced by it changes nothing once the claim is lost. */
const claimFence = (row: Claimed) =>
  and(
    eq(notifyMessages.id, row.id),
    eq(notifyMessages.status, 'sending'),
    eq(notifyMessages.attempts, row.attempts),
  );

/** What the row becomes for an outcome: sent, tried again later (or given up after a day), failed, skipped. */
function resultOf(row: Claimed, outcome: Outcome): PgUpdateSetSource<typeof notifyMessages> {
  const done = { leaseUntil: null };
  if (outcome.status === 'sent')
    return { ...done, status: 'sent', channel: outcome.channel, sentAt: sql`now()`, lastError: null };
  if (outcome.status === 'retry') {
    const wait = backoffSeconds(row.attempts);
    const late = row.createdAt.getTime() + GIVE_UP_SECONDS * 1000 < Date.now() + wait * 1000;
    return late
      ? { ...done, status: 'failed', lastError: `gave up after a day: ${outcome.reason}`.slice(0, 500) }
      : {
          ...done,
          status: 'pending',
          lastError: outcome.reason.slice(0, 500),
          nextAttemptAt: sql`now() + make_interval(secs => ${wait})`,
        };
  }
  return {
    ...done,
    status: outcome.status,
    lastError: outcome.reason.slice(0, 500),
    ...(outcome.status === 'skipped' && outcome.releaseKey
      ? { eventKey: sql`${notifyMessages.eventKey} || '#stopped:' || ${notifyMessages.id}` }
      : {}),
  };
}

async function finish(db: Db, row: Claimed, outcome: Outcome): Promise<void> {
  await db.update(notifyMessages).set(resultOf(row, outcome)).where(claimFence(row));
}

/** The user a message is for: its own, else the user actively bound to its person. */
async function recipient(db: Db, row: MessageRow) {
  let userId = row.userId;
  const column = {
    student: userBindings.studentId,
    employee: userBindings.employeeId,
    other: userBindings.otherId,
  }[row.personType ?? ''];
  // An enrollee (admitted, not yet a student) has no binding: tellPayer reaches the WeChat that paid.
  if (!userId && column && row.personId) {
    const [binding] = await db
      .select({ userId: userBindings.userId })
      .from(userBindings)
      .where(
        and(
          eq(userBindings.tenantId, row.tenantId),
          eq(column, row.personId),
          eq(userBindings.status, 'active'),
        ),
      )
      .orderBy(userBindings.id)
      .limit(1);
    userId = binding?.userId ?? null;
  }
  if (!userId) return undefined;
  const [user] = await db
    .select({ id: users.id, phone: users.phone, financePhone: users.financePhone })
    .from(users)
    .where(and(eq(users.tenantId, row.tenantId), eq(users.id, userId)));
  return user;
}

async function turnedOff(db: Db, tenantId: string, userId: number): Promise<string[]> {
  const [row] = await db
    .select({ off: notifyPrefs.off })
    .from(notifyPrefs)
    .where(and(eq(notifyPrefs.tenantId, tenantId), eq(notifyPrefs.userId, userId)));
  return row?.off ?? [];
}

/** The tenant's official account, the person's openid and the kind's template; undefined when any is missing. */
async function wechatRoute(
  app: FastifyInstance,
  row: MessageRow,
  who: { userId: number } | { oauthId: number },
) {
  const db = app.db;
  const [tenant] = await db
    .select({ appId: tenants.wechatMpAppId, secret: tenants.wechatMpSecret })
    .from(tenants)
    .where(eq(tenants.tenantId, row.tenantId));
  if (!tenant?.appId || !tenant.secret) return undefined;
  const link = await newestLink(db, row.tenantId, 'wechat', who);
  if (!link) return undefined;
  const [settings] = await db
    .select({ settings: tenantProviders.settings })
    .from(tenantProviders)
    .where(and(eq(tenantProviders.tenantId, row.tenantId), eq(tenantProviders.kind, WECHAT_TEMPLATES_KIND)));
  // Demo mode: the stand-in takes any template id; a demo school need not set them up first.
  const templateId =
    settings?.settings.templates?.[row.kind] ?? (app.config.mode === 'demo' ? `demo-${row.kind}` : undefined);
  if (!templateId) return undefined;
  return { app: { appId: tenant.appId, secret: tenant.secret }, openId: link.openId, templateId };
}

/** The person's newest link to a WeChat identity of this source (an official account's openid, a member id). */
async function newestLink(
  db: FastifyInstance['db'],
  tenantId: string,
  source: 'wechat' | 'wxwork',
  who: { userId: number } | { oauthId: number },
): Promise<{ openId: string } | undefined> {
  const [link] = await db
    .select({ openId: oauthLinks.openId })
    .from(oauthLinks)
    .where(
      and(
        eq(oauthLinks.tenantId, tenantId),
        eq(oauthLinks.source, source),
        'userId' in who ? eq(oauthLinks.userId, who.userId) : eq(oauthLinks.id, who.oauthId),
      ),
    )
    .orderBy(sql`${oauthLinks.id} DESC`)
    .limit(1);
  return link;
}

/** Enterprise WeChat: the tenant's agent app and the person's member id; undefined when either is missing. */
async function workRoute(app: FastifyInstance, row: MessageRow, userId: number) {
  const db = app.db;
  const [tenant] = await db
    .select({
      corpId: tenants.wechatWorkCorpId,
      agentId: tenants.wechatWorkAgentId,
      secret: tenants.wechatWorkSecret,
    })
    .from(tenants)
    .where(eq(tenants.tenantId, row.tenantId));
  if (!tenant?.corpId || !tenant.agentId || !tenant.secret) return undefined;
  const link = await newestLink(db, row.tenantId, 'wxwork', { userId });
  if (!link) return undefined;
  return {
    agent: { corpId: tenant.corpId, agentId: tenant.agentId, secret: tenant.secret },
    userId: link.openId,
  };
}

async function sendSms(app: FastifyInstance, row: Claimed, phone: string): Promise<Outcome> {
  const db = app.db;
  const kind = row.kind as NotifyKind;
  if (NOTIFY_GROUP_OF[kind] !== 'security') {
    const [today] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(notifyMessages)
      .where(
        and(
          eq(notifyMessages.smsPhone, phone),
          sql`${notifyMessages.smsAttemptedAt} > now() - interval '1 day'`,
        ),
      );
    if (Number(today?.n ?? 0) >= SMS_DAILY_CAP_PER_PHONE)
      return { status: 'retry', reason: 'daily SMS cap of the phone' };
  }
  // Recorded and committed before the provider hears of it: a takeover after this point does not resend.
  const [marked] = await db
    .update(notifyMessages)
    .set({ smsAttemptedAt: sql`now()`, smsPhone: phone, channel: 'sms' })
    .where(claimFence(row))
    .returning({ id: notifyMessages.id });
  if (!marked) return { status: 'retry', reason: 'claim lost' };
  const text = smsText(kind, row.data, appLink(app.config.publicUrl, row.tenantId, kind, row.data));
  try {
    await app.gateways.sms.send(row.tenantId, phone, text);
    return { status: 'sent', channel: 'sms' };
  } catch (err) {
    // The provider answered with an error: nothing was sent, so the next attempt may text again.
    await db
      .update(notifyMessages)
      .set({ smsAttemptedAt: null })
      .where(and(eq(notifyMessages.id, row.id), eq(notifyMessages.attempts, row.attempts)));
    return { status: 'retry', reason: `SMS: ${(err as Error).message}` };
  }
}

/** The least a reminder waits before it asks again for a slot of the school's per-second rate. */
const SLOT_POLL_MS = 20;
/** A reminder whose claim ends sooner than this is not sent now (another claim will). */
const LEASE_MARGIN_MS = 5_000;

/**
 * Counts one send against the school's rate: a one-second window of rate_limits (http/rate-limit.ts
 * keeps the same rows); answers the count of the window. Every sender of the school updates this one
 * row, so its commit does not wait for the disk (set_config(..., true) holds for this statement's own
 * transaction; a count lost in a crash only lets a few more through).
 */
async function takeSlot(db: Db, key: string): Promise<{ count: number; nextWindowMs: number }> {
  const [row] = await queryRows<{ count: number; next_ms: number }>(
    db,
    sql`INSERT INTO rate_limits (key, window_start, count)
        SELECT ${key}, now(), 1 FROM (SELECT set_config('synchronous_commit', 'off', true)) fast
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN rate_limits.window_start < now() - interval '1 second' THEN 1 ELSE rate_limits.count + 1 END,
          window_start = CASE WHEN rate_limits.window_start < now() - interval '1 second' THEN now() ELSE rate_limits.window_start END
        RETURNING count,
          extract(epoch FROM rate_limits.window_start + interval '1 second' - now()) * 1000 AS next_ms`,
  );
  return { count: Number(row?.count ?? 0), nextWindowMs: Number(row?.next_ms ?? 0) };
}

/**
 * A fee reminder (a campaign's, modules/reminder) waits for a slot of the school's rate (REMINDER_RATE
 * a second, counted in PostgreSQL so every API process shares it), then is sent only if its campaign
 * is still running: a stopped campaign leaves its unsent messages unsent. Undefined: go on and send.
 */
async function reminderGate(app: FastifyInstance, row: Claimed): Promise<Outcome | undefined> {
  const rate = app.config.jobs.reminderRate;
  for (;;) {
    const slot = await takeSlot(app.db, `reminder-rate:${row.tenantId}`);
    if (slot.count <= rate) break;
    if (row.leaseUntil && row.leaseUntil.getTime() - Date.now() < LEASE_MARGIN_MS)
      return { status: 'retry', reason: 'waiting for a slot of the reminder rate' };
    // This second's slots are taken: ask again when the next window opens (spread a little, so the
    // senders waiting do not all ask at once), not in a loop that keeps the database busy meanwhile.
    const wait = Math.max(SLOT_POLL_MS, slot.nextWindowMs) + Math.random() * SLOT_POLL_MS;
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
  const campaignId = Number(row.data.campaignId);
  if (!Number.isInteger(campaignId)) return undefined;
  const [campaign] = await app.db
    .select({ status: reminderCampaigns.status })
    .from(reminderCampaigns)
    .where(and(eq(reminderCampaigns.tenantId, row.tenantId), eq(reminderCampaigns.id, campaignId)));
  if (campaign?.status === 'stopped')
    return { status: 'skipped', reason: CAMPAIGN_STOPPED, releaseKey: true };
  return undefined;
}

/** The phone the school holds for the person (students, staff, outside people): a reminder's way to one not bound. */
async function heldPhone(db: Db, row: MessageRow): Promise<string | undefined> {
  const table = { student: students, employee: employees, other: otherPeople }[row.personType ?? ''];
  if (!table || !row.personId) return undefined;
  const [person] = await db
    .select({ phone: table.phone })
    .from(table)
    .where(and(eq(table.tenantId, row.tenantId), eq(table.id, row.personId)));
  return person?.phone || undefined;
}

async function decide(app: FastifyInstance, row: Claimed): Promise<Outcome> {
  const kind = row.kind as NotifyKind;
  if (row.was === 'sending' && row.smsAttemptedAt) {
    return { status: 'failed', reason: 'SMS outcome unknown (the sending process stopped); not sent again' };
  }
  // A security notice to the phone held before the change: a text there, nothing else.
  if (row.phone) return sendSms(app, row, row.phone);
  const user = await recipient(app.db, row);
  if (!user && kind === 'reminder') {
    // Most students never bind: a reminder goes to the phone the school holds for them.
    const phone = await heldPhone(app.db, row);
    if (!phone) return { status: 'skipped', reason: 'nobody to tell (not bound, no phone held)' };
    return (await reminderGate(app, row)) ?? sendSms(app, row, phone);
  }
  if (!user) return tellPayer(app, row);
  if (!wantsMessage(kind, await turnedOff(app.db, row.tenantId, user.id))) {
    return { status: 'skipped', reason: 'turned off by the person' };
  }
  if (kind === 'reminder') {
    const gate = await reminderGate(app, row);
    if (gate) return gate;
  }
  // Staff who sign in through Enterprise WeChat: a text card from the school's agent app.
  const work = await workRoute(app, row, user.id);
  if (work) {
    const link = appLink(app.config.publicUrl, row.tenantId, kind, row.data);
    const result = await app.gateways.wechatMessages.sendTextCard(work.agent, {
      toUser: work.userId,
      title: translate(`notify.template.${kind}`, 'zh'),
      description: smsText(kind, row.data, link),
      url: link,
    });
    if (result.ok) return { status: 'sent', channel: 'wxwork' };
    if (result.errcode !== WORK_NOT_REACHABLE) {
      return { status: 'retry', reason: `Enterprise WeChat ${result.errcode}: ${result.errmsg}` };
    }
  }
  const wechat = await wechatRoute(app, row, { userId: user.id });
  if (wechat) {
    const outcome = await sendTemplate(app, row, wechat);
    // 43004: the person does not follow the official account; WeChat will not deliver. A text instead.
    if (outcome) return outcome;
  }
  // A reminder's person may have no phone on the account and one held by the school.
  const phone =
    user.financePhone || user.phone || (kind === 'reminder' ? await heldPhone(app.db, row) : undefined);
  if (!phone) return { status: 'failed', reason: 'no WeChat link and no phone' };
  // A security notice whose person is reached at the old phone anyway: that text is the one message.
  if (NOTIFY_GROUP_OF[kind] === 'security' && phone === row.data.oldPhone) {
    return { status: 'skipped', reason: 'the notice to the old phone is the same text' };
  }
  return sendSms(app, row, phone);
}

type WechatRoute = NonNullable<Awaited<ReturnType<typeof wechatRoute>>>;

/** The official account's template message; undefined when the person does not follow it (43004). */
async function sendTemplate(
  app: FastifyInstance,
  row: MessageRow,
  wechat: WechatRoute,
): Promise<Outcome | undefined> {
  const kind = row.kind as NotifyKind;
  const result = await app.gateways.wechatMessages.sendTemplate(wechat.app, {
    toUser: wechat.openId,
    templateId: wechat.templateId,
    url: appLink(app.config.publicUrl, row.tenantId, kind, row.data),
    data: templateData(kind, row.data),
    clientMsgId: `${row.tenantId}:${row.eventKey}`,
  });
  if (result.ok) return { status: 'sent', channel: 'wechat' };
  if (result.errcode === WECHAT_SEND_ERRORS.argumentInvalid) {
    return { status: 'failed', reason: `WeChat ${result.errcode}: ${result.errmsg}` };
  }
  if (result.errcode === WECHAT_SEND_ERRORS.notFollowing) return undefined;
  return { status: 'retry', reason: `WeChat ${result.errcode}: ${result.errmsg}` };
}

/**
 * A payer who is no user (a newly admitted student paying in WeChat before binding): the receipt or
 * refund goes to the WeChat identity that paid, when the official account can reach it.
 */
async function tellPayer(app: FastifyInstance, row: MessageRow): Promise<Outcome> {
  const nobody: Outcome = { status: 'skipped', reason: 'nobody to tell (no user bound to the person)' };
  if ((row.kind !== 'receipt' && row.kind !== 'refund') || !row.data.orderId) return nobody;
  const [order] = await app.db
    .select({ payer: orders.payerOauthId, creator: orders.oauthId })
    .from(orders)
    .where(and(eq(orders.tenantId, row.tenantId), eq(orders.id, Number(row.data.orderId))));
  const oauthId = order?.payer ?? order?.creator;
  if (!oauthId) return nobody;
  const wechat = await wechatRoute(app, row, { oauthId });
  if (!wechat) return nobody;
  return (
    (await sendTemplate(app, row, wechat)) ?? { status: 'failed', reason: 'WeChat 43004: not following' }
  );
}

/** Sends one claimed message and records the outcome; errors become a retry with backoff. */
export async function deliver(app: FastifyInstance, row: Claimed): Promise<Outcome['status']> {
  let outcome: Outcome;
  try {
    outcome = await decide(app, row);
  } catch (err) {
    outcome = { status: 'retry', reason: (err as Error).message };
  }
  await finish(app.db, row, outcome);
  return outcome.status;
}
