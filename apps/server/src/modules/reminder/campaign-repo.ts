/**
 * Queries of reminder campaigns and the people they reached, within one tenant: a campaign's people
 * written with their messages (one notify_messages row each, at most one per person, item and Beijing
 * day across campaigns), its progress counted from those messages, and each person's outcome.
 */
import type { CampaignProgress, RecipientState } from '@cf/shared/wire/admin-reminders';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Db } from '@server/db/client';
import { users } from '@server/db/schema';
import { receivables } from '@server/db/schema-finance';
import { CAMPAIGN_STOPPED, reminderCampaigns } from '@server/db/schema-reminder';
import type { WriteTx } from '@server/db/transaction';
import type { AudiencePerson } from './audience';

export type CampaignRow = typeof reminderCampaigns.$inferSelect;

/** Rows written by one statement. */
const CHUNK = 2_000;

/**
 * The people of a started campaign and their messages: each person's message gets the event key
 * `reminder:<item>:<person>:<Beijing day>`; a key another campaign took that day writes no message
 * (the person's row then has none: "reminded already"). Answers how many messages were written.
 */
export async function writeRecipients(
  tx: WriteTx,
  campaign: CampaignRow,
  day: string,
  people: { person: AudiencePerson; data: Record<string, string> }[],
): Promise<number> {
  let written = 0;
  for (let at = 0; at < people.length; at += CHUNK) {
    const rows = people.slice(at, at + CHUNK).map(({ person, data }) => ({
      person_type: person.personType,
      person_id: person.personId,
      person_no: person.personNo,
      person_name: person.personName,
      class_name: person.className,
      owed_fen: person.owedFen,
      receivable_ids: person.receivableIds,
      data,
    }));
    const [result] = await queryRows<{ n: number }>(
      tx as Db,
      sql`WITH x AS (
            SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(person_type text, person_id int,
              person_no text, person_name text, class_name text, owed_fen bigint, receivable_ids jsonb, data jsonb)
          ), m AS (
            INSERT INTO notify_messages (tenant_id, event_key, kind, person_type, person_id, data)
            SELECT ${campaign.tenantId},
                   'reminder:' || ${campaign.itemCode} || ':' || x.person_type || '-' || x.person_id || ':' || ${day},
                   'reminder', x.person_type, x.person_id, x.data
              FROM x
            ON CONFLICT DO NOTHING
            RETURNING id, person_type, person_id
          ), r AS (
            INSERT INTO reminder_recipients (tenant_id, campaign_id, person_type, person_id, person_no, person_name,
                                             class_name, owed_fen, receivable_ids, message_id)
            SELECT ${campaign.tenantId}, ${campaign.id}, x.person_type, x.person_id, x.person_no, x.person_name,
                   x.class_name, x.owed_fen, x.receivable_ids, m.id
              FROM x LEFT JOIN m ON m.person_type = x.person_type AND m.person_id = x.person_id
            RETURNING message_id
          )
          SELECT count(message_id)::int AS n FROM r`,
    );
    written += Number(result?.n ?? 0);
  }
  return written;
}

/**
 * A recipient's state from its message: none written (the key was taken: reminded already that day),
 * waiting or being sent, sent, failed, not sent because the campaign stopped, or skipped (turned off,
 * nobody to reach).
 */
const STATE = sql<RecipientState>`CASE
  WHEN r.message_id IS NULL THEN 'already'
  WHEN m.status IN ('pending', 'sending') THEN 'queued'
  WHEN m.status = 'sent' THEN 'sent'
  WHEN m.status = 'failed' THEN 'failed'
  WHEN m.last_error = ${CAMPAIGN_STOPPED} THEN 'stopped'
  ELSE 'skipped' END`;

/** What the person paid since the campaign started: reviewed charge bills of the receivables chased. */
const PAID_SINCE = sql`(SELECT coalesce(sum(b.amount_fen), 0) FROM bills b
  WHERE b.tenant_id = r.tenant_id AND b.kind = 'CHARGE' AND b.status = 2 AND b.created_at >= c.started_at
    AND b.receivable_id IN (SELECT jsonb_array_elements_text(r.receivable_ids)::int))`;

const NO_PROGRESS: CampaignProgress = {
  queued: 0,
  sent: 0,
  failed: 0,
  skipped: 0,
  already: 0,
  stopped: 0,
  paid: 0,
};

/** Each campaign's people by state, and how many paid since it started (one statement). */
export async function progressOf(
  db: Db,
  tenantId: string,
  ids: number[],
): Promise<Map<number, CampaignProgress>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ campaign_id: number; state: RecipientState; n: number; paid: number }>(
    db,
    sql`SELECT r.campaign_id, ${STATE} AS state, count(*)::int AS n,
               count(*) FILTER (WHERE ${PAID_SINCE} > 0)::int AS paid
          FROM reminder_recipients r
          JOIN reminder_campaigns c ON c.id = r.campaign_id
          LEFT JOIN notify_messages m ON m.id = r.message_id
         WHERE r.tenant_id = ${tenantId} AND r.campaign_id IN (${sql.join(
           ids.map((id) => sql`${id}`),
           sql`, `,
         )})
         GROUP BY r.campaign_id, 2`,
  );
  const out = new Map<number, CampaignProgress>(ids.map((id) => [id, { ...NO_PROGRESS }]));
  for (const row of rows) {
    const progress = out.get(Number(row.campaign_id))!;
    progress[row.state] += Number(row.n);
    progress.paid += Number(row.paid);
  }
  return out;
}

