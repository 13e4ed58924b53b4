/**
 * Language and texts. Chinese is the default and the source; English (with antd-mobile's English
 * texts) loads when chosen. The choice lives in localStorage under `language` (spec §1). `t`
 * reads the current language; components use `useT` (use-t.ts) to re-render on change.
 * zh.ts holds the texts of the first screens; a section's texts (finance-zh.ts, ...) load with
 * the screens that use them (`loadTextSection`, given the section's loaders, e.g.
 * finance-texts.ts), so the sign-in page does not carry them.
 */
import { fillParams } from '@cf/shared/fill-params';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import type { FinanceTextKey } from './finance-zh';
import type { InvoiceTextKey } from './invoice-zh';
import type { NoticesTextKey } from './notices-zh';
import type { ProfileTextKey } from './profile-zh';
import type { SalaryTextKey } from './salary-zh';
import type { SignrateTextKey } from './signrate-zh';
import { zh, type TextKey as FirstScreenTextKey } from './zh';

export type TextKey =
  | FirstScreenTextKey
  | FinanceTextKey
  | InvoiceTextKey
  | NoticesTextKey
  | ProfileTextKey
  | SalaryTextKey
  | SignrateTextKey;
export type Language = 'zh' | 'en';
export type TextParams = Record<string, string | number>;
export type AntdLocale = typeof zhCN;

export const LANGUAGE_STORAGE_KEY = 'language';

export type SectionTexts = Partial<Record<TextKey, string>>;
/** How a section's texts load, per language (one chunk each); the screens using it pass these. */
export type SectionLoaders = Record<Language, () => Promise<SectionTexts>>;

interface LanguagePack {
  texts: SectionTexts;
  antd: AntdLocale;
  sections: Set<string>;
}

const packs: Partial<Record<Language, LanguagePack>> = {
  zh: { texts: { ...zh }, antd: zhCN, sections: new Set() },
};
/** Sections some screen has asked for: a language loaded later brings them too. */
const wantedSections = new Map<string, SectionLoaders>();

async function loadSections(language: Language, pack: LanguagePack): Promise<void> {
  const missing = [...wantedSections].filter(([name]) => !pack.sections.has(name));
  await Promise.all(
    missing.map(async ([name, loaders]) => {
      Object.assign(pack.texts, await loaders[language]());
      pack.sections.add(name);
    }),
  );
}

function readLanguage(): Language {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY) === 'en' ? 'en' : 'zh';
  } catch {
    return 'zh';
  }
}

// Until its pack has loaded a language shows Chinese; boot loads the stored one first.
let chosen: Language = readLanguage();
let version = 0;
const listeners = new Set<() => void>();

/** The language on screen (the chosen one once its texts are loaded). */
export const getLanguage = (): Language => (packs[chosen] ? chosen : 'zh');
/** Changes with every switch (for useSyncExternalStore). */
export const languageVersion = (): number => version;

export async function loadLanguage(language: Language): Promise<void> {
  if (!packs[language]) {
    const [{ en }, enUS] = await Promise.all([import('./en'), import('antd-mobile/es/locales/en-US')]);
    packs.en ??= { texts: { ...en }, antd: enUS.default, sections: new Set() };
  }
  await loadSections(language, packs[language]!);
}

/** Loads a section's texts for the chosen language (a screen's chunk waits for this). */
export async function loadTextSection(name: string, loaders: SectionLoaders): Promise<void> {
  if (!wantedSections.has(name)) wantedSections.set(name, loaders);
  await loadLanguage(chosen);
}

/** Loads the stored choice (boot awaits this before the first render). */
export const loadChosenLanguage = (): Promise<void> => loadLanguage(chosen);

export async function setLanguage(language: Language): Promise<void> {
  window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  chosen = language;
  await loadLanguage(language);
  if (chosen !== language) return;
  version++;
  listeners.forEach((listener) => listener());
}

export function subscribeLanguage(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The Accept-Language value the server understands (zh default). */
export const acceptLanguage = (language: Language = getLanguage()): string =>
  language === 'en' ? 'en-US' : 'zh-CN';

/** antd-mobile's own texts for the language on screen. */
export const antdLocale = (): AntdLocale => (packs[getLanguage()] ?? packs.zh!).antd;

export function translateText(language: Language, key: TextKey, params?: TextParams): string {
  const text = (packs[language] ?? packs.zh!).texts[key] ?? packs.zh!.texts[key] ?? key;
  return fillParams(text, params);
}

export const t = (key: TextKey, params?: TextParams): string => translateText(getLanguage(), key, params);
