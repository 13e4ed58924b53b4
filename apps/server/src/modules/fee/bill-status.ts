/**
 * The bill status machine: 1 (not reviewed) -> 2 (reviewed) | 0 (void). Charge and refund bills of
 * paid orders are written reviewed (order/pay-status.ts); other-means payments start not reviewed and
 * are reviewed or voided by the finance office. Each transition is one conditional UPDATE.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '@server/db/client';
import { formatYuan } from '@cf/shared/money';
import { bills, receivables } from '@server/db/schema-finance';
import { recordMessage } from '@server/modules/notify/record';

type BillRow = typeof bills.$inferSelect;

/** The payer's message of a decided other-means record (only those: charge and refund bills of orders have their own). */
async function tellDecision(tx: Tx, bill: BillRow, kind: 'billApproved' | 'billVoided') {
  if (bill.source === 'online') return;
  await recordMessage(tx, {
    tenantId: bill.tenantId,
    kind,
    key: `bill:${bill.id}:${kind}`,
    userId: bill.createdBy,
    person: { type: bill.personType, id: bill.personId },
    data: { item: bill.project, amount: formatYuan(bill.amountFen, false) },
  });
}

export const BILL_VOID = 0;
export const BILL_NOT_REVIEWED = 1;
export const BILL_REVIEWED = 2;

export function newBillNo(prefix: 'C' | 'R' | 'O'): string {
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  return `${prefix}${stamp}${randomBytes(5).toString('hex')}`;
}

/** Bill 1 -> 2: a reviewed other-means payment starts counting as received. */
export async function reviewBill(tx: Tx, billId: number, tenantId: string, reviewer: number | null) {
  const [bill] = await tx
    .update(bills)
    .set({ status: BILL_REVIEWED, reviewedBy: reviewer })
    .where(and(eq(bills.id, billId), eq(bills.tenantId, tenantId), eq(bills.status, BILL_NOT_REVIEWED)))
    .returning();
  if (!bill) return null;
  if (bill.receivableId) {
    const column = bill.kind === 'REFUND' ? receivables.refundFen : receivables.receivedFen;
    await tx
      .update(receivables)
      .set(
        bill.kind === 'REFUND'
          ? { refundFen: sql`${column} + ${bill.amountFen}` }
          : { receivedFen: sql`${column} + ${bill.amountFen}` },
      )
      .where(eq(receivables.id, bill.receivableId));
  }
  await tellDecision(tx, bill, 'billApproved');
  return bill;
}

/** Bill 1 -> 0: an unreviewed record is voided; it never counted, so nothing else changes. */
export async function voidBill(tx: Tx, billId: number, tenantId: string, reviewer: number | null) {
  const [bill] = await tx
    .update(bills)
    .set({ status: BILL_VOID, reviewedBy: reviewer, voidedAt: new Date() })
    .where(and(eq(bills.id, billId), eq(bills.tenantId, tenantId), eq(bills.status, BILL_NOT_REVIEWED)))
    .returning();
  if (bill) await tellDecision(tx, bill, 'billVoided');
  return bill ?? null;
}
