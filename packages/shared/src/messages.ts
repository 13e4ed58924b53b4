import { fillParams } from './fill-params';
import { authMessages } from './messages/auth';
import { commonMessages } from './messages/common';
import { consoleMessages } from './messages/console';
import { financeMessages } from './messages/finance';
import { importMessages } from './messages/imports';
import { invoiceMessages } from './messages/invoice';
import { noticeMessages } from './messages/notice';
import { notifyMessages } from './messages/notify';
import { payMessages } from './messages/pay';
import { salaryMessages } from './messages/salary';
import { ratingMessages } from './messages/rating';
import { reminderMessages } from './messages/reminder';
import { signatureMessages } from './messages/signature';
import { profileMessages } from './messages/profile';
import { systemMessages } from './messages/system';
import { userMessages } from './messages/user';
import { validateMessages } from './messages/validate';

/**
 * Every message the server or the app shows a person, in both languages. Chinese is the source;
 * the English texts of spec §5 and §8 are kept word for word. Each area keeps its own file.
 */
export const messages = {
  ...commonMessages,
  ...validateMessages,
  ...authMessages,
  ...userMessages,
  ...systemMessages,
  ...financeMessages,
  ...payMessages,
  ...invoiceMessages,
  ...salaryMessages,
  ...signatureMessages,
  ...ratingMessages,
  ...profileMessages,
  ...noticeMessages,
  ...notifyMessages,
  ...reminderMessages,
  ...importMessages,
  ...consoleMessages,
} as const satisfies Record<string, { zh: string; en: string }>;

export type MessageKey = keyof typeof messages;
export type Language = 'zh' | 'en';
/** A placeholder filled with another message in the same language (the tenant's invoice term). */
export interface MessageRef {
  message: MessageKey;
}
export type MessageParams = Record<string, string | number | MessageRef>;
/** Params that can be stored as they are (an import's problems): no message references. */
export type PlainMessageParams = Record<string, string | number>;

/**
 * One message in the given language, its placeholders filled. A MessageRef param is that message's
 * words: {Term} as written (starting a sentence), {term} with its first letter lower-cased.
 */
export function translate(key: MessageKey, lang: Language, params?: MessageParams): string {
  if (!params) return messages[key][lang];
  const filled: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params)) {
    if (typeof value !== 'object') {
      filled[name] = value;
      continue;
    }
    const words = messages[value.message][lang];
    filled[name.charAt(0).toUpperCase() + name.slice(1)] = words;
    filled[name.charAt(0).toLowerCase() + name.slice(1)] = words.charAt(0).toLowerCase() + words.slice(1);
  }
  return fillParams(messages[key][lang], filled);
}

/** Picks zh or en from an Accept-Language style value; Chinese is the default. */
export function pickLanguage(value: string | undefined | null): Language {
  if (!value) return 'zh';
  const first = value.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'zh';
}
