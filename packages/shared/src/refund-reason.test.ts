import { describe, expect, it } from 'vitest';
import { checkRefundReason, utf8Length } from './refund-reason';

describe('refund reason', () => {
  it('counts UTF-8 bytes: 26 Chinese characters (78 bytes) pass, 27 (81 bytes) do not', () => {
    expect(utf8Length('退'.repeat(26))).toBe(78);
    expect(checkRefundReason('退'.repeat(26))).toEqual({ ok: true, reason: '退'.repeat(26) });
    expect(checkRefundReason('退'.repeat(27))).toEqual({
      ok: false,
      message: 'pay.refundReasonTooLong',
      params: { max: 80 },
    });
  });

  it('takes 80 ASCII bytes and is trimmed', () => {
    expect(checkRefundReason('a'.repeat(80)).ok).toBe(true);
    expect(checkRefundReason('a'.repeat(81)).ok).toBe(false);
    expect(checkRefundReason('  退学退费  ')).toEqual({ ok: true, reason: '退学退费' });
  });

  it('is required: empty or blank is refused', () => {
    for (const blank of [undefined, null, '', '   '])
      expect(checkRefundReason(blank)).toEqual({ ok: false, message: 'pay.refundReasonRequired' });
  });
});
