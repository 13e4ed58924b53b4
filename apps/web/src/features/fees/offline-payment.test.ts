import { describe, expect, it } from 'vitest';
import { checkOfflineForm } from './offline-payment';

const form = { amountText: '100', payMethod: 'cash', payDate: '2026-11-20', note: '' };
const today = '2026-11-22';

describe('other-means payment form (spec §5)', () => {
  it('needs the payment method and the payment date', () => {
    expect(checkOfflineForm(10, 50_000, { ...form, payMethod: '' }, today)).toEqual({
      ok: false,
      problem: 'fee.payMethodRequired',
    });
    expect(checkOfflineForm(10, 50_000, { ...form, payDate: '' }, today)).toEqual({
      ok: false,
      problem: 'fee.payDateRequired',
    });
  });

  it('refuses a date after today, and an amount above what is available', () => {
    expect(checkOfflineForm(10, 50_000, { ...form, payDate: '2026-11-23' }, today)).toEqual({
      ok: false,
      problem: 'fee.payDateInvalid',
    });
    expect(checkOfflineForm(10, 5000, form, today)).toEqual({ ok: false, problem: 'fee.amountTooLarge' });
    // Real calendar dates only (issue 9): the server refuses these too.
    for (const payDate of ['2026-02-30', '0', '2026-1-5'])
      expect(checkOfflineForm(10, 50_000, { ...form, payDate }, today)).toEqual({
        ok: false,
        problem: 'fee.payDateInvalid',
      });
  });

  it('makes the record the server takes, the note only when given', () => {
    expect(checkOfflineForm(10, 50_000, form, today)).toEqual({
      ok: true,
      payment: { receivableId: 10, amountFen: 10_000, payMethod: 'cash', payDate: '2026-11-20' },
    });
    expect(checkOfflineForm(10, 50_000, { ...form, payDate: today, note: ' 回单 ' }, today)).toMatchObject({
      ok: true,
      payment: { payDate: today, note: '回单' },
    });
  });
});
