/**
 * Codes people see (a channel, a state, a module, an audit action) become words here, one table per
 * kind, each in both languages. A code a table does not know (a method a payer typed, an old module)
 * is shown as it was written.
 */
import type { Language } from '../messages';

export interface Label {
  zh: string;
  en: string;
}

export type LabelTable<C extends string> = Readonly<Record<C, Label>>;

/** The words of `code` in `lang`; the code itself when the table does not know it; '' for none. */
export function labelOf(
  table: Readonly<Record<string, Label>>,
  code: string | number | null | undefined,
  lang: Language,
): string {
  if (code === null || code === undefined || code === '') return '';
  const key = String(code);
  return Object.hasOwn(table, key) ? table[key]![lang] : key;
}

/** A table's codes with their words, for a select's options: `{ value: code, label }`. */
export const labelOptions = <C extends string>(table: LabelTable<C>, lang: Language) =>
  (Object.keys(table) as C[]).map((value) => ({ value, label: table[value][lang] }));

/** A table as dictionary entries `${prefix}${code}` -> words, for an app dictionary keyed by text keys. */
export function labelEntries<P extends string, C extends string>(
  prefix: P,
  table: LabelTable<C>,
  lang: Language,
): Record<`${P}${C}`, string> {
  return Object.fromEntries(
    (Object.keys(table) as C[]).map((code) => [`${prefix}${code}`, table[code][lang]]),
  ) as Record<`${P}${C}`, string>;
}
