import type { FeeSummary } from '@cf/shared/fees';
import { describe, expect, it } from 'vitest';
import type { Receivable } from './api/fee-types';
import { orderLines, selectAll, selectionTotal, toggle } from './fee-selection';

const summary: FeeSummary = {
  payable: 0,
  reduction: 0,
  deferred: 0,
  deferredDeduction: 0,
  received: 0,
  refund: 0,
  receivable: 0,
  pending: 0,
};
const receivable = (id: number, availableFen: number, allowPartial: boolean): Receivable => ({
  receivableId: id,
  category: 'FEE',
  schoolYear: '2025-2026',
  itemCode: `I${id}`,
  itemName: `项目${id}`,
  itemNameEn: `Item ${id}`,
  allowPartial,
  dueDate: null,
  summary: { ...summary, receivable: availableFen },
  openOrderFen: 0,
  openOrders: [],
  pendingReviewFen: 0,
  availableFen,
  payNow: { payNowFen: availableFen, inOrdersFen: 0, inReviewFen: 0, deferredOwedFen: 0 },
});

const tuition = receivable(3, 450_000, true);
const dorm = receivable(4, 120_000, false);
const settled = receivable(1, 0, true);
const items = [tuition, dorm, settled];

describe('student fee choice', () => {
  it('picks an item with all that is available; a settled item cannot be picked', () => {
    let choice = toggle({}, tuition, true);
    expect(choice).toEqual({ 3: '4500.00' });
    choice = toggle(choice, settled, true);
    expect(choice).toEqual({ 3: '4500.00' });
    expect(toggle(choice, tuition, false)).toEqual({});
  });

  it('"all" picks every item that can be paid now', () => {
    expect(Object.keys(selectAll(items, true))).toEqual(['3', '4']);
    expect(selectAll(items, false)).toEqual({});
  });

  it('totals full items and the typed part amounts', () => {
    expect(selectionTotal(items, { 3: '1000', 4: '1200.00' })).toBe(100_000 + 120_000);
    // A half-typed amount counts as nothing; an amount above the available counts as the available.
    expect(selectionTotal(items, { 3: 'x' })).toBe(0);
    expect(selectionTotal(items, { 3: '99999' })).toBe(450_000);
  });

  it('sends amountFen only where part payment is allowed', () => {
    expect(orderLines(items, { 3: '1000', 4: '1200.00' })).toEqual({
      ok: true,
      lines: [{ receivableId: 3, amountFen: 100_000 }, { receivableId: 4 }],
    });
  });

  it('stops at an amount above the receivable, or nothing picked', () => {
    expect(orderLines(items, { 3: '4500.01' })).toEqual({ ok: false, problem: 'fee.amountTooLarge' });
    expect(orderLines(items, { 3: '' })).toEqual({ ok: false, problem: 'fee.amountInvalid' });
    expect(orderLines(items, {})).toEqual({ ok: false, problem: 'fee.itemsRequired' });
  });
});
