import { describe, expect, it } from 'vitest';
import { visibleEntries } from './home-entries';

describe('home entries', () => {
  it('show only the enabled modules, per portal', () => {
    const modules = ['fee', 'feeOther', 'order', 'notice'];
    expect(visibleEntries(modules, 'payment').map((e) => e.key)).toEqual([
      'studentPayment',
      'combinedPayment',
    ]);
    expect(visibleEntries(modules, 'query').map((e) => e.key)).toEqual(['history', 'orders', 'notices']);
    expect(visibleEntries([], 'payment')).toEqual([]);
  });

  it('show a guest (signed in, not bound) only what works without a binding', () => {
    const modules = ['fee', 'feeOther', 'recharge', 'enroll', 'order', 'notice', 'salary'];
    expect(visibleEntries(modules, 'payment', false).map((e) => e.key)).toEqual(['enroll']);
    expect(visibleEntries(modules, 'query', false).map((e) => e.key)).toEqual(['orders', 'notices']);
  });
});
