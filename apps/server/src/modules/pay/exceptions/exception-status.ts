/**
 * The payment-exception state machine, each step one conditional update (side effects only when it
 * changed a row):
 *
 *   open (refund null | FAILED) --claimExceptionRefund--> open, refund PROCESSING (a FAILED refund's
 *                                  number moves to earlier_refund_nos)
 *   open, refund PROCESSING     --completeExceptionRefund--> refunded, refund SUCCESS
 *   open, refund PROCESSING     --failExceptionRefund--> open, refund FAILED (may be refunded again)
 *   open (refund null | FAILED) --resolveExceptionRow--> resolved (settled another way, with a note)
 *
 * None of it touches the order, its bills or receivables: this money was never credited to them.
 */
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { paymentExceptions as pe } from '@server/db/schema-finance';

export type ExceptionRow = typeof pe.$inferSelect;

const mine = (tenantId: string, id: number) => and(eq(pe.tenantId, tenantId), eq(pe.id, id));
/** Open, and no refund in flight or done: the office may refund it or resolve it. */
const settleable = and(eq(pe.status, 'open'), or(isNull(pe.refundStatus), eq(pe.refundStatus, 'FAILED')));
const refundInFlight = and(eq(pe.status, 'open'), eq(pe.refundStatus, 'PROCESSING'));

export async function findException(db: Db, tenantId: string, id: number): Promise<ExceptionRow | null> {
  const [row] = await db.select().from(pe).where(mine(tenantId, id));
  return row ?? null;
}

/** Takes the right to send the one refund: only one of concurrent callers gets the row. */
export async function claimExceptionRefund(
  db: Db,
  tenantId: string,
  id: number,
  claim: { refundNo: string; by: number },
): Promise<ExceptionRow | null> {
  const [row] = await db
    .update(pe)
    .set({
      refundNo: claim.refundNo,
      refundStatus: 'PROCESSING',
      channelRefundId: null,
      refundRequestedAt: sql`now()`,
      // A failed refund's number stays ours: the channel may list it (CLOSED) in its refund bill.
      earlierRefundNos: sql`CASE WHEN ${pe.refundNo} IS NULL THEN ${pe.earlierRefundNos}
        ELSE array_append(${pe.earlierRefundNos}, ${pe.refundNo}) END`,
      // Who sent the refund settles the exception when the channel confirms it, now or later.
      resolvedBy: claim.by,
      updatedAt: sql`now()`,
    })
    .where(and(mine(tenantId, id), settleable))
    .returning();
  return row ?? null;
}

export async function completeExceptionRefund(
  db: Db,
  id: number,
  channelRefundId: string,
): Promise<ExceptionRow | null> {
  const [row] = await db
    .update(pe)
    .set({
      status: 'refunded',
      refundStatus: 'SUCCESS',
      channelRefundId,
      resolvedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(pe.id, id), refundInFlight))
    .returning();
  return row ?? null;
}

export async function failExceptionRefund(
  db: Db,
  id: number,
  channelRefundId?: string,
): Promise<ExceptionRow | null> {
  const [row] = await db
    .update(pe)
    .set({
      refundStatus: 'FAILED',
      resolvedBy: null,
      updatedAt: sql`now()`,
      ...(channelRefundId ? { channelRefundId } : {}),
    })
    .where(and(eq(pe.id, id), refundInFlight))
    .returning();
  return row ?? null;
}

export async function resolveExceptionRow(
  db: Db,
  tenantId: string,
  id: number,
  resolution: { note: string; by: number },
): Promise<ExceptionRow | null> {
  const [row] = await db
    .update(pe)
    .set({
      status: 'resolved',
      note: resolution.note,
      resolvedBy: resolution.by,
      resolvedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(mine(tenantId, id), settleable))
    .returning();
  return row ?? null;
}

/** Exception refunds still waiting for the channel's word, oldest first (every tenant: a job's view). */
export function staleExceptionRefunds(db: Db, olderThanSeconds: number, limit: number) {
  return db
    .select()
    .from(pe)
    .where(and(refundInFlight, sql`${pe.updatedAt} < now() - make_interval(secs => ${olderThanSeconds})`))
    .orderBy(pe.id)
    .limit(limit);
}
