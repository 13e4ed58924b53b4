/**
 * Daily reconciliation: one run per tenant, day (Beijing time, YYYY-MM-DD) and channel, matching the
 * channel's statement line by line against our payments and refunds, and the lines that differ.
 */
import {
  bigint,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, tenantId } from './schema';

export const reconciliationRuns = pgTable(
  'reconciliation_runs',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    billDate: text('bill_date').notNull(),
    channel: text('channel').notNull(),
    /** pending | running | done | failed (modules/pay/reconciliation/run-status.ts) */
    status: text('status').notNull().default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    /** Why the last attempt failed (the channel's error code), for the finance office. */
    error: text('error'),
    statementPayCount: integer('statement_pay_count').notNull().default(0),
    statementPayFen: bigint('statement_pay_fen', { mode: 'number' }).notNull().default(0),
    statementRefundCount: integer('statement_refund_count').notNull().default(0),
    statementRefundFen: bigint('statement_refund_fen', { mode: 'number' }).notNull().default(0),
    ourPayCount: integer('our_pay_count').notNull().default(0),
    ourPayFen: bigint('our_pay_fen', { mode: 'number' }).notNull().default(0),
    ourRefundCount: integer('our_refund_count').notNull().default(0),
    ourRefundFen: bigint('our_refund_fen', { mode: 'number' }).notNull().default(0),
    differenceCount: integer('difference_count').notNull().default(0),
    /** Who asked for the run; null: the nightly job. */
    requestedBy: integer('requested_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('reconciliation_runs_day').on(t.tenantId, t.billDate, t.channel),
    index('reconciliation_runs_status').on(t.status, t.updatedAt),
  ],
);

export const reconciliationLines = pgTable(
  'reconciliation_lines',
  {
    id: serial('id').primaryKey(),
    runId: integer('run_id')
      .notNull()
      .references(() => reconciliationRuns.id, { onDelete: 'cascade' }),
    tenantId: tenantId(),
    /** payment | refund */
    kind: text('kind').notNull(),
    /** statement_only | ours_only | amount | state */
    difference: text('difference').notNull(),
    /** out_trade_no of a payment, out_refund_no of a refund. */
    outNo: text('out_no').notNull(),
    transactionId: text('transaction_id'),
    statementFen: bigint('statement_fen', { mode: 'number' }),
    ourFen: bigint('our_fen', { mode: 'number' }),
    statementState: text('statement_state'),
    ourState: text('our_state'),
    createdAt: createdAt(),
  },
  (t) => [index('reconciliation_lines_run').on(t.runId, t.id)],
);
