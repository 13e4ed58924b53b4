/** The finance section's texts, one chunk per language (loaded with the money screens). */
import { loadTextSection, type SectionLoaders } from './i18n';

const FINANCE_TEXTS: SectionLoaders = {
  zh: () => import('./finance-zh').then((m) => m.financeZh),
  en: () => import('./finance-en').then((m) => m.financeEn),
};

export const loadFinanceTexts = (): Promise<void> => loadTextSection('finance', FINANCE_TEXTS);
