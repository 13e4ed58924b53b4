/**
 * The rules of a refund by the finance office, used by the console and the server:
 * - its reason is required and shown to the payer by the channel: WeChat Pay takes at most 80 bytes of
 *   UTF-8 (26 Chinese characters fit, 27 do not), so the limit is counted in bytes, not characters;
 * - its kind says what the refund means for the receivable it returns money of:
 *     reduceReceivable  退费并核减应收: the fee itself is reduced (the student left the dorm). The refunded
 *                       amount is added to the receivable's refund_fen AND to its reduction_fen, so what is
 *                       owed (payable - reduction - deferredDeduction - (received - refund)) stays as it was.
 *     refundOnly        仅退款: money goes back but the fee is still owed (a duplicate or mistaken payment):
 *                       only refund_fen grows, so what is owed grows by the refunded amount.
 */
import type { MessageKey, MessageParams } from './messages';

export const REFUND_REASON_MAX_BYTES = 80;

export const REFUND_KINDS = ['reduceReceivable', 'refundOnly'] as const;
export type RefundKind = (typeof REFUND_KINDS)[number];

export type RefundReasonCheck =
  { ok: true; reason: string } | { ok: false; message: MessageKey; params?: MessageParams };

export const utf8Length = (text: string): number => new TextEncoder().encode(text).length;

export function checkRefundReason(raw: string | undefined | null): RefundReasonCheck {
  const reason = (raw ?? '').trim();
  if (!reason) return { ok: false, message: 'pay.refundReasonRequired' };
  if (utf8Length(reason) > REFUND_REASON_MAX_BYTES)
    return { ok: false, message: 'pay.refundReasonTooLong', params: { max: REFUND_REASON_MAX_BYTES } };
  return { ok: true, reason };
}
