/** Words of the money screens that depend on the language: payment methods, item names. */
import type { Language, TextKey } from '@/lib/i18n/i18n';

/** Payment methods a person may record for an other-means payment (the server keeps the code). */
export const OFFLINE_PAY_METHODS = ['bank_transfer', 'cash', 'pos', 'other'] as const;

const METHOD_TEXT: Record<string, TextKey> = {
  wechat: 'method.wechat',
  sandbox: 'method.sandbox',
  bank_transfer: 'method.bank_transfer',
  cash: 'method.cash',
  pos: 'method.pos',
  other: 'method.other',
};

/** A method code as words; a code we do not know is shown as the server wrote it. */
export function payMethodText(method: string | null | undefined, t: (key: TextKey) => string): string {
  if (!method) return '';
  const key = METHOD_TEXT[method];
  return key ? t(key) : method;
}

/** The English name when English is on screen and the school gave one, else the Chinese name. */
export const localName = (language: Language, zh: string, en: string | null | undefined): string =>
  language === 'en' && en ? en : zh;
