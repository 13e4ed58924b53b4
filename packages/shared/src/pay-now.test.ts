/**
 * What can be paid now (fees.ts payNowOf), the one figure of home's card, the fee list's headline and
 * 全选: its parts add up to what is owed, and it follows every event a receivable meets — generated
 * receivables, deferrals, loan settlements, reductions, part payments into orders that are paid or
 * fail, other-means payments under review, and refunds of both kinds.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addPayNow,
  adjustableOf,
  payNowOf,
  summarize,
  type Held,
  type PayNow,
  type ReceivableFacts,
} from './fees';

/** A receivable and what is on its way, as the server keeps them (in memory). */
interface Model {
  facts: Required<ReceivableFacts>;
  allowPartial: boolean;
  /** Open orders' parts (unpaid or paying). */
  orders: number[];
  /** Paid orders' parts, less what was refunded of each. */
  paid: number[];
  /** Other-means payments under review. */
  review: number[];
}

const held = (m: Model): Held => ({
  openOrderFen: m.orders.reduce((a, b) => a + b, 0),
  pendingReviewFen: m.review.reduce((a, b) => a + b, 0),
});
const payNow = (m: Model): PayNow => payNowOf(summarize(m.facts), held(m));
const reversed = (m: Model): number =>
  m.facts.payableFen - m.facts.reductionFen - m.facts.deferredDeductionFen;

type Event =
  | { t: 'order'; part: number }
  | { t: 'payOrder' }
  | { t: 'failOrder' }
  | { t: 'record'; part: number }
  | { t: 'approve' }
  | { t: 'reject' }
  | { t: 'refund'; part: number; reducing: boolean }
  | { t: 'defer'; part: number }
  | { t: 'settleDeferral'; part: number }
  | { t: 'reduce'; part: number };

const part = fc.double({ min: 0.01, max: 1, noNaN: true });
const event: fc.Arbitrary<Event> = fc.oneof(
  fc.record({ t: fc.constant('order' as const), part }),
  fc.constant({ t: 'payOrder' as const }),
  fc.constant({ t: 'failOrder' as const }),
  fc.record({ t: fc.constant('record' as const), part }),
  fc.constant({ t: 'approve' as const }),
  fc.constant({ t: 'reject' as const }),
  fc.record({ t: fc.constant('refund' as const), part, reducing: fc.boolean() }),
  fc.record({ t: fc.constant('defer' as const), part }),
  fc.record({ t: fc.constant('settleDeferral' as const), part }),
  fc.record({ t: fc.constant('reduce' as const), part }),
);

const model: fc.Arbitrary<Model> = fc
  .record({
    payableFen: fc.integer({ min: 1, max: 5_000_000 }),
    reduction: fc.double({ min: 0, max: 1, noNaN: true }),
    deferred: fc.double({ min: 0, max: 1, noNaN: true }),
    deduction: fc.double({ min: 0, max: 1, noNaN: true }),
    allowPartial: fc.boolean(),
  })
  .map((r) => {
    const reductionFen = Math.floor(r.payableFen * r.reduction);
    const deferredFen = Math.floor((r.payableFen - reductionFen) * r.deferred);
    return {
      facts: {
        payableFen: r.payableFen,
        reductionFen,
        deferredFen,
        deferredDeductionFen: Math.floor(deferredFen * r.deduction),
        receivedFen: 0,
        refundFen: 0,
      },
      allowPartial: r.allowPartial,
      orders: [],
      paid: [],
      review: [],
    };
  });

const amountOf = (m: Model, available: number, p: number) =>
  m.allowPartial ? Math.max(1, Math.floor(available * p)) : available;

