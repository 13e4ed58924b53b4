/** The extra form fields of a catalogue item, checked with the rule the order form uses too. */
import { checkFormFields, type FormField } from '@cf/shared/form-fields';
import type { Language } from '@cf/shared/messages';
import { badRequest } from '@server/http/errors';

/** The item's fields as entered (trimmed); a 400 with the spec's message or the bad field's label. */
export function checkFormData(
  fields: FormField[],
  data: Record<string, unknown> | undefined,
  lang: Language,
): Record<string, string> {
  const check = checkFormFields(fields, data);
  if (check.ok) return check.data;
  if (check.problem === 'required') throw badRequest('fee.formFieldsRequired');
  const label = lang === 'en' && check.field.labelEn ? check.field.labelEn : check.field.label;
  throw badRequest('common.fieldInvalid', { field: label });
}
