/** The salary section's texts, one chunk per language (loaded with the salary screens). */
import { loadTextSection, type SectionLoaders } from './i18n';

const SALARY_TEXTS: SectionLoaders = {
  zh: () => import('./salary-zh').then((m) => m.salaryZh),
  en: () => import('./salary-en').then((m) => m.salaryEn),
};

export const loadSalaryTexts = (): Promise<void> => loadTextSection('salary', SALARY_TEXTS);
