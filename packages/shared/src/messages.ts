import { fillParams } from './fill-params';
import { authMessages } from './messages/auth';
import { commonMessages } from './messages/common';
import { consoleMessages } from './messages/console';
import { financeMessages } from './messages/finance';
import { importMessages } from './messages/imports';
import { invoiceMessages } from './messages/invoice';
import { noticeMessages } from './messages/notice';
import { payMessages } from './messages/pay';
import { salaryMessages } from './messages/salary';
import { ratingMessages } from './messages/rating';
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
  ...importMessages,
  ...consoleMessages,
} as const satisfies Record<string, { zh: string; en: string }>;

export type MessageKey = keyof typeof messages;
export type Language = 'zh' | 'en';
export type MessageParams = Record<string, string | number>;

/** One message in the given language, its placeholders filled. */
export function translate(key: MessageKey, lang: Language, params?: MessageParams): string {
  return fillParams(messages[key][lang], params);
}

/** Picks zh or en from an Accept-Language style value; Chinese is the default. */
export function pickLanguage(value: string | undefined | null): Language {
  if (!value) return 'zh';
  const first = value.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'zh';
}
