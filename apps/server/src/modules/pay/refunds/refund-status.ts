/**
 * The refund state machine: PROCESSING -> SUCCESS | FAILED, each one conditional update. A refund
 * counts (refund bills, the order's refunded total, REFUND when all is back) only through
 * completeRefund(), in the same transaction as the update that made it SUCCESS.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '@server/db/client';
import { refunds } from '@server/db/schema-finance';
import { recordRefund } from '@server/modules/order/pay-status';
import { transaction } from '@server/db/transaction';

export type RefundRow = typeof refunds.$inferSelect;
export type RefundState = 'PROCESSING' | 'SUCCESS' | 'FAILED';

/** PROCESSING -> SUCCESS, then the refund is recorded on the order (see recordRefund). */
export async function completeRefund(
  db: Db,
  refundId: number,
  facts: { channelRefundId: string; method: string; refundedAt: Date },
): Promise<RefundRow | null> {
  return transaction(db, async (tx) => {
    const [done] = await tx
      .update(refunds)
      .set({ status: 'SUCCESS', channelRefundId: facts.channelRefundId })
      .where(and(eq(refunds.id, refundId), eq(refunds.status, 'PROCESSING')))
      .returning();
    if (!done) return null;
    const order = await recordRefund(tx, {
      orderId: done.orderId,
      amountFen: done.amountFen,
      method: facts.method,
      refundedAt: facts.refundedAt,
      createdBy: done.createdBy,
      note: done.reason,
      kind: done.kind,
    });
    // Amounts are reserved before the channel is asked, so this cannot overflow; if it did, undo all.
    if (!order) throw new Error(`refund ${refundId} does not fit order ${done.orderId}`);
    return done;
  });
}

/** PROCESSING -> FAILED: the channel refused or closed it; its amount is free to refund again. */
export async function failRefund(
  tx: Tx,
  refundId: number,
  channelRefundId?: string,
): Promise<RefundRow | null> {
  const [row] = await tx
    .update(refunds)
    .set({ status: 'FAILED', ...(channelRefundId ? { channelRefundId } : {}) })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'PROCESSING')))
    .returning();
  return row ?? null;
}

/** Refunds still waiting for the channel's word, oldest first. */
export function staleRefunds(db: Db, olderThanSeconds: number, limit: number) {
  return db
    .select()
    .from(refunds)
    .where(
      and(
        eq(refunds.status, 'PROCESSING'),
        sql`${refunds.createdAt} < now() - make_interval(secs => ${olderThanSeconds})`,
      ),
    )
    .orderBy(refunds.id)
    .limit(limit);
}
