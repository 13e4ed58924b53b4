/**
 * What a payer owes, in one place: the fee summary of spec §3 and the figure every payer screen leads
 * with — what can be paid now (home's card, the fee list's headline and what 全选 picks, the fee
 * detail). The server computes each receivable with these functions (fee/views.ts) and sends the
 * results; the screens show them and never compute their own.
 *
 * Definitions (all in fen, per receivable, then summed):
 *   payable            what the school charged (payable_fen)                                    应缴
 *   reduction          waived by the school (reduction_fen)                                     减免
 *   deferred           approved to be paid later (deferred_fen)                                 缓缴
 *   deferredDeduction  settled without payment from a deferral, e.g. by a student loan          缓缴抵扣
 *   received           reviewed charge bills (received_fen)                                     已缴
 *   refund             reviewed refund bills: refunds and carry-overs (refund_fen)              退费/结转
 *   receivable         still owed: max(0, payable - reduction - deferredDeduction
 *                        - (received - refund))                                                 应收
 *   pending            owed now: max(0, receivable - max(0, deferred - deferredDeduction))      待缴
 * and, with what is already on its way (open orders, other-means payments under review):
 *   payNow             what can be paid now: pending - in open orders - under review, >= 0      当前可缴
 *
 * Refunds: a refund either returns money that is still owed (仅退款: a duplicate or mistaken payment;
 * the receivable grows back by it) or returns money and reduces what is owed (退费并核减应收: the
 * student left the dorm; the receivable stays). `refundFen` holds both kinds (the summary's
 * 退费/结转); a refund of the second kind also adds its amount to `reductionFen` (order/pay-status.ts
 * recordRefund), so this rule has one way to reduce what is owed.
 */
export interface ReceivableFacts {
  payableFen: number;
  reductionFen: number;
  deferredFen: number;
  deferredDeductionFen: number;
  receivedFen: number;
  refundFen: number;
}

export interface FeeSummary {
  payable: number;
  reduction: number;
  deferred: number;
  deferredDeduction: number;
  received: number;
  refund: number;
  receivable: number;
  pending: number;
}

export function summarize(item: ReceivableFacts): FeeSummary {
  const netReceived = item.receivedFen - item.refundFen;
  const receivable = Math.max(
    0,
    item.payableFen - item.reductionFen - item.deferredDeductionFen - netReceived,
  );
  const postponed = Math.max(0, item.deferredFen - item.deferredDeductionFen);
  return {
    payable: item.payableFen,
    reduction: item.reductionFen,
    deferred: item.deferredFen,
    deferredDeduction: item.deferredDeductionFen,
    received: item.receivedFen,
    refund: item.refundFen,
    receivable,
    pending: Math.max(0, receivable - postponed),
  };
}

const ZERO_SUMMARY: FeeSummary = {
  payable: 0,
  reduction: 0,
  deferred: 0,
  deferredDeduction: 0,
  received: 0,
  refund: 0,
  receivable: 0,
  pending: 0,
};

/** Field by field. */
export function addSummaries(list: readonly FeeSummary[]): FeeSummary {
  const total = { ...ZERO_SUMMARY };
  for (const s of list) for (const key of Object.keys(total) as (keyof FeeSummary)[]) total[key] += s[key];
  return total;
}

export function sumSummaries(items: readonly ReceivableFacts[]): FeeSummary {
  return addSummaries(items.map(summarize));
}

/** What is already on its way for a receivable (receivable-repo.ts commitments). */
export interface Held {
  /** In the receivable's unpaid or paying orders. */
  openOrderFen: number;
  /** Recorded as paid elsewhere, waiting for the finance office's review. */
  pendingReviewFen: number;
}

/**
 * Where what is still owed stands, in four parts that add up to the receivable:
 *   receivable = payNow + inOrders + inReview + deferredOwed
 */
export interface PayNow {
  /** The headline: what can be paid now, put into a new order (全选 picks exactly this). */
  payNowFen: number;
  /** Due now and already in unpaid or paying orders (paid by finishing those orders). */
  inOrdersFen: number;
  /** Due now and recorded as paid elsewhere, waiting for the finance office. */
  inReviewFen: number;
  /** Still owed but deferred: not due yet. */
  deferredOwedFen: number;
}

/** The parts of one receivable, from its summary and what is held against it. */
export function payNowOf(summary: FeeSummary, held: Held): PayNow {
  const inOrdersFen = Math.min(summary.pending, Math.max(0, held.openOrderFen));
  const inReviewFen = Math.min(summary.pending - inOrdersFen, Math.max(0, held.pendingReviewFen));
  return {
    payNowFen: summary.pending - inOrdersFen - inReviewFen,
    inOrdersFen,
    inReviewFen,
    deferredOwedFen: summary.receivable - summary.pending,
  };
}

/**
 * What a waiver or reduction may still take from one receivable (the console's `adjustableFen`; the
 * server's conditional UPDATE repeats it, fee/receivable-adjust.ts). Never what is paid or on its way.
 * With nothing on its way, everything still owed, the deferred part included. While payments are on
 * their way (open orders, bills under review), only what can be paid now: they were sized from what is
 * due now, and a reduction of the deferred part would leave them holding more than is due now — the
 * payer's screen would then show them as neither in orders nor under review.
 */
