/**
 * The finance office's fee reminders (催缴): who a filter reaches and what they owe, the message one of
 * them would read in each channel, campaigns sent now or at a time (started and sent by the jobs:
 * jobs/run-campaigns.ts, jobs/send-messages.ts), their progress and each person's outcome, and stopping
 * one. Routes: ../admin/reminders-routes.ts (the guard writes the audit row; this adds who, filter,
 * count and text to it).
 */
import { summarize } from '@cf/shared/fees';
import { messages, translate, type Language } from '@cf/shared/messages';
import type {
  Audience,
  Campaign,
  CampaignStatus,
  Recipient,
  RecipientState,
  ReminderFilter,
  ReminderPreview,
} from '@cf/shared/wire/admin-reminders';
import { WECHAT_TEMPLATES_KIND } from '@cf/shared/wire/admin-settings';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '@server/db/client';
import { tenantProviders } from '@server/db/schema-settings';
import { noteAudit } from '@server/http/audit';
import type { AuthContext } from '@server/http/context';
import { page } from '@server/http/envelope';
import { badRequest, notFound } from '@server/http/errors';
import { appLink, smsText, templateData } from '../notify/templates';
import { chasedReceivables, itemExists, reminderOptions } from './audience-repo';
import { audienceOf, reminderData, type AudiencePerson } from './audience';
import {
  accountOf,
  campaignPage,
  findCampaign,
  insertCampaign,
  progressOf,
  receivablesById,
  recipientPage,
  type CampaignRow,
} from './campaign-repo';
import { stopCampaign } from './campaign-status';

/** A campaign may be set to start this far ahead at most. */
export const SEND_AT_MAX_DAYS = 30;

/** What every campaign's audit row records as its text: the SMS as worded for each person. */
export const REMINDER_TEXT = messages['notify.sms.reminder'].zh;

export const reminderFilterOptions = (db: Db, auth: AuthContext) => reminderOptions(db, auth.tenantId);

/** The people a filter reaches now, owing something by the one money rule. */
export async function audiencePeople(
  db: Db,
  tenantId: string,
  filter: ReminderFilter,
): Promise<AudiencePerson[]> {
  const rows = await chasedReceivables(db, tenantId, filter);
  if (rows.length === 0 && !(await itemExists(db, tenantId, filter.itemCode)))
    throw badRequest('reminder.itemUnknown');
  return audienceOf(rows, filter);
}

/** The tenant's official account template of reminders (demo mode: the stand-in's, as the sending job uses). */
async function reminderTemplateId(app: FastifyInstance, tenantId: string): Promise<string | null> {
  const [row] = await app.db
    .select({ settings: tenantProviders.settings })
    .from(tenantProviders)
    .where(and(eq(tenantProviders.tenantId, tenantId), eq(tenantProviders.kind, WECHAT_TEMPLATES_KIND)));
  return row?.settings.templates?.reminder || (app.config.mode === 'demo' ? 'demo-reminder' : null);
}

/** One person's message in both channels, as the sending job would word it. */
async function previewOf(
  app: FastifyInstance,
  tenantId: string,
  person: AudiencePerson,
  lang: Language,
): Promise<ReminderPreview> {
  const data = reminderData(0, person);
  const url = appLink(app.config.publicUrl, tenantId, 'reminder', data);
  return {
    personNo: person.personNo,
    personName: person.personName,
    owedFen: person.owedFen,
    wechat: {
      title: translate('notify.template.reminder', lang),
      templateId: await reminderTemplateId(app, tenantId),
      fields: Object.entries(templateData('reminder', data)).map(([key, { value }]) => ({ key, value })),
      url,
    },
    sms: smsText('reminder', data, url),
  };
}

/** How many people a filter reaches, what they owe in all, and one person's message (the first, or the one named). */
export async function audience(
  app: FastifyInstance,
  auth: AuthContext,
  lang: Language,
  filter: ReminderFilter,
  previewPerson: string | undefined,
): Promise<Audience> {
  const people = await audiencePeople(app.db, auth.tenantId, filter);
  const shown = previewPerson ? people.find((p) => p.personNo === previewPerson) : people[0];
  if (previewPerson && !shown) throw badRequest('reminder.previewPersonNotFound');
  return {
    people: people.length,
    owedFen: people.reduce((sum, p) => sum + p.owedFen, 0),
    preview: shown ? await previewOf(app, auth.tenantId, shown, lang) : null,
  };
}

/** The start time asked for: now when none; else within SEND_AT_MAX_DAYS from now. */
function sendTime(sendAt: string | undefined): Date {
  if (!sendAt) return new Date();
  const at = new Date(sendAt);
  const now = Date.now();
  // A minute's grace: a time chosen "now" in the console is a little past when it arrives.
  if (
    Number.isNaN(at.getTime()) ||
    at.getTime() < now - 60_000 ||
    at.getTime() > now + SEND_AT_MAX_DAYS * 86_400_000
  )
    throw badRequest('reminder.sendAtInvalid', { days: SEND_AT_MAX_DAYS });
  return at;
}

