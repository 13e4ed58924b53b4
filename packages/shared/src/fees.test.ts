import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { summarize, sumSummaries, type ReceivableFacts } from './fees';
import { formatYuan, parseYuan, yuanDigits } from './money';

const facts = fc
  .record({
    payableFen: fc.integer({ min: 0, max: 10_000_000 }),
    reductionPart: fc.double({ min: 0, max: 1, noNaN: true }),
    deferredPart: fc.double({ min: 0, max: 1, noNaN: true }),
    deductionPart: fc.double({ min: 0, max: 1, noNaN: true }),
    receivedPart: fc.double({ min: 0, max: 1, noNaN: true }),
    refundPart: fc.double({ min: 0, max: 1, noNaN: true }),
  })
  .map((r): ReceivableFacts => {
    // Facts as the server keeps them: nothing is received beyond what is owed, refunds never exceed receipts.
    const reductionFen = Math.floor(r.payableFen * r.reductionPart);
    const afterReduction = r.payableFen - reductionFen;
    const deferredFen = Math.floor(afterReduction * r.deferredPart);
    const deferredDeductionFen = Math.floor(deferredFen * r.deductionPart);
    const receivedFen = Math.floor((afterReduction - deferredDeductionFen) * r.receivedPart);
    const refundFen = Math.floor(receivedFen * r.refundPart);
    return {
      payableFen: r.payableFen,
      reductionFen,
      deferredFen,
      deferredDeductionFen,
      receivedFen,
      refundFen,
    };
  });

describe('fee summary', () => {
  it('accounts for every fen of what was charged', () => {
    fc.assert(
      fc.property(facts, (f) => {
        const s = summarize(f);
        expect(s.reduction + s.deferredDeduction + (s.received - s.refund) + s.receivable).toBe(s.payable);
      }),
    );
  });

  it('owes now what is owed less what is still deferred, never below zero', () => {
    fc.assert(
      fc.property(facts, (f) => {
        const s = summarize(f);
        const postponed = Math.max(0, s.deferred - s.deferredDeduction);
        expect(s.pending).toBe(Math.max(0, s.receivable - postponed));
        expect(s.pending).toBeGreaterThanOrEqual(0);
        expect(s.pending).toBeLessThanOrEqual(s.receivable);
      }),
    );
  });

  it('sums per field', () => {
    fc.assert(
      fc.property(fc.array(facts, { maxLength: 8 }), (list) => {
        const total = sumSummaries(list);
        expect(total.receivable).toBe(list.reduce((n, f) => n + summarize(f).receivable, 0));
        expect(total.payable).toBe(list.reduce((n, f) => n + f.payableFen, 0));
      }),
    );
  });

  it('handles a worked example', () => {
    const s = summarize({
      payableFen: 500000,
      reductionFen: 50000,
      deferredFen: 100000,
      deferredDeductionFen: 30000,
      receivedFen: 200000,
      refundFen: 20000,
    });
    // 5000 - 500 - 300 - (2000 - 200) = 2400 owed; 700 of it still deferred, so 1700 due now.
    expect(s).toMatchObject({ receivable: 240000, pending: 170000 });
  });
});

describe('money', () => {
  it('formats fen as yuan, thousands separated', () => {
    expect(formatYuan(123456)).toBe('¥1,234.56');
    expect(formatYuan(1234500)).toBe('¥12,345.00');
    expect(formatYuan(123456789012)).toBe('¥1,234,567,890.12');
    expect(formatYuan(99999)).toBe('¥999.99');
    expect(formatYuan(5)).toBe('¥0.05');
    expect(formatYuan(-100, false)).toBe('-1.00');
    expect(formatYuan(-123456700, false)).toBe('-1,234,567.00');
  });

  it('writes plain digits for an amount field', () => {
    expect(yuanDigits(1234500)).toBe('12345.00');
    expect(yuanDigits(7)).toBe('0.07');
  });

  it('parses typed yuan into fen and refuses what is not an amount', () => {
    expect(parseYuan('12')).toBe(1200);
    expect(parseYuan('12.5')).toBe(1250);
    expect(parseYuan(' 0.07 ')).toBe(7);
    expect(parseYuan('1.234')).toBeNull();
    expect(parseYuan('-1')).toBeNull();
    expect(parseYuan('abc')).toBeNull();
  });

  it('round-trips every amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999 }), (fen) => {
        expect(parseYuan(yuanDigits(fen))).toBe(fen);
        expect(formatYuan(fen, false).replaceAll(',', '')).toBe(yuanDigits(fen));
      }),
    );
  });
});
