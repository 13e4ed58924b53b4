/**
 * The extra form fields of a catalogue item (spec §5: 'Please check if all form fields with * are
 * completed'): required ones must be filled, filled ones must match their type. Used by the item
 * order form and by the server, which checks it all again.
 */
import { isLoosePhone } from './validation';

export interface FormField {
  key: string;
  label: string;
  labelEn: string;
  required: boolean;
  type: 'text' | 'number' | 'date' | 'phone';
}

export const MAX_FORM_VALUE_LENGTH = 200;

export function isValidFormValue(field: FormField, value: string): boolean {
  if (value.length > MAX_FORM_VALUE_LENGTH) return false;
  switch (field.type) {
    case 'phone':
      return isLoosePhone(value);
    case 'number':
      return /^-?\d+(\.\d+)?$/.test(value);
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));
    default:
      return true;
  }
}

export type FormFieldCheck =
  | { ok: true; data: Record<string, string> }
  | { ok: false; problem: 'required' }
  | { ok: false; problem: 'invalid'; field: FormField };

/**
 * Answers the item's fields as entered (trimmed, empty ones left out) and nothing the item does not
 * ask for. Missing required fields come first; then the first malformed value.
 */
export function checkFormFields(
  fields: FormField[],
  values: Record<string, unknown> | undefined,
): FormFieldCheck {
  const trimmed = new Map<FormField, string>();
  for (const field of fields) {
    const raw = values?.[field.key];
    trimmed.set(field, typeof raw === 'string' || typeof raw === 'number' ? String(raw).trim() : '');
  }
  if (fields.some((f) => f.required && trimmed.get(f) === '')) return { ok: false, problem: 'required' };
  const data: Record<string, string> = {};
  for (const [field, value] of trimmed) {
    if (value === '') continue;
    if (!isValidFormValue(field, value)) return { ok: false, problem: 'invalid', field };
    data[field.key] = value;
  }
  return { ok: true, data };
}
