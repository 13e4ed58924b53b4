/**
 * Fees, orders, bills and payments. Money is integer fen. The order pay status and the bill
 * status change only through modules/order/pay-status.ts (conditional updates).
 */
import type { OrderType } from '@cf/shared/fees';
import type { FormField } from '@cf/shared/form-fields';
import type { PersonType } from '@cf/shared/labels/people';
import type { RefundKind } from '@cf/shared/refund-reason';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, tenantId } from './schema';

export type PayStatus = 'NOT_PAY' | 'PAYING' | 'PAID' | 'REFUND' | 'CLOSED';
export type { FormField, OrderType, PersonType };

/** Newly admitted students, known by ID card and name before they have a student number. */
export const enrollees = pgTable(
  'enrollees',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    name: text('name').notNull(),
    idCard: text('id_card').notNull(),
    admissionNo: text('admission_no').notNull(),
    major: text('major'),
    startYear: integer('start_year'),
  },
  (t) => [uniqueIndex('enrollees_tenant_id_card').on(t.tenantId, t.idCard)],
);

/** Comprehensive-fee catalogue: manual items, enrolment fees and top-ups. */
export const feeItems = pgTable(
  'fee_items',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    /** manual | enroll | topup */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull().default(''),
    description: text('description').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    /** Unit price of manual and enrolment items. */
    priceFen: bigint('price_fen', { mode: 'number' }).notNull().default(0),
    maxQuantity: integer('max_quantity').notNull().default(1),
    /** Top-up limits. */
    minFen: bigint('min_fen', { mode: 'number' }).notNull().default(0),
    maxFen: bigint('max_fen', { mode: 'number' }).notNull().default(0),
    formFields: jsonb('form_fields')
      .$type<FormField[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Comma list of user types allowed to buy; empty: everyone signed in. */
    userTypes: text('user_types').notNull().default(''),
    schoolYear: text('school_year').notNull().default(''),
    /** 1 on sale, 0 withdrawn. */
    status: smallint('status').notNull().default(1),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('fee_items_tenant_kind').on(t.tenantId, t.kind, t.status)],
);

