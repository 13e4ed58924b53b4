/**
 * The reason of a refund, shown to the payer by the channel: optional; WeChat Pay takes at most 80 bytes
 * of UTF-8 (26 Chinese characters fit, 27 do not), so the limit is counted in bytes, not characters.
 * Used by the console and the server.
 */
import type { MessageKey, MessageParams } from './messages';

export const REFUND_REASON_MAX_BYTES = 80;

export type RefundReasonCheck =
  { ok: true; reason: string } | { ok: false; message: MessageKey; params?: MessageParams };

export const utf8Length = (text: string): number => new TextEncoder().encode(text).length;

export function checkRefundReason(raw: string | undefined | null): RefundReasonCheck {
  const reason = (raw ?? '').trim();
  if (utf8Length(reason) > REFUND_REASON_MAX_BYTES)
    return { ok: false, message: 'pay.refundReasonTooLong', params: { max: REFUND_REASON_MAX_BYTES } };
  return { ok: true, reason };
}
