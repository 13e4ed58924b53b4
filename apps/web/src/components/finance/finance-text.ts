/**
 * Words of the money screens that depend on the language: payment methods (the one table of
 * packages/shared/src/labels/pay.ts, in the dictionaries as method.<code>), item names.
 */
import { PAY_METHOD_LABELS } from '@cf/shared/labels/pay';
import type { Language, TextKey } from '@/lib/i18n/i18n';

/** Payment methods a person may record for an other-means payment (the server keeps the code). */
export { OFFLINE_PAY_METHODS } from '@cf/shared/fees';

/** A method code as words; a code we do not know is shown as the server wrote it. */
export function payMethodText(method: string | null | undefined, t: (key: TextKey) => string): string {
  if (!method) return '';
  return Object.hasOwn(PAY_METHOD_LABELS, method) ? t(`method.${method}` as TextKey) : method;
}

/** The English name when English is on screen and the school gave one, else the Chinese name. */
export const localName = (language: Language, zh: string, en: string | null | undefined): string =>
  language === 'en' && en ? en : zh;
