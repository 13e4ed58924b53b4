/**
 * Texts the server says too: they are written once, in the shared messages
 * (packages/shared/src/messages/*), and the dictionaries take them from there in their language.
 * The first screens take the form rules' messages (validate.*) and each area's `...AppMessages`; the
 * finance section takes its own list (finance-shared-texts.ts). Only those small objects reach the
 * sign-in page's bundle, not the rest of the server's messages.
 */
import { commonAppMessages } from '@cf/shared/messages/common';
import { userAppMessages } from '@cf/shared/messages/user';
import { validateMessages } from '@cf/shared/messages/validate';

type Language = 'zh' | 'en';
type Messages = Readonly<Record<string, Readonly<{ zh: string; en: string }>>>;

/** The texts of `keys` of a shared message file, in one language. */
export function textsOf<M extends Messages, K extends keyof M & string>(
  source: M,
  keys: readonly K[],
  language: Language,
): Record<K, string> {
  return Object.fromEntries(keys.map((key) => [key, source[key]![language]])) as Record<K, string>;
}

/** Every text of a shared message file, in one language. */
export const allTextsOf = <M extends Messages>(
  source: M,
  language: Language,
): Record<keyof M & string, string> => textsOf(source, Object.keys(source) as (keyof M & string)[], language);

/** The shared texts of the first screens (zh.ts, en.ts). */
export const firstScreenSharedTexts = (language: Language) => ({
  ...allTextsOf(commonAppMessages, language),
  ...allTextsOf(userAppMessages, language),
  ...allTextsOf(validateMessages, language),
});
