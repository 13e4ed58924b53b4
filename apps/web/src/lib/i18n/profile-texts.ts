/** The profile section's texts, one chunk per language (loaded with the Mine screens). */
import { loadTextSection, type SectionLoaders } from './i18n';

const PROFILE_TEXTS: SectionLoaders = {
  zh: () => import('./profile-zh').then((m) => m.profileZh),
  en: () => import('./profile-en').then((m) => m.profileEn),
};

export const loadProfileTexts = (): Promise<void> => loadTextSection('profile', PROFILE_TEXTS);
