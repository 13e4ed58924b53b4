/**
 * The wire contract of /api/blade-finance/invoice/* (titles, requests, the PDF link) and of the
 * finance office's /api/blade-finance/admin/invoice/*. Rules of the invoice info: ../invoice-title.ts.
 */
import { INVOICE_TERMS } from '../invoice-term';
import { z } from 'zod';
import { INVOICE_TYPES, TAXPAYER_TYPES } from '../invoice-title';
import { pageQuery } from './envelope';
import { id } from './fields';

const text = (max: number) => z.string().trim().max(max).default('');

/** A title as the form sends it: no id creates one, an id edits that one. Rules are checked by the service. */
export const invoiceTitleBody = z.object({
  id: id.optional(),
  taxpayerType: z.enum(TAXPAYER_TYPES),
  invoiceType: z.enum(INVOICE_TYPES).default('general'),
  name: text(100),
  taxId: text(30),
  address: text(120),
  phone: text(20),
  bank: text(60),
  bankAccount: text(40),
  isDefault: z.boolean().default(false),
});
export type InvoiceTitleBody = z.infer<typeof invoiceTitleBody>;
export type InvoiceTitleRequest = z.input<typeof invoiceTitleBody>;

export const invoiceTitleSchema = z.object({
  id: z.number(),
  taxpayerType: z.enum(TAXPAYER_TYPES),
  invoiceType: z.enum(INVOICE_TYPES),
  name: z.string(),
  taxId: z.string(),
  address: z.string(),
  phone: z.string(),
  bank: z.string(),
  bankAccount: z.string(),
  isDefault: z.boolean(),
});
export type InvoiceTitle = z.infer<typeof invoiceTitleSchema>;

export const orderIdParam = z.object({ orderId: id });

export const invoiceApplyBody = z.object({ orderId: id, titleId: id });
export type InvoiceApplyRequest = z.input<typeof invoiceApplyBody>;

/**
 * One invoice (蓝票) of an order. requested -> issued | failed; failed -> requested (the finance office
 * retries); issued -> reversing -> reversed (a refund after issue: red-letter reversal; the remainder
 * gets a new invoice).
 */
export const INVOICE_STATES = ['requested', 'issued', 'failed', 'reversing', 'reversed'] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];
/** What the order list and detail show: none (uninvoiced), requested, issued (viewable), failed. */
export const ORDER_INVOICE_STATES = ['none', 'requested', 'issued', 'failed'] as const;
export type OrderInvoiceState = (typeof ORDER_INVOICE_STATES)[number];

export const invoiceSchema = z.object({
  id: z.number(),
  orderId: z.number(),
  status: z.enum(INVOICE_STATES),
  amountFen: z.number(),
  taxpayerType: z.enum(TAXPAYER_TYPES),
  invoiceType: z.enum(INVOICE_TYPES),
  payerName: z.string(),
  taxId: z.string(),
  failReason: z.string().nullable(),
  billCode: z.string().nullable(),
  billNo: z.string().nullable(),
  checkCode: z.string().nullable(),
  requestedAt: z.string(),
  issuedAt: z.string().nullable(),
  /** Red-letter reversal: its bill number once the platform made it. */
  reversalBillNo: z.string().nullable(),
  /** A short-lived plain link to the PDF (opens inline in WeChat's browser); null until issued. */
  fileUrl: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const orderInvoiceSchema = z.object({
  orderId: z.number(),
  invoiceStatus: z.enum(ORDER_INVOICE_STATES),
  /** Paid less refunded: what an invoice of this order is for. */
  invoiceableFen: z.number(),
  /** Whether the caller may request one now (paid, something to invoice, none live). */
  canApply: z.boolean(),
  /** The live invoice first, then the reversed ones, newest first. */
  invoices: z.array(invoiceSchema),
  /** The tenant's word for what it issues (invoice-term.ts): fiscal e-receipt or tax e-invoice. */
  term: z.enum(INVOICE_TERMS),
});
export type OrderInvoice = z.infer<typeof orderInvoiceSchema>;

export const invoiceFileParams = z.object({ id });
export const invoiceFileQuery = z.object({
  token: z.string().trim().min(1).max(200),
  download: z.enum(['0', '1']).default('0'),
});

export const adminInvoiceQuery = pageQuery.extend({
  status: z.enum(INVOICE_STATES).default('failed'),
});
export const adminInvoiceSchema = invoiceSchema.extend({
  orderNo: z.string(),
  attempts: z.number(),
});
export type AdminInvoice = z.infer<typeof adminInvoiceSchema>;

/** Demo: the e-bill stand-in's method (modules/dev/ebill-routes.ts). */
export const ebillMethodParams = z.object({ method: z.string().regex(/^[A-Za-z]{1,40}$/) });