/** Applies an event as the server does, within the limits the server sets (answers false when refused). */
function apply(m: Model, e: Event): boolean {
  const now = payNow(m);
  const s = summarize(m.facts);
  const f = m.facts;
  switch (e.t) {
    case 'order':
    case 'record': {
      // An order line or an other-means record takes at most what can be paid now (create-service.ts).
      if (now.payNowFen === 0) return false;
      const fen = amountOf(m, now.payNowFen, e.part);
      (e.t === 'order' ? m.orders : m.review).push(fen);
      return true;
    }
    case 'payOrder':
    case 'approve': {
      const fen = (e.t === 'payOrder' ? m.orders : m.review).shift();
      if (fen === undefined) return false;
      f.receivedFen += fen;
      if (e.t === 'payOrder') m.paid.push(fen);
      return true;
    }
    case 'failOrder':
      return m.orders.shift() !== undefined;
    case 'reject':
      return m.review.shift() !== undefined;
    case 'refund': {
      const i = m.paid.findIndex((fen) => fen > 0);
      if (i < 0) return false;
      const fen = Math.max(1, Math.floor(m.paid[i]! * e.part));
      m.paid[i]! -= fen;
      f.refundFen += fen;
      // 退费并核减应收 reduces the receivable by what it returned (pay-status.ts recordRefund).
      if (e.reducing) f.reductionFen += fen;
      return true;
    }
    case 'defer': {
      // What may be deferred is what could be paid now (receivable-admin-service.ts deferrableFen).
      if (now.payNowFen === 0) return false;
      f.deferredFen += Math.max(1, Math.floor(now.payNowFen * e.part));
      return true;
    }
    case 'settleDeferral': {
      // A loan settles part of what is deferred and still owed: not what a payment on its way (an order,
      // a bill under review) already counts on, or that payment would take more than is owed.
      const onItsWay = held(m).openOrderFen + held(m).pendingReviewFen;
      const open = Math.min(
        f.deferredFen - f.deferredDeductionFen,
        s.receivable - s.pending,
        s.receivable - onItsWay,
      );
      if (open <= 0) return false;
      f.deferredDeductionFen += Math.max(1, Math.floor(open * e.part));
      return true;
    }
    case 'reduce': {
      // Never below what is paid or on its way, nor into the deferred part while payments are on their
      // way (fees.ts adjustableOf; receivable-adjust.ts repeats it).
      const room = adjustableOf(s, held(m));
      if (room <= 0) return false;
      f.reductionFen += Math.max(1, Math.floor(room * e.part));
      return true;
    }
  }
}

