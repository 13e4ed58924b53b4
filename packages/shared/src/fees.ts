/**
 * The fee summary of spec §3, computed from the stored facts of each receivable. Definitions
 * (all in fen, per receivable, then summed):
 *   payable            what the school charged (payable_fen)
 *   reduction          waived by the school (reduction_fen)
 *   deferred           approved to be paid later (deferred_fen)
 *   deferredDeduction  settled without payment from a deferral, e.g. by a student loan (deferred_deduction_fen)
 *   received           reviewed charge bills (received_fen)
 *   refund             reviewed refund bills: refunds and carry-overs (refund_fen)
 *   receivable         still owed: max(0, payable - reduction - deferredDeduction - (received - refund))
 *   pending            owed now: max(0, receivable - max(0, deferred - deferredDeduction))
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

export function sumSummaries(items: ReceivableFacts[]): FeeSummary {
  const total: FeeSummary = {
    payable: 0,
    reduction: 0,
    deferred: 0,
    deferredDeduction: 0,
    received: 0,
    refund: 0,
    receivable: 0,
    pending: 0,
  };
  for (const item of items) {
    const s = summarize(item);
    for (const key of Object.keys(total) as (keyof FeeSummary)[]) total[key] += s[key];
  }
  return total;
}

export const PAY_STATUSES = ['NOT_PAY', 'PAYING', 'PAID', 'REFUND', 'CLOSED'] as const;
export type PayStatus = (typeof PAY_STATUSES)[number];

/** Spec §9 colours. antd-mobile has no "info" tag colour: the web maps it to a grey-blue. */
export const PAY_STATUS_COLORS: Record<PayStatus, 'primary' | 'success' | 'info' | 'warning' | 'danger'> = {
  NOT_PAY: 'primary',
  PAID: 'success',
  PAYING: 'info',
  REFUND: 'warning',
  CLOSED: 'danger',
};

/** The pay channels this code can run (a tenant switches on some of them); zod-free for the apps. */
export const PAY_CHANNEL_NAMES = ['wechat', 'sandbox'] as const;
export type PayChannelName = (typeof PAY_CHANNEL_NAMES)[number];

/**
 * The methods the phone's other-means form offers (the server keeps the code; a method sent another
 * way is kept as written and shown so).
 */
export const OFFLINE_PAY_METHODS = ['bank_transfer', 'cash', 'pos', 'other'] as const;
export type OfflinePayMethod = (typeof OFFLINE_PAY_METHODS)[number];

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
