/**
 * The other-means payment form (spec §5): payment method and payment date are required, the date
 * is not later than today, and the amount is at most what is still available.
 */
import { isCalendarDate } from '@cf/shared/validation';
import type { OfflinePayment } from './api/record-offline-payment';
import { checkPayAmount } from './pay-amount';

export interface OfflineForm {
  amountText: string;
  payMethod: string;
  payDate: string;
  note: string;
}

export type OfflineCheck =
  | { ok: true; payment: OfflinePayment }
  | {
      ok: false;
      problem:
        | 'fee.payMethodRequired'
        | 'fee.payDateRequired'
        | 'fee.payDateInvalid'
        | 'fee.amountInvalid'
        | 'fee.amountTooLarge';
    };

/** `today` is the device's date, 'YYYY-MM-DD' (the date input's own format compares as text). */
export function checkOfflineForm(
  receivableId: number,
  availableFen: number,
  form: OfflineForm,
  today: string,
): OfflineCheck {
  const amount = checkPayAmount(form.amountText, availableFen);
  if (!amount.ok) return amount;
  if (!form.payMethod.trim()) return { ok: false, problem: 'fee.payMethodRequired' };
  if (!form.payDate.trim()) return { ok: false, problem: 'fee.payDateRequired' };
  if (!isCalendarDate(form.payDate) || form.payDate > today)
    return { ok: false, problem: 'fee.payDateInvalid' };
  const note = form.note.trim();
  return {
    ok: true,
    payment: {
      receivableId,
      amountFen: amount.fen,
      payMethod: form.payMethod,
      payDate: form.payDate,
      ...(note ? { note } : {}),
    },
  };
}
