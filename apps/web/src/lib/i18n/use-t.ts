import { useCallback, useSyncExternalStore } from 'react';
import {
  getLanguage,
  languageVersion,
  subscribeLanguage,
  translateText,
  type Language,
  type TextKey,
  type TextParams,
} from './i18n';

export function useLanguage(): Language {
  useSyncExternalStore(subscribeLanguage, languageVersion, languageVersion);
  return getLanguage();
}

/** `t` for components: re-renders them when the language changes. */
export function useT(): (key: TextKey, params?: TextParams) => string {
  const language = useLanguage();
  return useCallback((key, params) => translateText(language, key, params), [language]);
}
