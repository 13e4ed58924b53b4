import { describe, expect, it } from 'vitest';
import { HOME_ENTRIES, visibleEntries } from './home-entries';
import { hasScreen } from '@/lib/routes';

const ALL_MODULES = HOME_ENTRIES.map((e) => e.module);
const keys = (modules: readonly string[], portal: 'payment' | 'query', userType = 'student') =>
  visibleEntries(modules, portal, userType).map((e) => e.key);

describe('home entries', () => {
  it('show only the enabled modules, per portal', () => {
    const modules = ['fee', 'feeOther', 'order', 'notice'];
    expect(keys(modules, 'payment')).toEqual(['studentPayment', 'combinedPayment']);
    expect(keys(modules, 'query')).toEqual(['history', 'orders', 'notices']);
    expect(visibleEntries([], 'payment')).toEqual([]);
  });

  it('show a guest (signed in, not bound) only what works without a binding', () => {
    const modules = ['fee', 'feeOther', 'recharge', 'enroll', 'order', 'notice', 'salary'];
    expect(visibleEntries(modules, 'payment', '', false).map((e) => e.key)).toEqual(['enroll']);
    expect(visibleEntries(modules, 'query', '', false).map((e) => e.key)).toEqual(['orders', 'notices']);
  });

  it('show student payment and enrolment to no member of staff (issue 22, item 3)', () => {
    const modules = ['fee', 'feeOther', 'recharge', 'enroll', 'order', 'notice', 'salary'];
    expect(keys(modules, 'payment', 'employee')).toEqual(['combinedPayment', 'topUp']);
    expect(keys(modules, 'payment', 'student')).toEqual([
      'studentPayment',
      'combinedPayment',
      'topUp',
      'enroll',
    ]);
    expect(keys(modules, 'payment', 'other')).toEqual(['combinedPayment', 'topUp', 'enroll']);
    // Staff's payment history is of comprehensive fees, the only fees they pay.
    const history = (userType: string) =>
      visibleEntries(modules, 'query', userType).find((e) => e.key === 'history')?.to;
    expect(history('student')).toBe('/fee/history');
    expect(history('employee')).toBe('/fee/other/history');
    expect(history('other')).toBe('/fee/other/history');
  });

  it('show the top-up entry when the tenant enables it', () => {
    expect(keys(['fee', 'recharge'], 'payment')).toEqual(['studentPayment', 'topUp']);
    expect(keys(['fee'], 'payment')).not.toContain('topUp');
  });

  it('hide an entry whose screen is not built yet instead of leading to "coming soon"', () => {
    for (const userType of ['student', 'employee', 'other'])
      for (const portal of ['payment', 'query'] as const)
        for (const entry of visibleEntries(ALL_MODULES, portal, userType))
          expect(hasScreen(entry.to), entry.key).toBe(true);
  });

  it('show salary to staff once its screens are built (issue 13)', () => {
    expect(keys(ALL_MODULES, 'query', 'employee')).toContain('salary');
  });

  it('never show salary to a student, another person or an unbound account', () => {
    for (const userType of ['student', 'other', ''])
      expect(keys(ALL_MODULES, 'query', userType)).not.toContain('salary');
    const salary = HOME_ENTRIES.find((e) => e.key === 'salary')!;
    expect(salary.userTypes).toEqual(['employee']);
  });
});
