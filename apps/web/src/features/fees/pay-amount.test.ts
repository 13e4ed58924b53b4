import { describe, expect, it } from 'vitest';
import { checkPayAmount, defaultAmountText } from './pay-amount';

describe('part-payment amount (spec §5)', () => {
  it('takes yuan with up to two decimals as fen', () => {
    expect(checkPayAmount('1000', 450_000)).toEqual({ ok: true, fen: 100_000 });
    expect(checkPayAmount('12.5', 450_000)).toEqual({ ok: true, fen: 1250 });
    expect(checkPayAmount(' 0.01 ', 450_000)).toEqual({ ok: true, fen: 1 });
  });

  it('may be all that is available, never more', () => {
    expect(checkPayAmount('4500', 450_000)).toEqual({ ok: true, fen: 450_000 });
    expect(checkPayAmount('4500.01', 450_000)).toEqual({ ok: false, problem: 'fee.amountTooLarge' });
    expect(checkPayAmount('1', 0)).toEqual({ ok: false, problem: 'fee.amountTooLarge' });
  });

  it('refuses what is not an amount, and nothing', () => {
    for (const text of ['', '0', '0.00', 'abc', '1.234', '-5', '1,000'])
      expect(checkPayAmount(text, 450_000), text).toEqual({ ok: false, problem: 'fee.amountInvalid' });
  });

  it('starts with all that is available', () => {
    expect(defaultAmountText(450_000)).toBe('4500.00');
    expect(checkPayAmount(defaultAmountText(12_345), 12_345)).toEqual({ ok: true, fen: 12_345 });
  });
});
