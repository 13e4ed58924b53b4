/**
 * The console's language: Chinese by default, English when chosen (kept in local storage under the
 * console's prefix, apart from the phone app's choice). `t` reads the current language; components
 * use `useT` (use-t.ts) to re-render on a switch. Both dictionaries are small and ship together.
 */
import { fillParams } from '@cf/shared/fill-params';
import { readStore, writeStore } from '../storage';
import { en } from './en';
import { zh, type TextKey } from './zh';

export type { TextKey };
export type Language = 'zh' | 'en';
export type TextParams = Record<string, string | number>;

const LANGUAGE_KEY = 'language';
const texts: Record<Language, Record<TextKey, string>> = { zh, en };
const listeners = new Set<() => void>();

let current: Language = readStore<Language>(LANGUAGE_KEY) === 'en' ? 'en' : 'zh';

export const getLanguage = (): Language => current;

export function setLanguage(language: Language): void {
  if (language === current) return;
  current = language;
  writeStore(LANGUAGE_KEY, language);
  document.documentElement.lang = language === 'en' ? 'en' : 'zh-CN';
  listeners.forEach((listener) => listener());
}

export function subscribeLanguage(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function t(key: TextKey, params?: TextParams): string {
  const text = texts[current][key];
  return params ? fillParams(text, params) : text;
}
