/** The extra form fields of a catalogue item: required ones (marked *) must be filled, each in its format. */
import type { Language } from '@cf/shared/messages';
import { isLoosePhone } from '@cf/shared/validation';
import type { FormField } from '../../db/schema-finance';
import { badRequest } from '../../http/errors';

const MAX_VALUE_LENGTH = 200;

function validValue(field: FormField, value: string): boolean {
  if (value.length > MAX_VALUE_LENGTH) return false;
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

/**
 * Answers the item's fields as entered (trimmed), and nothing the item does not ask for. Missing
 * required fields are reported first, with the spec's message; then a malformed value by its label.
 */
export function checkFormData(
  fields: FormField[],
  data: Record<string, unknown> | undefined,
  lang: Language,
): Record<string, string> {
  const values = new Map<FormField, string>();
  for (const field of fields) {
    const raw = data?.[field.key];
    values.set(field, typeof raw === 'string' || typeof raw === 'number' ? String(raw).trim() : '');
  }
  if (fields.some((f) => f.required && values.get(f) === '')) throw badRequest('fee.formFieldsRequired');
  const out: Record<string, string> = {};
  for (const [field, value] of values) {
    if (value === '') continue;
    if (!validValue(field, value)) {
      const label = lang === 'en' && field.labelEn ? field.labelEn : field.label;
      throw badRequest('common.fieldInvalid', { field: label });
    }
    out[field.key] = value;
  }
  return out;
}