/** What one person owes for one item: the facts the fee summary is computed from. */
export const receivables = pgTable(
  'receivables',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    /** FEE: student fee; OTHER: a comprehensive receivable assigned to the person. */
    category: text('category').$type<OrderType>().notNull(),
    personType: text('person_type').$type<PersonType>().notNull(),
    personId: integer('person_id').notNull(),
    schoolYear: text('school_year').notNull().default(''),
    itemCode: text('item_code').notNull(),
    itemName: text('item_name').notNull(),
    itemNameEn: text('item_name_en').notNull().default(''),
    allowPartial: boolean('allow_partial').notNull().default(false),
    payableFen: bigint('payable_fen', { mode: 'number' }).notNull(),
    reductionFen: bigint('reduction_fen', { mode: 'number' }).notNull().default(0),
    deferredFen: bigint('deferred_fen', { mode: 'number' }).notNull().default(0),
    deferredDeductionFen: bigint('deferred_deduction_fen', { mode: 'number' }).notNull().default(0),
    /** Sum of reviewed charge bills; changed only with the bill that causes it. */
    receivedFen: bigint('received_fen', { mode: 'number' }).notNull().default(0),
    /** Sum of reviewed refund bills (refunds and carry-overs). */
    refundFen: bigint('refund_fen', { mode: 'number' }).notNull().default(0),
    dueDate: timestamp('due_date', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('receivables_person').on(t.tenantId, t.personType, t.personId, t.category),
    // The dashboard names each of the month's bills by its receivable from this index alone.
    index('receivables_names').on(t.id, t.tenantId, t.schoolYear, t.itemName, t.itemNameEn),
    // Fee reminders (modules/reminder) chase one item's receivables.
    index('receivables_item').on(t.tenantId, t.itemCode),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    orderNo: text('order_no').notNull().unique(),
    orderType: text('order_type').$type<OrderType>().notNull(),
    /** Whose fee it is (the bound user of the spec). */
    personType: text('person_type').$type<PersonType>().notNull(),
    personId: integer('person_id').notNull(),
    personName: text('person_name').notNull(),
    /** Who created it (the order user); a WeChat visitor has only an oauth id. */
    userId: integer('user_id'),
    oauthId: integer('oauth_id'),
    userName: text('user_name').notNull().default(''),
    /** Who paid, when someone else paid through a pay link. */
    payerUserId: integer('payer_user_id'),
    payerOauthId: integer('payer_oauth_id'),
    payerName: text('payer_name').notNull().default(''),
    totalFen: bigint('total_fen', { mode: 'number' }).notNull(),
    refundedFen: bigint('refunded_fen', { mode: 'number' }).notNull().default(0),
    payStatus: text('pay_status').$type<PayStatus>().notNull().default('NOT_PAY'),
    channel: text('channel'),
    paymentNo: text('payment_no'),
    payMethod: text('pay_method'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    expireAt: timestamp('expire_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closeReason: text('close_reason'),
    payingAt: timestamp('paying_at', { withTimezone: true }),
    /**
     * When the order's last payment attempt failed or was closed at its channel, putting the order
     * back to NOT_PAY (order/pay-status.ts markPayFailed); cleared when a new attempt starts.
     */
    payFailedAt: timestamp('pay_failed_at', { withTimezone: true }),
    /** none | requested | issued */
    invoiceStatus: text('invoice_status').notNull().default('none'),
    /** none | signed */
    signatureStatus: text('signature_status').notNull().default('none'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_user').on(t.tenantId, t.userId, t.createdAt),
    index('orders_payer').on(t.tenantId, t.payerUserId, t.createdAt),
    index('orders_person').on(t.tenantId, t.personType, t.personId),
    index('orders_status_expire').on(t.payStatus, t.expireAt),
    // The finance office's search (order/admin-order-repo.ts) on a school's year: a name part
    // (pg_trgm over the name's characters doubled, so two characters are a trigram: http/search.ts
    // nameLike; migration 0022 creates the extension and the function), a number's beginning (LIKE 'x%' under any
    // collation), a state, a range of days, and the dashboard's orders by state.
    index('orders_person_name_pairs').using('gin', sql`cf_char_pairs(${t.personName}) gin_trgm_ops`),
    index('orders_order_no_prefix').on(t.orderNo.op('text_pattern_ops')),
    index('orders_payment_no_prefix').on(t.paymentNo.op('text_pattern_ops')),
    index('orders_tenant_status').on(t.tenantId, t.payStatus),
    index('orders_tenant_channel').on(t.tenantId, t.channel),
    // Days of orders, and the dashboard's orders of the month by state from the index alone.
    index('orders_tenant_created_state').on(t.tenantId, t.createdAt, t.payStatus),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    orderId: integer('order_id').notNull(),
    receivableId: integer('receivable_id'),
    feeItemId: integer('fee_item_id'),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull().default(''),
    priceFen: bigint('price_fen', { mode: 'number' }).notNull(),
    quantity: integer('quantity').notNull().default(1),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    formData: jsonb('form_data')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
  },
  (t) => [index('order_items_order').on(t.orderId), index('order_items_receivable').on(t.receivableId)],
);

/** Charge and refund bills. Status 0 void, 1 not reviewed, 2 reviewed; only reviewed bills count. */
export const bills = pgTable(
  'bills',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    billNo: text('bill_no').notNull().unique(),
    /** CHARGE | REFUND */
    kind: text('kind').notNull(),
    orderId: integer('order_id'),
    orderItemId: integer('order_item_id'),
    receivableId: integer('receivable_id'),
    feeItemId: integer('fee_item_id'),
    personType: text('person_type').$type<PersonType>().notNull(),
    personId: integer('person_id').notNull(),
    project: text('project').notNull(),
    projectEn: text('project_en').notNull().default(''),
    priceFen: bigint('price_fen', { mode: 'number' }).notNull(),
    quantity: integer('quantity').notNull().default(1),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    /** wechat | sandbox | offline method name */
    method: text('method').notNull(),
    billDate: timestamp('bill_date', { withTimezone: true }).notNull(),
    status: smallint('status').notNull(),
    /** online | offline */
    source: text('source').notNull(),
    createdBy: integer('created_by'),
    reviewedBy: integer('reviewed_by'),
    note: text('note').notNull().default(''),
    refundOfBillId: integer('refund_of_bill_id'),
    /** When an unreviewed record was voided (refused): its evidence files go a grace period later. */
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('bills_order').on(t.orderId),
    index('bills_person').on(t.tenantId, t.personType, t.personId),
    index('bills_receivable').on(t.receivableId),
    // The dashboard's takings of the day and month (admin/dashboard-repo.ts), read from the index
    // alone: every column the takings are added up and named by follows the day.
    index('bills_takings').on(
      t.tenantId,
      t.status,
      t.billDate,
      t.kind,
      t.method,
      t.receivableId,
      t.feeItemId,
      t.amountFen,
      t.project,
      t.projectEn,
    ),
  ],
);

/**
 * The files a payer uploaded as evidence of an other-means payment (modules/fee/evidence-service.ts),
 * stored in bill-evidence/<tenant>/ of the file store (gateways/file-store). A file is the uploader's alone
 * until the payment is recorded with it (bill_id set once, in the bill's transaction); then the
 * finance office of the tenant reads it too.
 */
export const billEvidence = pgTable(
  'bill_evidence',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    /** The user who uploaded it: the payer of the bill. */
    uploadedBy: integer('uploaded_by').notNull(),
    billId: integer('bill_id'),
    /** The name the payer's file had (shown to the clerk), cleaned of control characters. */
    name: text('name').notNull(),
    /** Decided from the file's first bytes (@cf/shared/bill-evidence), never from its name. */
    mimeType: text('mime_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    /** File name under DATA_DIR/bill-evidence/<tenant> (random, never the uploaded name). */
    storageKey: text('storage_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('bill_evidence_bill').on(t.tenantId, t.billId),
    index('bill_evidence_uploader').on(t.tenantId, t.uploadedBy, t.billId),
  ],
);

/** Every payment notify that passed its signature check, keyed by (channel, transaction id). */
export const paymentInbox = pgTable(
  'payment_inbox',
  {
    id: serial('id').primaryKey(),
    channel: text('channel').notNull(),
    transactionId: text('transaction_id').notNull(),
    orderNo: text('order_no').notNull(),
    tenantId: varchar('tenant_id', { length: 6 }),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    /** credited | duplicate | closed_order | mismatch | unknown_order (received only inside its transaction) */
    outcome: text('outcome').notNull(),
    payload: jsonb('payload')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** When the channel says the money was taken (its success time): the day reconciliation counts it on. */
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    receivedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payment_inbox_channel_tx').on(t.channel, t.transactionId),
    // Daily reconciliation: a day's payments of a tenant's channel, and the trades a statement names.
    index('payment_inbox_paid').on(t.tenantId, t.channel, t.paidAt),
    index('payment_inbox_trade').on(t.orderNo),
  ],
);

/** Money that arrived for an order that could not take it (closed, mismatched): kept for refund or review. */
export const paymentExceptions = pgTable(
  'payment_exceptions',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    orderId: integer('order_id'),
    channel: text('channel').notNull(),
    transactionId: text('transaction_id').notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    /** paid_after_close | amount_mismatch | duplicate_payment | unknown_order */
    kind: text('kind').notNull(),
    /** open | refunded | resolved */
    status: text('status').notNull().default('open'),
    /** Why the finance office settled it (required when resolved without a refund). */
    note: text('note').notNull().default(''),
    /** The refund sent back to the payer at the channel: out_refund_no, PROCESSING | SUCCESS | FAILED. */
    refundNo: text('refund_no').unique(),
    refundStatus: text('refund_status'),
    channelRefundId: text('channel_refund_id'),
    /** When the current refund was asked for: the day reconciliation counts it on (as refunds.created_at). */
    refundRequestedAt: timestamp('refund_requested_at', { withTimezone: true }),
    /** Refund numbers of earlier attempts that failed (a channel may still list them, CLOSED). */
    earlierRefundNos: text('earlier_refund_nos')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    resolvedBy: integer('resolved_by'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_exceptions_tx').on(t.channel, t.transactionId)],
);

/**
 * One row per trade number an order was offered to a channel under (out_trade_no). WeChat ties a
 * prepay to the payer's openid and never reuses a closed trade number, so another payer (a parent
 * through a pay link) gets a new attempt after the previous one is closed at the channel.
 */
export const payAttempts = pgTable(
  'pay_attempts',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    orderId: integer('order_id').notNull(),
    channel: text('channel').notNull(),
    outTradeNo: text('out_trade_no').notNull().unique(),
    /** The payer's openid the prepay was made for (WeChat), null for channels without one. */
    payerOpenId: text('payer_open_id'),
    /** How the trade was started (jsapi, h5, native, checkout); null: before modes, the channel's first. */
    mode: text('mode'),
    /**
     * Who took this attempt (set when the order turns PAYING on it): a payment on it credits the order
     * to them, even when a later payer has taken over since. payer_name null: not recorded.
     */
    payerUserId: integer('payer_user_id'),
    payerOauthId: integer('payer_oauth_id'),
    payerName: text('payer_name'),
    /** OPEN | CLOSED | PAID */
    status: text('status').notNull().default('OPEN'),
    createdAt: createdAt(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /**
     * When the channel reported this attempt failed (PAYERROR); cleared when the payer tries again on
     * it. Kept so every status reply says "failed", not only the one that asked the channel.
     */
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (t) => [index('pay_attempts_order').on(t.orderId, t.id)],
);

export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    orderId: integer('order_id').notNull(),
    outRefundNo: text('out_refund_no').notNull().unique(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    /** PROCESSING | SUCCESS | FAILED */
    status: text('status').notNull(),
    reason: text('reason').notNull().default(''),
    /**
     * What it means for the receivables (@cf/shared/refund-reason): reduceReceivable adds the amount to
     * reduction_fen as well as refund_fen; refundOnly (every refund before migration 0016) only to refund_fen.
     */
    kind: text('kind').$type<RefundKind>().notNull().default('refundOnly'),
    channelRefundId: text('channel_refund_id'),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
  },
  (t) => [index('refunds_order').on(t.orderId)],
);

/** The pay channels a tenant enables, and their merchant settings (WeChat Pay v3 keys). */
export const payChannels = pgTable(
  'pay_channels',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    /** wechat | sandbox */
    channel: text('channel').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    settings: jsonb('settings')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('pay_channels_tenant_channel').on(t.tenantId, t.channel)],
);
