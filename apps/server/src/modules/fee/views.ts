/** How receivables, fee items and bills go on the wire: money in fen, times as ISO text. */
import { BILL_STATUS_COLORS, summarize, type FeeSummary } from '@cf/shared/fees';
import type { bills, feeItems, FormField } from '@server/db/schema-finance';
import type { Commitment, OpenOrder, ReceivableRow } from './receivable-repo';

export type FeeItemRow = typeof feeItems.$inferSelect;
export type BillRow = typeof bills.$inferSelect;

export interface ReceivableView {
  receivableId: number;
  category: string;
  schoolYear: string;
  itemCode: string;
  itemName: string;
  itemNameEn: string;
  allowPartial: boolean;
  dueDate: string | null;
  summary: FeeSummary;
  openOrderFen: number;
  /** The open orders behind openOrderFen, each with its state (unpaid or paying). */
  openOrders: OpenOrder[];
  pendingReviewFen: number;
  /** What may still be put into an order: owed, minus open orders and other-means payments under review. */
  availableFen: number;
}

export function receivableView(row: ReceivableRow, committed: Commitment): ReceivableView {
  const summary = summarize(row);
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
    availableFen: Math.max(0, summary.receivable - committed.openOrderFen - committed.pendingReviewFen),
  };
}

export interface FeeItemView {
  id: number;
  kind: string;
  name: string;
  nameEn: string;
  description: string;
  descriptionEn: string;
  priceFen: number;
  maxQuantity: number;
  minFen: number;
  maxFen: number;
  schoolYear: string;
  formFields: FormField[];
}

export const feeItemView = (item: FeeItemRow): FeeItemView => ({
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
});

export interface BillView {
  id: number;
  billNo: string;
  kind: string;
  project: string;
  projectEn: string;
  priceFen: number;
  quantity: number;
  amountFen: number;
  method: string;
  billDate: string;
  status: number;
  statusColor: string;
  source: string;
  orderId: number | null;
  note: string;
}

export const billView = (bill: BillRow): BillView => ({
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
