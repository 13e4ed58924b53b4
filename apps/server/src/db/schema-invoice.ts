/**
 * Invoice titles kept per user, and the invoices (e-bills) of orders. An invoice's status changes
 * only through modules/invoice/invoice-status.ts (conditional updates); the order's own
 * invoice_status column is its display copy, written in the same transaction.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, tenantId } from './schema';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const invoiceTitles = pgTable(
  'invoice_titles',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    userId: integer('user_id').notNull(),
    /** person | company */
    taxpayerType: text('taxpayer_type').notNull(),
    /** general | special */
    invoiceType: text('invoice_type').notNull(),
    name: text('name').notNull(),
    taxId: text('tax_id').notNull().default(''),
    address: text('address').notNull().default(''),
    phone: text('phone').notNull().default(''),
    bank: text('bank').notNull().default(''),
    bankAccount: text('bank_account').notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('invoice_titles_user').on(t.tenantId, t.userId),
    // One default per user.
    uniqueIndex('invoice_titles_one_default')
      .on(t.tenantId, t.userId)
      .where(sql`is_default`),
  ],
);

export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    orderId: integer('order_id').notNull(),
    /** Who asked for it. */
    userId: integer('user_id').notNull(),
    /** requested | issued | failed | reversing | reversed (invoice-status.ts) */
    status: text('status').notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    // The title as it was when the invoice was asked for (a title edited later does not change it).
    taxpayerType: text('taxpayer_type').notNull(),
    invoiceType: text('invoice_type').notNull(),
    payerName: text('payer_name').notNull(),
    taxId: text('tax_id').notNull().default(''),
    address: text('address').notNull().default(''),
    phone: text('phone').notNull().default(''),
    bank: text('bank').notNull().default(''),
    bankAccount: text('bank_account').notNull().default(''),
    /** The platform's business number of the current attempt (业务流水号): a retry sends a new one. */
    busNo: text('bus_no').notNull(),
    attempts: integer('attempts').notNull().default(1),
    /** When the platform accepted the current attempt; null: not sent yet (the job sends it). */
    submittedAt: at('submitted_at'),
    failReason: text('fail_reason'),
    billCode: text('bill_code'),
    billNo: text('bill_no'),
    checkCode: text('check_code'),
    issuedAt: at('issued_at'),
    /** The platform's file link of the issued bill (we render our own PDF from the same facts). */
    platformFileUrl: text('platform_file_url'),
    reversalBusNo: text('reversal_bus_no'),
    reversalSubmittedAt: at('reversal_submitted_at'),
    reversalBillNo: text('reversal_bill_no'),
    reversedAt: at('reversed_at'),
    /** The reversed invoice this one replaces (the remainder after a refund). */
    replacesId: integer('replaces_id'),
    requestedAt: createdAt(),
    /** The polling job's lease stamp (jobs/poll-invoices.ts). */
    polledAt: at('polled_at')
      .notNull()
      .default(sql`'epoch'`),
  },
  (t) => [
    // One live invoice per order (a reversed one no longer counts).
    uniqueIndex('invoices_one_live_per_order')
      .on(t.orderId)
      .where(sql`status IN ('requested', 'issued', 'failed', 'reversing')`),
    uniqueIndex('invoices_bus_no').on(t.busNo),
    index('invoices_order').on(t.tenantId, t.orderId),
    index('invoices_status').on(t.status),
  ],
);
