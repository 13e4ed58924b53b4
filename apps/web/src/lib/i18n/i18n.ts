/**
 * Language and texts. Chinese is the default and the source; English (with antd-mobile's English
 * texts) loads when chosen. The choice lives in localStorage under `language` (spec §1). `t`
 * reads the current language; components use `useT` (use-t.ts) to re-render on change.
 */
import zhCN from 'antd-mobile/es/locales/zh-CN';
import { zh, type TextKey } from './zh';

export type { TextKey } from './zh';
export type Language = 'zh' | 'en';
export type TextParams = Record<string, string | number>;
export type AntdLocale = typeof zhCN;

export const LANGUAGE_STORAGE_KEY = 'language';

interface LanguagePack {
  texts: Record<TextKey, string>;
  antd: AntdLocale;
}

const packs: Partial<Record<Language, LanguagePack>> = { zh: { texts: zh, antd: zhCN } };

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
  if (packs[language]) return;
  const [{ en }, enUS] = await Promise.all([import('./en'), import('antd-mobile/es/locales/en-US')]);
  packs.en = { texts: en, antd: enUS.default };
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
  const text = (packs[language] ?? packs.zh!).texts[key] ?? zh[key] ?? key;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    params[name] === undefined ? whole : String(params[name]),
  );
}

export const t = (key: TextKey, params?: TextParams): string => translateText(getLanguage(), key, params);
