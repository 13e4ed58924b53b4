/**
 * The app's texts in the project's language, for stories that run in Chinese and in English: the web
 * app's dictionaries (apps/web/src/lib/i18n) and the messages the server says (packages/shared), looked
 * up by key as the app looks them up, so a story checks the words the phone shows in either language.
 */
import { fillParams } from '@cf/shared/fill-params';
import { messages, type MessageKey } from '@cf/shared/messages';
import { en } from '../apps/web/src/lib/i18n/en';
import { financeEn } from '../apps/web/src/lib/i18n/finance-en';
import { financeZh } from '../apps/web/src/lib/i18n/finance-zh';
import { invoiceEn } from '../apps/web/src/lib/i18n/invoice-en';
import { invoiceZh } from '../apps/web/src/lib/i18n/invoice-zh';
import { noticesEn } from '../apps/web/src/lib/i18n/notices-en';
import { noticesZh } from '../apps/web/src/lib/i18n/notices-zh';
import { profileEn } from '../apps/web/src/lib/i18n/profile-en';
import { profileZh } from '../apps/web/src/lib/i18n/profile-zh';
import { salaryEn } from '../apps/web/src/lib/i18n/salary-en';
import { salaryZh } from '../apps/web/src/lib/i18n/salary-zh';
import { signrateEn } from '../apps/web/src/lib/i18n/signrate-en';
import { signrateZh } from '../apps/web/src/lib/i18n/signrate-zh';
import { zh } from '../apps/web/src/lib/i18n/zh';

export type Lang = 'zh' | 'en';

const app = {
  zh: { ...zh, ...financeZh, ...invoiceZh, ...noticesZh, ...profileZh, ...salaryZh, ...signrateZh },
  en: { ...en, ...financeEn, ...invoiceEn, ...noticesEn, ...profileEn, ...salaryEn, ...signrateEn },
};

/** A key of the web app's dictionaries or of the server's messages. */
export type TextKey = keyof (typeof app)['zh'] | MessageKey;

/** The text of `key` in `lang`, its placeholders filled (`{seconds|second|seconds}` as the app fills them). */
export function textIn(lang: Lang, key: TextKey, params?: Record<string, string | number>): string {
  const dictionary = app[lang] as Record<string, string>;
  const text = dictionary[key] ?? (messages as Record<string, { zh: string; en: string }>)[key]?.[lang];
  if (text === undefined) throw new Error(`no text "${key}"`);
  return fillParams(text, params);
}

/**
 * The text of `key` in `lang` as a whole-text pattern: the given params filled, every other placeholder
 * (a time, a count) matching anything.
 */
export function patternIn(lang: Lang, key: TextKey, params?: Record<string, string | number>): RegExp {
  const text = textIn(lang, key, params);
  const parts = text
    .split(/\{\w+(?:\|[^|}]*\|[^}]*)?\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('.+')}$`);
}
