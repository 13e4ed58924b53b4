import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPayAmount, payAmountProblem } from './pay-amount';

describe('the pay-amount rule', () => {
  it('takes one fen up to all that is available', () => {
    expect(payAmountProblem(1, 450_000)).toBeNull();
    expect(payAmountProblem(450_000, 450_000)).toBeNull();
    expect(payAmountProblem(450_001, 450_000)).toBe('fee.amountTooLarge');
    expect(payAmountProblem(1, 0)).toBe('fee.amountTooLarge');
  });

  it('refuses zero, negative, fractional and unsafe amounts as invalid, before comparing', () => {
    for (const fen of [0, -1, 0.5, 12.34, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) {
      expect(isPayAmount(fen), String(fen)).toBe(false);
      expect(payAmountProblem(fen, 0), String(fen)).toBe('fee.amountInvalid');
    }
  });

  it('takes only the whole available amount where part payment is not allowed', () => {
    expect(payAmountProblem(450_000, 450_000, false)).toBeNull();
    expect(payAmountProblem(100, 450_000, false)).toBe('fee.partialNotAllowed');
    expect(payAmountProblem(100, 450_000, true)).toBeNull();
    // Too much stays too much, allowed or not.
    expect(payAmountProblem(450_001, 450_000, false)).toBe('fee.amountTooLarge');
  });

  it('for any amounts, accepts exactly the whole fen from 1 to the available amount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1_000_000, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.boolean(),
        (fen, availableFen, allowPartial) => {
          const problem = payAmountProblem(fen, availableFen, allowPartial);
          const payable = fen >= 1 && fen <= availableFen && (allowPartial || fen === availableFen);
          expect(problem === null).toBe(payable);
          // Whatever is accepted leaves nothing negative behind.
          if (problem === null) expect(availableFen - fen).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});
