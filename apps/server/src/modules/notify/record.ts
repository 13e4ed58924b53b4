/**
 * The one call a change makes to tell a person (issue 28): a row of notify_messages written inside
 * the change's own transaction, so it exists only if the change commits, and once per event (the
 * unique event key: kind + the row + the transition; a second write of the same event does nothing).
 * Nothing is sent here: jobs/send-messages.ts sends it after the commit.
 */
import type { NotifyKind } from '@cf/shared/notify';
import { sql } from 'drizzle-orm';
import type { Tx } from '@server/db/client';
import { notifyMessages } from '@server/db/schema-notify';

export interface NotifyEvent {
  tenantId: string;
  kind: NotifyKind;
  /** Unique within the tenant for this event, e.g. `receipt:order:42`. */
  key: string;
  /** The user to tell; else the user actively bound to the person (resolved when sending). */
  userId?: number | null;
  person?: { type: string; id: number } | null;
  /** Security notices to the phone held before the change: a text there, whatever else. */
  phone?: string | null;
  data: Record<string, string>;
}

export async function recordMessage(tx: Tx, event: NotifyEvent): Promise<void> {
  await tx
    .insert(notifyMessages)
    .values({
      tenantId: event.tenantId,
      eventKey: event.key,
      kind: event.kind,
      userId: event.userId ?? null,
      personType: event.person?.type ?? null,
      personId: event.person?.id ?? null,
      phone: event.phone ?? null,
      data: event.data,
      nextAttemptAt: sql`now()`,
    })
    .onConflictDoNothing();
}

/** A moment as the messages show it: Beijing time, to the minute. */
export function beijingTime(at: Date): string {
  const t = new Date(at.getTime() + 8 * 3600 * 1000).toISOString();
  return `${t.slice(0, 10)} ${t.slice(11, 16)}`;
}

/**
 * A month of salary slips stored: one message per person, once per month (a replaced month tells
 * nobody again). No amounts. One statement for the whole month, however many people.
 */
export async function recordSalaryMonth(
  tx: Tx,
  tenantId: string,
  period: string,
  employeeIds: number[],
): Promise<void> {
  if (employeeIds.length === 0) return;
  await tx.execute(sql`
    INSERT INTO notify_messages (tenant_id, event_key, kind, person_type, person_id, data)
    SELECT ${tenantId}, 'salary:' || ${period} || ':' || e.id, 'salary', 'employee', e.id,
           jsonb_build_object('month', ${period}::text)
    FROM unnest(${`{${employeeIds.join(',')}}`}::int[]) AS e(id)
    ON CONFLICT DO NOTHING`);
}

export interface SecurityNotice {
  kind: 'phoneChanged' | 'bankCardChanged';
  /** The phone held before the change (a bank card change: the phone held now). */
  oldPhone: string | null | undefined;
  /** What it became, as the message may show it (a masked phone, a card's last four digits). */
  to: string;
}

/**
 * A security notice: one message to the person (their usual channel) and one SMS to the old phone,
 * both written in the change's transaction. Cannot be turned off.
 */
export async function recordSecurityNotice(
  tx: Tx,
  notice: SecurityNotice & { tenantId: string; userId: number },
): Promise<void> {
  const [row] = (
    (await tx.execute(
      sql`SELECT now()::text AS at, extract(epoch from now())::text AS stamp`,
    )) as unknown as {
      rows: { at: string; stamp: string }[];
    }
  ).rows;
  const time = beijingTime(new Date(row!.at));
  const key = `${notice.kind}:user:${notice.userId}:${row!.stamp}`;
  const data = { to: notice.to, time, ...(notice.oldPhone ? { oldPhone: notice.oldPhone } : {}) };
  const base = { tenantId: notice.tenantId, kind: notice.kind, userId: notice.userId, data };
  await recordMessage(tx, { ...base, key: `${key}:person` });
  if (notice.oldPhone) await recordMessage(tx, { ...base, key: `${key}:old`, phone: notice.oldPhone });
}
