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
});
