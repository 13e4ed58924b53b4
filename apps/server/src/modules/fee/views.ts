/**
 * How receivables, fee items and bills go on the wire (their shapes: @cf/shared/wire/fee): money in
 * fen, times as ISO text.
 */
import { BILL_STATUS_COLORS, payNowOf, summarize } from '@cf/shared/fees';
import type { Bill, FeeItem, Receivable } from '@cf/shared/wire/fee';
import type { bills, feeItems } from '@server/db/schema-finance';
import type { Commitment, ReceivableRow } from './receivable-repo';

export type FeeItemRow = typeof feeItems.$inferSelect;
export type BillRow = typeof bills.$inferSelect;

export function receivableView(row: ReceivableRow, committed: Commitment): Receivable {
  const summary = summarize(row);
  const payNow = payNowOf(summary, committed);
  return {
    receivableId: row.id,
    category: row.category,
    schoolYear: row.schoolYear,
    itemCode: row.itemCode,
    itemName: row.itemName,
    itemNameEn: row.itemNameEn,
    allowPartial: row.allowPartial,
    dueDate: row.dueDate?.toISOString() ?? null,
    summary,
    openOrderFen: committed.openOrderFen,
    openOrders: committed.openOrders,
    pendingReviewFen: committed.pendingReviewFen,
    // What can be paid now: what an order or an other-means record may take (the shared rule).
    availableFen: payNow.payNowFen,
    payNow,
  };
}

/** signatureTiming: the item's flag (fee-item-repo.ts signatureTimings), for the payer's screens. */
export const feeItemView = (
  item: FeeItemRow,
  signatureTiming: FeeItem['signatureTiming'] = null,
): FeeItem => ({
  id: item.id,
  kind: item.kind,
  name: item.name,
  nameEn: item.nameEn,
  description: item.description,
  descriptionEn: item.descriptionEn,
  priceFen: item.priceFen,
  maxQuantity: item.maxQuantity,
  minFen: item.minFen,
  maxFen: item.maxFen,
  schoolYear: item.schoolYear,
  formFields: item.formFields,
  signatureTiming,
});

export const billView = (bill: BillRow): Bill => ({
  id: bill.id,
  billNo: bill.billNo,
  kind: bill.kind,
  project: bill.project,
  projectEn: bill.projectEn,
  priceFen: bill.priceFen,
  quantity: bill.quantity,
  amountFen: bill.amountFen,
  method: bill.method,
  billDate: bill.billDate.toISOString(),
  status: bill.status,
  statusColor: BILL_STATUS_COLORS[bill.status as 0 | 1 | 2] ?? 'default',
  source: bill.source,
  orderId: bill.orderId,
  note: bill.note,
});