export function adjustableOf(summary: FeeSummary, held: Held): number {
  const onItsWay = held.openOrderFen + held.pendingReviewFen;
  if (onItsWay <= 0) return summary.receivable;
  return payNowOf(summary, held).payNowFen;
}

/**
 * Nothing can be waived or reduced now, but will be once the payments on their way finish: the rest of
 * what is owed is deferred (the console says so beside its disabled buttons; the server's refusal too).
 */
export function adjustWaitsForPayments(summary: FeeSummary, held: Held): boolean {
  const onItsWay = held.openOrderFen + held.pendingReviewFen;
  return adjustableOf(summary, held) === 0 && onItsWay > 0 && summary.receivable > onItsWay;
}

/** The parts of several receivables, added (home's card and the fee list's headline). */
export function addPayNow(list: readonly PayNow[]): PayNow {
  const total: PayNow = { payNowFen: 0, inOrdersFen: 0, inReviewFen: 0, deferredOwedFen: 0 };
  for (const p of list) {
    total.payNowFen += p.payNowFen;
    total.inOrdersFen += p.inOrdersFen;
    total.inReviewFen += p.inReviewFen;
    total.deferredOwedFen += p.deferredOwedFen;
  }
  return total;
}

export const PAY_STATUSES = ['NOT_PAY', 'PAYING', 'PAID', 'REFUND', 'CLOSED'] as const;
export type PayStatus = (typeof PAY_STATUSES)[number];

/**
 * An open order whose last payment attempt failed, was cancelled or was closed at its channel: it is
 * NOT_PAY again, payable at once, and says so ("上次支付未成功"; the wire's lastPayFailed).
 */
export const lastPayFailed = (order: { payStatus: PayStatus; payFailedAt: Date | string | null }): boolean =>
  order.payStatus === 'NOT_PAY' && order.payFailedAt !== null;

/** Spec §9 colours. antd-mobile has no "info" tag colour: the web maps it to a grey-blue. */
export const PAY_STATUS_COLORS: Record<PayStatus, 'primary' | 'success' | 'info' | 'warning' | 'danger'> = {
  NOT_PAY: 'primary',
  PAID: 'success',
  PAYING: 'info',
  REFUND: 'warning',
  CLOSED: 'danger',
};

/** The pay channels this code can run (a tenant switches on some of them); zod-free for the apps. */
export const PAY_CHANNEL_NAMES = ['wechat', 'alipay', 'sandbox'] as const;
export type PayChannelName = (typeof PAY_CHANNEL_NAMES)[number];

/**
 * The methods the phone's other-means form offers (the server keeps the code; a method sent another
 * way is kept as written and shown so).
 */
export const OFFLINE_PAY_METHODS = ['bank_transfer', 'cash', 'pos', 'other'] as const;
export type OfflinePayMethod = (typeof OFFLINE_PAY_METHODS)[number];
/** A payment recorded by other means (bank transfer, cash, POS): its day is known, not its time. */
export const isOtherMeansMethod = (method: string | null | undefined): method is OfflinePayMethod =>
  (OFFLINE_PAY_METHODS as readonly string[]).includes(method ?? '');

/** What an order is for: a student fee (receivables of spec §3) or a comprehensive one (catalogue, top-up, enrolment). */
export const ORDER_TYPES = ['FEE', 'OTHER'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

/** A bill records money in (CHARGE) or back out (REFUND). */
export const BILL_KINDS = ['CHARGE', 'REFUND'] as const;
export type BillKind = (typeof BILL_KINDS)[number];

/** Bill states: 0 void, 1 not reviewed (an other-means payment waiting), 2 reviewed (counts as received). */
export const BILL_STATUSES = [0, 1, 2] as const;
export type BillStatus = (typeof BILL_STATUSES)[number];

/** A refund at the channel: PROCESSING -> SUCCESS | FAILED (server modules/pay/refunds/refund-status.ts). */
export const REFUND_STATES = ['PROCESSING', 'SUCCESS', 'FAILED'] as const;
export type RefundState = (typeof REFUND_STATES)[number];

export const BILL_STATUS_COLORS: Record<BillStatus, 'danger' | 'warning' | 'success'> = {
  0: 'danger',
  1: 'warning',
  2: 'success',
};

/** Order list tabs of spec §2 and the statuses each shows. */
export const ORDER_TABS = {
  all: [...PAY_STATUSES],
  unpaid: ['NOT_PAY'],
  paid: ['PAID'],
  refunded: ['REFUND'],
  expired: ['CLOSED'],
  processing: ['PAYING'],
} as const satisfies Record<string, readonly PayStatus[]>;
export type OrderTab = keyof typeof ORDER_TABS;

/**
 * A receivable's one name wherever its money is written (an order's line, an other-means bill, the
 * dashboard's takings by item): the school year, then the item, "2025-2026 学费".
 */
export function receivableName(row: { schoolYear: string; itemName: string; itemNameEn: string }): {
  name: string;
  nameEn: string;
} {
  const year = row.schoolYear ? `${row.schoolYear} ` : '';
  return { name: `${year}${row.itemName}`, nameEn: `${year}${row.itemNameEn || row.itemName}` };
}
