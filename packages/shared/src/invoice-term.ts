/**
 * What a tenant issues for a paid order, set once per tenant (param invoice_term): a school's
 * 财政电子票据 (fiscal e-receipt, the default) or, where it sells services, a tax 电子发票. The phone,
 * the console and the PDF all name it by this one setting (texts: messages/invoice.ts invoice.term.*).
 */
export const INVOICE_TERM_PARAM = 'invoice_term';
export const INVOICE_TERMS = ['fiscal', 'tax'] as const;
export type InvoiceTerm = (typeof INVOICE_TERMS)[number];

/** The tenant's term from its params; anything unset or unknown is the school's fiscal e-receipt. */
export const invoiceTermOf = (params: Record<string, string | undefined> | undefined): InvoiceTerm =>
  params?.[INVOICE_TERM_PARAM] === 'tax' ? 'tax' : 'fiscal';

export const invoiceTermKey = (term: InvoiceTerm) => `invoice.term.${term}` as const;
