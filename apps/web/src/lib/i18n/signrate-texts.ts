/** The signature and rating blocks' texts, one chunk per language (loaded with those blocks). */
import { loadTextSection, type SectionLoaders } from './i18n';

const SIGNRATE_TEXTS: SectionLoaders = {
  zh: () => import('./signrate-zh').then((m) => m.signrateZh),
  en: () => import('./signrate-en').then((m) => m.signrateEn),
};

export const loadSignrateTexts = (): Promise<void> => loadTextSection('signrate', SIGNRATE_TEXTS);
