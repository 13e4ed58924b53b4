/** Shapes of the fee replies (amounts in fen), shared by this feature's endpoints. */
import type { FeeSummary } from '@cf/shared/fees';
import type { FormField } from '@cf/shared/form-fields';

export interface Receivable {
  receivableId: number;
  category: string;
  schoolYear: string;
  itemCode: string;
  itemName: string;
  itemNameEn: string;
  allowPartial: boolean;
  dueDate: string | null;
  summary: FeeSummary;
  /** In this receivable's unpaid or paying orders. */
  openOrderFen: number;
  /** Those orders, each with its state and the part it holds. */
  openOrders: { orderId: number; orderNo: string; payStatus: 'NOT_PAY' | 'PAYING'; amountFen: number }[];
  /** Recorded as paid elsewhere, waiting for the finance office. */
  pendingReviewFen: number;
  /** What may still be paid now: receivable minus the two above. */
  availableFen: number;
}

export type { FormField };

/** A catalogue item: manual (price × quantity), top-up (an amount within limits) or enrolment. */
export interface FeeItem {
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

export interface CreatedOrder {
  orderId: number;
  orderNo: string;
  totalFen: number;
  expireAt: string;
}
