import { authMessages } from './messages/auth';
import { commonMessages } from './messages/common';
import { financeMessages } from './messages/finance';
import { payMessages } from './messages/pay';
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
} as const satisfies Record<string, { zh: string; en: string }>;

export type MessageKey = keyof typeof messages;
export type Language = 'zh' | 'en';
export type MessageParams = Record<string, string | number>;

/** Fills {name} placeholders of one message in the given language. */
export function translate(key: MessageKey, lang: Language, params?: MessageParams): string {
  const text: string = messages[key][lang];
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    params[name] === undefined ? whole : String(params[name]),
  );
}

/** Picks zh or en from an Accept-Language style value; Chinese is the default. */
export function pickLanguage(value: string | undefined | null): Language {
  if (!value) return 'zh';
  const first = value.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'zh';
}
