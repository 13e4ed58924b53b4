/** The invoice section's texts, one chunk per language (loaded with the money screens: finance-screens.ts). */
import { loadTextSection, type SectionLoaders } from './i18n';

const INVOICE_TEXTS: SectionLoaders = {
  zh: () => import('./invoice-zh').then((m) => m.invoiceZh),
  en: () => import('./invoice-en').then((m) => m.invoiceEn),
};

export const loadInvoiceTexts = (): Promise<void> => loadTextSection('invoice', INVOICE_TEXTS);
