/**
 * Checks a catalogue item's order form before it is sent: the fields marked * (spec §5: 'Please
 * check if all form fields with * are completed'), each field's format, the quantity of a manual
 * item and the amount of a top-up within its limits. The server checks all of it again.
 */
import { formatYuan, parseYuan } from '@cf/shared/money';
import { checkFormFields } from '@cf/shared/form-fields';
import type { TextKey, TextParams } from '@/lib/i18n/i18n';
import type { FeeItem, FormField } from './api/fee-types';

export interface ItemOrderInput {
  quantity: number;
  /** The top-up amount as typed, in yuan. */
  amountText: string;
  /** Form field values by key. */
  values: Readonly<Record<string, string>>;
}

export type ItemOrderCheck =
  | { ok: true; totalFen: number; quantity?: number; amountFen?: number; formData: Record<string, string> }
  | { ok: false; problem: TextKey; params?: TextParams };

export const isTopup = (item: FeeItem): boolean => item.kind === 'topup';

/** `labelOf` names a field in the language on screen (for the message of a malformed value). */
export function checkItemOrder(
  item: FeeItem,
  input: ItemOrderInput,
  labelOf: (field: FormField) => string,
): ItemOrderCheck {
  const fields = checkFormFields(item.formFields, input.values);
  if (!fields.ok)
    return fields.problem === 'required'
      ? { ok: false, problem: 'fee.formFieldsRequired' }
      : { ok: false, problem: 'fee.fieldInvalid', params: { field: labelOf(fields.field) } };
  const formData = fields.data;

  if (isTopup(item)) {
    const fen = parseYuan(input.amountText);
    if (fen === null || fen < 1) return { ok: false, problem: 'fee.amountInvalid' };
    const tooLow = fen < item.minFen;
    const tooHigh = item.maxFen > 0 && fen > item.maxFen;
    if (tooLow || tooHigh)
      return {
        ok: false,
        problem: 'fee.topupOutOfRange',
        params: { min: formatYuan(item.minFen, false), max: formatYuan(item.maxFen, false) },
      };
    return { ok: true, totalFen: fen, amountFen: fen, formData };
  }

  const maxQuantity = Math.max(1, item.maxQuantity);
  const quantity = Math.trunc(input.quantity);
  if (quantity < 1 || quantity > maxQuantity)
    return { ok: false, problem: 'fee.quantityInvalid', params: { max: maxQuantity } };
  return { ok: true, totalFen: item.priceFen * quantity, quantity, formData };
}
