/**
 * Invoice info (spec §3) and its rules, used by the title form and by the server alike:
 * - a person (taxpayer type person) needs a name only, and gets general invoices only;
 * - a company needs its name and the 18-character unified social credit code, check character
 *   verified (credit-code.ts);
 * - a special invoice (专票) needs every company field: address, phone, bank and bank account.
 */
import { isCreditCode, normalizeTaxId } from './credit-code';
import type { MessageKey } from './messages';
import type { invoiceMessages } from './messages/invoice';

export const TAXPAYER_TYPES = ['person', 'company'] as const;
export const INVOICE_TYPES = ['general', 'special'] as const;
export type TaxpayerType = (typeof TAXPAYER_TYPES)[number];
export type InvoiceType = (typeof INVOICE_TYPES)[number];

export interface InvoiceInfo {
  taxpayerType: TaxpayerType;
  invoiceType: InvoiceType;
  /** The person's name or the company name. */
  name: string;
  taxId: string;
  address: string;
  phone: string;
  bank: string;
  bankAccount: string;
}

export type InvoiceInfoField = Exclude<keyof InvoiceInfo, 'taxpayerType'>;
/** The rules answer messages of messages/invoice.ts only (the web shows them from its invoice texts). */
export type InvoiceMessageKey = keyof typeof invoiceMessages;
export type InvoiceInfoProblems = Partial<Record<InvoiceInfoField, InvoiceMessageKey>>;

/** Landline or mobile, with area code, dashes, spaces, brackets or an extension. */
const PHONE = /^[0-9+()\- ]{5,20}$/;
const BANK_ACCOUNT = /^\d{6,30}$/;

/** Trims every field, upper-cases the taxpayer ID, drops spaces from the bank account; a person keeps only the name. */
export function normalizeInvoiceInfo(info: InvoiceInfo): InvoiceInfo {
  const company = info.taxpayerType === 'company';
  return {
    taxpayerType: info.taxpayerType,
    invoiceType: info.invoiceType,
    name: info.name.trim(),
    taxId: company ? normalizeTaxId(info.taxId) : '',
    address: company ? info.address.trim() : '',
    phone: company ? info.phone.trim() : '',
    bank: company ? info.bank.trim() : '',
    bankAccount: company ? info.bankAccount.replace(/\s+/g, '') : '',
  };
}

/** The problems of a (normalised) invoice info, one per field; empty when it may be used. */
export function checkInvoiceInfo(raw: InvoiceInfo): InvoiceInfoProblems {
  const info = normalizeInvoiceInfo(raw);
  const problems: InvoiceInfoProblems = {};
  if (info.taxpayerType === 'person') {
    if (!info.name) problems.name = 'invoice.personNameRequired';
    if (info.invoiceType === 'special') problems.invoiceType = 'invoice.specialNeedsCompany';
    return problems;
  }
  if (!info.name) problems.name = 'invoice.companyNameRequired';
  if (!info.taxId) problems.taxId = 'invoice.taxIdRequired';
  else if (!isCreditCode(info.taxId)) problems.taxId = 'invoice.taxIdInvalid';
  const special = info.invoiceType === 'special';
  if (info.phone && !PHONE.test(info.phone)) problems.phone = 'invoice.phoneInvalid';
  if (info.bankAccount && !BANK_ACCOUNT.test(info.bankAccount))
    problems.bankAccount = 'invoice.bankAccountInvalid';
  if (special) {
    if (!info.address) problems.address = 'invoice.addressRequired';
    if (!info.phone) problems.phone = 'invoice.phoneRequired';
    if (!info.bank) problems.bank = 'invoice.bankRequired';
    if (!info.bankAccount) problems.bankAccount = 'invoice.bankAccountRequired';
  }
  return problems;
}

/** The first problem, for the server's one-message answer. */
export function firstInvoiceInfoProblem(info: InvoiceInfo): MessageKey | undefined {
  return Object.values(checkInvoiceInfo(info))[0];
}

/** Titles one user may keep. */
export const MAX_INVOICE_TITLES = 20;
