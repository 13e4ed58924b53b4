/**
 * Sends the messages the changes wrote (modules/notify/record.ts). Each run claims due messages with
 * one UPDATE over SELECT ... FOR UPDATE SKIP LOCKED, setting them 'sending' under a lease: two
 * processes running this job never claim the same one, and a message whose process died mid-send is
 * claimed again once the lease ends (modules/notify/send-service.ts decides what is safe to resend).
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client';
import { deliver, type Claimed } from '@server/modules/notify/send-service';

/** Messages one process sends at the same time (each holds a database connection while it waits). */
const SENDS_AT_ONCE = 4;

export async function claimMessages(
  app: FastifyInstance,
  options: { leaseSeconds: number; limit: number },
): Promise<Claimed[]> {
  const rows = await queryRows<Record<string, unknown>>(
    app.db,
    sql`UPDATE notify_messages m
        SET status = 'sending', attempts = m.attempts + 1,
            lease_until = now() + make_interval(secs => ${options.leaseSeconds})
        FROM (
          SELECT id, status AS was FROM notify_messages
          WHERE status IN ('pending', 'sending') AND next_attempt_at <= now()
            AND (status = 'pending' OR lease_until < now())
          ORDER BY next_attempt_at
          LIMIT ${options.limit}
          FOR UPDATE SKIP LOCKED
        ) c
        WHERE m.id = c.id
        RETURNING m.*, c.was`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    tenantId: String(r.tenant_id),
    eventKey: String(r.event_key),
    kind: String(r.kind),
    userId: r.user_id == null ? null : Number(r.user_id),
    personType: (r.person_type as string | null) ?? null,
    personId: r.person_id == null ? null : Number(r.person_id),
    phone: (r.phone as string | null) ?? null,
    data: (typeof r.data === 'string' ? JSON.parse(r.data) : r.data) as Record<string, string>,
    status: 'sending',
    attempts: Number(r.attempts),
    nextAttemptAt: new Date(r.next_attempt_at as string),
    leaseUntil: new Date(r.lease_until as string),
    channel: (r.channel as string | null) ?? null,
    smsAttemptedAt: r.sms_attempted_at == null ? null : new Date(r.sms_attempted_at as string),
    smsPhone: (r.sms_phone as string | null) ?? null,
    lastError: (r.last_error as string | null) ?? null,
    sentAt: null,
    createdAt: new Date(r.created_at as string),
    was: String(r.was),
  }));
}

/**
 * One run: claims up to `limit` due messages and sends them one by one; with `forMs`, claims again
 * while each claim came back full and the time lasts (a campaign's thousands go out in one run, at the
 * reminder rate: send-service.ts). Answers what happened to each.
 */
export async function sendMessages(
  app: FastifyInstance,
  options: { leaseSeconds: number; limit?: number; forMs?: number },
): Promise<Record<string, number>> {
  const limit = options.limit ?? 50;
  const until = Date.now() + (options.forMs ?? 0);
  const counts: Record<string, number> = {};
  for (;;) {
    const claimed = await claimMessages(app, { leaseSeconds: options.leaseSeconds, limit });
    // A few at a time: each send waits on several commits and a provider's answer, and a campaign's
    // thousands would otherwise go out slower than the providers allow (REMINDER_RATE).
    let next = 0;
    const lane = async () => {
      while (next < claimed.length) {
        const status = await deliver(app, claimed[next++]!);
        counts[status] = (counts[status] ?? 0) + 1;
      }
    };
    await Promise.all(Array.from({ length: Math.min(SENDS_AT_ONCE, claimed.length) }, lane));
    if (claimed.length < limit || Date.now() >= until) return counts;
  }
}
