/**
 * The wire of daily reconciliation (/api/blade-finance/admin/reconciliation/*): a run per tenant, day
 * (Beijing time) and channel, its totals, and the lines where the channel's statement and our records
 * differ. Money in fen.
 */
import { z } from 'zod';
import { pageQuery, pageSchema } from './envelope';
import { calendarDate, idParam } from './fields';
import { channelEnum } from './pay';

export const RECONCILIATION_STATUSES = ['pending', 'running', 'done', 'failed'] as const;
export const RECONCILIATION_DIFFERENCES = ['statement_only', 'ours_only', 'amount', 'state'] as const;
export type ReconciliationDifference = (typeof RECONCILIATION_DIFFERENCES)[number];

export const runBody = z.object({ billDate: calendarDate(), channel: channelEnum });

export const runListQuery = pageQuery.extend({
  channel: channelEnum.optional(),
  from: calendarDate().optional(),
  to: calendarDate().optional(),
});

export const runIdParam = idParam;

const totals = z.object({ count: z.number(), fen: z.number() });

export const reconciliationRunSchema = z.object({
  id: z.number(),
  billDate: z.string(),
  channel: z.string(),
  status: z.enum(RECONCILIATION_STATUSES),
  error: z.string().nullable().describe("the channel's error code of a failed run"),
  statement: z.object({ payments: totals, refunds: totals }),
  ours: z.object({ payments: totals, refunds: totals }),
  differenceCount: z.number(),
  requestedBy: z.number().nullable().describe('null: the nightly job'),
  finishedAt: z.string().nullable(),
});
export type ReconciliationRun = z.infer<typeof reconciliationRunSchema>;

export const reconciliationLineSchema = z.object({
  id: z.number(),
  kind: z.enum(['payment', 'refund']),
  difference: z.enum(RECONCILIATION_DIFFERENCES),
  outNo: z.string().describe('out_trade_no of a payment, out_refund_no of a refund'),
  transactionId: z.string().nullable(),
  statementFen: z.number().nullable(),
  ourFen: z.number().nullable(),
  statementState: z.string().nullable(),
  ourState: z.string().nullable(),
});
export type ReconciliationLine = z.infer<typeof reconciliationLineSchema>;

export const runPageSchema = pageSchema(reconciliationRunSchema);
export const runDetailSchema = z.object({
  run: reconciliationRunSchema,
  lines: z.array(reconciliationLineSchema),
});