export interface RecipientRow {
  id: number;
  personType: string;
  personNo: string;
  personName: string;
  className: string | null;
  owedFen: number;
  receivableIds: number[];
  paidSinceFen: number;
  state: RecipientState;
  channel: string | null;
  reason: string | null;
  sentAt: Date | null;
}

/** A page of a campaign's people, with each one's outcome; `state` and `paid` narrow it. */
export async function recipientPage(
  db: Db,
  tenantId: string,
  campaignId: number,
  filters: { state?: RecipientState; paid?: 'yes' | 'no' },
  q: { current: number; size: number },
): Promise<{ rows: RecipientRow[]; total: number }> {
  const where = sql`r.tenant_id = ${tenantId} AND r.campaign_id = ${campaignId}
    ${filters.state ? sql`AND ${STATE} = ${filters.state}` : sql``}
    ${filters.paid === 'yes' ? sql`AND ${PAID_SINCE} > 0` : filters.paid === 'no' ? sql`AND ${PAID_SINCE} = 0` : sql``}`;
  const from = sql`FROM reminder_recipients r
    JOIN reminder_campaigns c ON c.id = r.campaign_id
    LEFT JOIN notify_messages m ON m.id = r.message_id`;
  const [rows, [total]] = await Promise.all([
    queryRows<Record<string, unknown>>(
      db,
      sql`SELECT r.id, r.person_type, r.person_no, r.person_name, r.class_name, r.owed_fen, r.receivable_ids,
                 ${PAID_SINCE} AS paid_since, ${STATE} AS state, m.channel, m.last_error, m.sent_at
          ${from} WHERE ${where}
          ORDER BY r.id LIMIT ${q.size} OFFSET ${(q.current - 1) * q.size}`,
    ),
    queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n ${from} WHERE ${where}`),
  ]);
  return {
    total: Number(total?.n ?? 0),
    rows: rows.map((r) => ({
      id: Number(r.id),
      personType: String(r.person_type),
      personNo: String(r.person_no),
      personName: String(r.person_name),
      className: (r.class_name as string | null) ?? null,
      owedFen: Number(r.owed_fen),
      receivableIds: (typeof r.receivable_ids === 'string'
        ? JSON.parse(r.receivable_ids)
        : r.receivable_ids) as number[],
      paidSinceFen: Number(r.paid_since),
      state: r.state as RecipientState,
      channel: (r.channel as string | null) ?? null,
      reason: (r.last_error as string | null) ?? null,
      sentAt: r.sent_at ? new Date(r.sent_at as string) : null,
    })),
  };
}

/** The receivables of the tenant with these ids (what is owed on them now). */
export async function receivablesById(db: Db, tenantId: string, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(receivables)
    .where(and(eq(receivables.tenantId, tenantId), inArray(receivables.id, ids)));
}

export async function findCampaign(db: Db, tenantId: string, id: number): Promise<CampaignRow | undefined> {
  const [row] = await db
    .select()
    .from(reminderCampaigns)
    .where(and(eq(reminderCampaigns.tenantId, tenantId), eq(reminderCampaigns.id, id)));
  return row;
}

export async function campaignPage(
  db: Db,
  tenantId: string,
  filters: { status?: CampaignRow['status'] },
  q: { current: number; size: number },
): Promise<{ rows: (CampaignRow & { creator: string | null })[]; total: number }> {
  const where = and(
    eq(reminderCampaigns.tenantId, tenantId),
    filters.status ? eq(reminderCampaigns.status, filters.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ campaign: reminderCampaigns, creator: users.account })
      .from(reminderCampaigns)
      .leftJoin(
        users,
        and(eq(users.id, reminderCampaigns.createdBy), eq(users.tenantId, reminderCampaigns.tenantId)),
      )
      .where(where)
      .orderBy(desc(reminderCampaigns.id))
      .limit(q.size)
      .offset((q.current - 1) * q.size),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(reminderCampaigns)
      .where(where),
  ]);
  return {
    rows: rows.map((r) => ({ ...r.campaign, creator: r.creator })),
    total: Number(total?.n ?? 0),
  };
}

export async function insertCampaign(
  db: WriteTx,
  values: typeof reminderCampaigns.$inferInsert,
): Promise<CampaignRow | undefined> {
  const [row] = await db.insert(reminderCampaigns).values(values).onConflictDoNothing().returning();
  return row;
}

/** The account name of a user of the tenant (who made a campaign). */
export async function accountOf(db: Db, tenantId: string, userId: number | null): Promise<string | null> {
  if (!userId) return null;
  const [row] = await db
    .select({ account: users.account })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
  return row?.account ?? null;
}
