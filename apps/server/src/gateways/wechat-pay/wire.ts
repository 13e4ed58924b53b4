/**
 * The JSON shapes of WeChat Pay v3 as they travel (snake_case), checked with zod where we read them, and
 * their mapping to the channel-neutral types. The simulator writes the same shapes.
 */
import { z } from 'zod';
import type { RefundResult, TradeQueryResult, TradeState } from './types';

export const TRADE_STATES = [
  'SUCCESS',
  'NOTPAY',
  'CLOSED',
  'USERPAYING',
  'PAYERROR',
  'REFUND',
  'REVOKED',
] as const satisfies readonly TradeState[];
/** The states WeChat itself reports (NOTFOUND is ours, for an order it does not know). */
export type WireTradeState = (typeof TRADE_STATES)[number];

const fen = z.number().int().nonnegative();

/** A transaction as the order query returns it and as a TRANSACTION.* notify carries it, decrypted. */
export const wireTransaction = z.object({
  appid: z.string(),
  mchid: z.string(),
  out_trade_no: z.string(),
  transaction_id: z.string().optional(),
  trade_type: z.string().optional(),
  trade_state: z.enum(TRADE_STATES),
  trade_state_desc: z.string().optional(),
  success_time: z.string().optional(),
  payer: z.object({ openid: z.string().optional() }).optional(),
  amount: z
    .object({
      total: fen.optional(),
      payer_total: fen.optional(),
      currency: z.string().optional(),
      payer_currency: z.string().optional(),
    })
    .optional(),
});
export type WireTransaction = z.infer<typeof wireTransaction>;

export const wireNotify = z.object({
  id: z.string(),
  create_time: z.string(),
  event_type: z.string(),
  resource_type: z.string(),
  summary: z.string().optional(),
  resource: z.object({
    algorithm: z.string(),
    ciphertext: z.string(),
    associated_data: z.string().optional(),
    nonce: z.string(),
    original_type: z.string(),
  }),
});

export const wirePrepay = z.object({ prepay_id: z.string().min(1) });
/** H5: the page the payer's phone browser opens (WeChat's checkmweb), valid for five minutes. */
export const wireH5Prepay = z.object({ h5_url: z.string().url() });
/** Native: the weixin://wxpay/bizpayurl?pr=... the payer scans as a QR code. */
export const wireNativePrepay = z.object({ code_url: z.string().min(1) });

export const wireRefund = z.object({
  refund_id: z.string(),
  out_refund_no: z.string(),
  out_trade_no: z.string().optional(),
  transaction_id: z.string().optional(),
  status: z.enum(['SUCCESS', 'CLOSED', 'PROCESSING', 'ABNORMAL']),
  success_time: z.string().optional(),
  create_time: z.string().optional(),
  amount: z.object({ total: fen, refund: fen, currency: z.string().optional() }).optional(),
});
export type WireRefund = z.infer<typeof wireRefund>;

/** What a REFUND.* notify carries, decrypted (WeChat names the status refund_status here). */
export const wireRefundNotice = z.object({
  mchid: z.string(),
  out_trade_no: z.string(),
  transaction_id: z.string().optional(),
  out_refund_no: z.string(),
  refund_id: z.string(),
  refund_status: z.enum(['SUCCESS', 'CLOSED', 'ABNORMAL']),
  success_time: z.string().optional(),
  user_received_account: z.string().optional(),
  amount: z.object({ total: fen, refund: fen, payer_total: fen.optional(), payer_refund: fen.optional() }),
});
export type WireRefundNotice = z.infer<typeof wireRefundNotice>;

/** GET /v3/bill/tradebill: where to download the day's bill, and the SHA1 of its text. */
export const wireBill = z.object({
  hash_type: z.literal('SHA1'),
  hash_value: z.string().regex(/^[0-9a-fA-F]{40}$/),
  download_url: z.string().url(),
});

export const wireError = z.object({ code: z.string(), message: z.string().optional() });

/** JSON.parse that answers undefined for malformed text, so zod reports it as a wrong shape. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function toTradeQueryResult(tx: WireTransaction): TradeQueryResult {
  return {
    state: tx.trade_state,
    transactionId: tx.transaction_id || undefined,
    amountFen: tx.amount?.total,
    successTime: tx.success_time || undefined,
    payerOpenId: tx.payer?.openid || undefined,
  };
}

export const toRefundResult = (refund: WireRefund): RefundResult => ({
  refundId: refund.refund_id,
  status: refund.status,
});

/** RFC 3339 in Beijing time, the form WeChat uses for time_expire and success_time. */
export function beijingTime(date: Date): string {
  const shifted = new Date(date.getTime() + 8 * 3600_000);
  return `${shifted.toISOString().slice(0, 19)}+08:00`;
}