/**
 * A campaign, to start now or at a time (the job starts it and computes its people again then). Refused
 * when nobody owes anything under the filter now. The audit row gets who (the guard), the filter, how
 * many people and how much they owe now, the text and the time.
 */
export async function createCampaign(
  app: FastifyInstance,
  req: FastifyRequest,
  auth: AuthContext,
  body: ReminderFilter & { sendAt?: string },
): Promise<Campaign> {
  const { sendAt, ...filter } = body;
  const at = sendTime(sendAt);
  const people = await audiencePeople(app.db, auth.tenantId, filter);
  if (people.length === 0) throw badRequest('reminder.nobody');
  const owedFen = people.reduce((sum, p) => sum + p.owedFen, 0);
  const first = people[0]!;
  const campaign = await insertCampaign(app.db, {
    tenantId: auth.tenantId,
    itemCode: filter.itemCode,
    itemName: first.itemName,
    itemNameEn: first.itemNameEn,
    filter,
    sendAt: at,
    createdBy: auth.userId,
  });
  noteAudit(req, {
    campaignId: campaign!.id,
    filter,
    people: people.length,
    owedFen,
    text: REMINDER_TEXT,
    sendAt: at.toISOString(),
  });
  return campaignView(app.db, campaign!);
}

async function campaignViews(db: Db, tenantId: string, rows: (CampaignRow & { creator: string | null })[]) {
  const progress = await progressOf(
    db,
    tenantId,
    rows.map((r) => r.id),
  );
  return rows.map((row): Campaign => ({
    id: row.id,
    status: row.status,
    itemCode: row.itemCode,
    itemName: row.itemName,
    itemNameEn: row.itemNameEn,
    filter: row.filter,
    sendAt: row.sendAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.creator ?? '',
    scheduleId: row.scheduleId,
    people: row.people,
    owedFen: row.owedFen,
    progress: progress.get(row.id)!,
  }));
}

async function campaignView(db: Db, row: CampaignRow): Promise<Campaign> {
  const creator = await accountOf(db, row.tenantId, row.createdBy);
  return (await campaignViews(db, row.tenantId, [{ ...row, creator }]))[0]!;
}

export async function listCampaigns(
  db: Db,
  auth: AuthContext,
  q: { current: number; size: number; status?: CampaignStatus },
) {
  const { rows, total } = await campaignPage(db, auth.tenantId, { status: q.status }, q);
  return page(await campaignViews(db, auth.tenantId, rows), total, q);
}

async function ownCampaign(db: Db, auth: AuthContext, id: number): Promise<CampaignRow> {
  const row = await findCampaign(db, auth.tenantId, id);
  if (!row) throw notFound('reminder.campaignNotFound');
  return row;
}

export async function getCampaign(db: Db, auth: AuthContext, id: number): Promise<Campaign> {
  return campaignView(db, await ownCampaign(db, auth, id));
}

/** A page of a campaign's people: each one's outcome, what they owed then and now, and what they paid since. */
export async function listRecipients(
  db: Db,
  auth: AuthContext,
  id: number,
  q: { current: number; size: number; state?: RecipientState; paid?: 'yes' | 'no' },
) {
  await ownCampaign(db, auth, id);
  const { rows, total } = await recipientPage(db, auth.tenantId, id, { state: q.state, paid: q.paid }, q);
  const receivables = await receivablesById(
    db,
    auth.tenantId,
    rows.flatMap((r) => r.receivableIds),
  );
  const owedNow = new Map(receivables.map((r) => [r.id, summarize(r).pending]));
  return page(
    rows.map((row): Recipient => ({
      id: row.id,
      personType: row.personType,
      personNo: row.personNo,
      personName: row.personName,
      className: row.className,
      owedFen: row.owedFen,
      owedNowFen: row.receivableIds.reduce((sum, id) => sum + (owedNow.get(id) ?? 0), 0),
      paidSinceFen: row.paidSinceFen,
      state: row.state,
      channel: row.channel,
      reason: row.state === 'failed' || row.state === 'skipped' ? row.reason : null,
      sentAt: row.sentAt?.toISOString() ?? null,
    })),
    total,
    q,
  );
}

/** The office stops a campaign of its tenant: what was not sent stays unsent. */
export async function stop(db: Db, auth: AuthContext, id: number): Promise<Campaign> {
  const row = await ownCampaign(db, auth, id);
  const stopped = await stopCampaign(db, auth.tenantId, id, auth.userId);
  if (!stopped) throw badRequest('reminder.cannotStop');
  return campaignView(db, { ...row, ...stopped });
}
