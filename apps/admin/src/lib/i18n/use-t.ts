/** The current language and `t` for components: they re-render when the language changes. */
import { useSyncExternalStore } from 'react';
import { getLanguage, subscribeLanguage, t, type Language } from './i18n';

export function useT(): { t: typeof t; language: Language } {
  const language = useSyncExternalStore(subscribeLanguage, getLanguage);
  return { t, language };
}
