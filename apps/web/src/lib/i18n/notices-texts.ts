/** The notices section's texts, one chunk per language (loaded with the notice screens and home's block). */
import { loadTextSection, type SectionLoaders } from './i18n';

const NOTICES_TEXTS: SectionLoaders = {
  zh: () => import('./notices-zh').then((m) => m.noticesZh),
  en: () => import('./notices-en').then((m) => m.noticesEn),
};

export const loadNoticesTexts = (): Promise<void> => loadTextSection('notices', NOTICES_TEXTS);
