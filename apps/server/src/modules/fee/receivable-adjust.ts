/**
 * Waiving, reducing and deferring a receivable (the finance office's manager): each one conditional
 * UPDATE that adds to reduction_fen or deferred_fen only while the receivable still owes that much
 * beyond what is already paid or on its way (open orders and bills under review, `committedFen`,
 * counted under the receivable's row lock by the caller). Never below what is already paid.
 *
 *   owed       = payable - reduction - deferredDeduction - (received - refund)
 *   reduce a:  reduction += a   when owed - committed >= a
 *                               and, while committed > 0, owed - max(0, deferred - deferredDeduction)
 *                               - committed >= a (payments on their way keep what is due now: fees.ts
 *                               adjustableOf)
 *   defer a:   deferred  += a   when owed - max(0, deferred - deferredDeduction) - committed >= a
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '@server/db/client';
import { receivables } from '@server/db/schema-finance';
import type { ReceivableRow } from './receivable-repo';

const owed = sql`(${receivables.payableFen} - ${receivables.reductionFen} - ${receivables.deferredDeductionFen} - (${receivables.receivedFen} - ${receivables.refundFen}))`;
const postponed = sql`greatest(0, ${receivables.deferredFen} - ${receivables.deferredDeductionFen})`;

export async function addReduction(
  tx: Tx,
  tenantId: string,
  id: number,
  amountFen: number,
  committedFen: number,
): Promise<ReceivableRow | undefined> {
  const [row] = await tx
    .update(receivables)
    .set({ reductionFen: sql`${receivables.reductionFen} + ${amountFen}` })
    .where(
      sql`${receivables.tenantId} = ${tenantId} AND ${receivables.id} = ${id} AND ${owed} - ${committedFen} >= ${amountFen} AND (${committedFen} = 0 OR ${owed} - ${postponed} - ${committedFen} >= ${amountFen})`,
    )
    .returning();
  return row;
}

export async function addDeferral(
  tx: Tx,
  tenantId: string,
  id: number,
  amountFen: number,
  committedFen: number,
  dueDate: Date | undefined,
): Promise<ReceivableRow | undefined> {
  const [row] = await tx
    .update(receivables)
    .set({ deferredFen: sql`${receivables.deferredFen} + ${amountFen}`, ...(dueDate ? { dueDate } : {}) })
    .where(
      sql`${receivables.tenantId} = ${tenantId} AND ${receivables.id} = ${id} AND ${owed} - ${postponed} - ${committedFen} >= ${amountFen}`,
    )
    .returning();
  return row;
}