describe('what can be paid now', () => {
  it('splits what is owed into four parts that add up, none below zero', () => {
    fc.assert(
      fc.property(model, fc.array(event, { maxLength: 40 }), (generated, events) => {
        // A copy: fast-check shrinks from the generated value, which apply() would have changed.
        const m = structuredClone(generated);
        for (const e of events) {
          apply(m, e);
          const s = summarize(m.facts);
          const p = payNow(m);
          expect(p.payNowFen + p.inOrdersFen + p.inReviewFen + p.deferredOwedFen).toBe(s.receivable);
          expect(p.payNowFen + p.inOrdersFen + p.inReviewFen).toBe(s.pending);
          for (const value of Object.values(p)) expect(value).toBeGreaterThanOrEqual(0);
          // Every payment on its way is shown as such: none is hidden in another part.
          expect(p.inOrdersFen).toBe(held(m).openOrderFen);
          expect(p.inReviewFen).toBe(held(m).pendingReviewFen);
          // Nothing is ever taken beyond what is owed: the server's limits keep every fen accounted for.
          expect(m.facts.receivedFen - m.facts.refundFen).toBeLessThanOrEqual(reversed(m));
          expect(reversed(m) - (m.facts.receivedFen - m.facts.refundFen)).toBe(s.receivable);
        }
      }),
    );
  });

  it('follows each event: 全选 then paying clears it; a failed order gives it back; a refund of money still owed adds to it', () => {
    fc.assert(
      fc.property(model, fc.array(event, { maxLength: 30 }), (generated, events) => {
        // A copy: fast-check shrinks from the generated value, which apply() would have changed.
        const m = structuredClone(generated);
        for (const e of events) {
          const before = payNow(m);
          const receivableBefore = summarize(m.facts).receivable;
          const openBefore = [...m.orders];
          if (!apply(m, e)) continue;
          const after = payNow(m);
          switch (e.t) {
            case 'order':
            case 'record':
              expect(after.payNowFen).toBeLessThan(before.payNowFen);
              break;
            case 'payOrder':
              // Paying what an order holds changes what is owed, not what can be paid now.
              expect(summarize(m.facts).receivable).toBe(receivableBefore - openBefore[0]!);
              expect(after.payNowFen).toBe(before.payNowFen);
              break;
            case 'failOrder':
              // A failed or closed payment: what it held can be paid again at once, all of it (no event
              // leaves payments on their way holding more than is due now).
              expect(after.payNowFen).toBe(before.payNowFen + openBefore[0]!);
              expect(after.inOrdersFen).toBe(before.inOrdersFen - openBefore[0]!);
              break;
            case 'refund':
              if (e.reducing) expect(summarize(m.facts).receivable).toBe(receivableBefore);
              else expect(summarize(m.facts).receivable).toBeGreaterThan(receivableBefore);
              break;
            case 'defer':
              expect(after.payNowFen).toBeLessThan(before.payNowFen);
              expect(after.deferredOwedFen).toBeGreaterThan(before.deferredOwedFen);
              break;
            default:
          }
        }
        // 全选: an order of every fen that can be paid now, paid: nothing is left to pay now.
        const all = payNow(m).payNowFen;
        if (all > 0 && m.allowPartial) {
          m.orders.push(all);
          expect(payNow(m).payNowFen).toBe(0);
          apply(m, { t: 'payOrder' });
        }
      }),
    );
  });

  it('adds up over receivables: the headline is the sum of what each item can take', () => {
    fc.assert(
      fc.property(fc.array(model, { maxLength: 6 }), (list) => {
        const parts = list.map(payNow);
        const total = addPayNow(parts);
        expect(total.payNowFen).toBe(parts.reduce((a, p) => a + p.payNowFen, 0));
        expect(total.payNowFen + total.inOrdersFen + total.inReviewFen + total.deferredOwedFen).toBe(
          list.reduce((a, m) => a + summarize(m.facts).receivable, 0),
        );
      }),
    );
  });

  it('works the demo student’s tuition: 5,000 charged, 2,000 deferred, 500 settled by a loan', () => {
    const s = summarize({
      payableFen: 500_000,
      reductionFen: 0,
      deferredFen: 200_000,
      deferredDeductionFen: 50_000,
      receivedFen: 0,
      refundFen: 0,
    });
    expect(s).toMatchObject({ receivable: 450_000, pending: 300_000 });
    expect(payNowOf(s, { openOrderFen: 0, pendingReviewFen: 0 })).toEqual({
      payNowFen: 300_000,
      inOrdersFen: 0,
      inReviewFen: 0,
      deferredOwedFen: 150_000,
    });
    // 1,000 in an unpaid order and 500 recorded at the bank: 1,500 left to pay now.
    expect(payNowOf(s, { openOrderFen: 100_000, pendingReviewFen: 50_000 })).toMatchObject({
      payNowFen: 150_000,
      inOrdersFen: 100_000,
      inReviewFen: 50_000,
    });
  });

  it('tells the two refunds apart: 仅退款 owes the money again, 退费并核减应收 does not', () => {
    const paidDorm = { payableFen: 120_000, reductionFen: 0, deferredFen: 0, deferredDeductionFen: 0 };
    const keptOwed = summarize({ ...paidDorm, receivedFen: 120_000, refundFen: 20_000 });
    expect(keptOwed.receivable).toBe(20_000);
    // The server records a reducing refund as a reduction too (pay-status.ts recordRefund).
    const reduced = summarize({ ...paidDorm, reductionFen: 20_000, receivedFen: 120_000, refundFen: 20_000 });
    expect(reduced).toMatchObject({ receivable: 0, pending: 0, refund: 20_000 });
  });
});
