/**
 * The wire contract of the finance office's routes: bill review (admin/bill/*), refunds
 * (admin/order/{id}/refund) and payment exceptions (admin/payment-exception/*). The server's route
 * schemas (and so the OpenAPI document) are these objects.
 */
import { EXCEPTION_NOTE_MAX_LENGTH } from '@cf/shared/payment-exception';
import { REFUND_KINDS } from '@cf/shared/refund-reason';
import { z } from 'zod';
import { pageQuery } from './envelope';
import { billSchema, evidenceSchema } from './fee';
import { count, fen, id } from './fields';
import { payStatusEnum } from './order';

export const adminBillQuery = pageQuery.extend({
  status: count(0, 2).default(1),
});

export const adminBillEvidenceParams = z.object({ id, evidenceId: id });

export const adminBillSchema = billSchema.extend({
  receivableId: z.number().nullable(),
  personType: z.string(),
  personId: z.number(),
  personName: z.string(),
  personNo: z.string().nullable().describe('student, staff or admission number; null for an outside person'),
  createdAt: z.string(),
  /** What the payer uploaded with an other-means payment (GET admin/bill/:id/evidence/:evidenceId). */
  evidence: z.array(evidenceSchema),
});

const refundKindEnum = z
  .enum(REFUND_KINDS, { message: 'pay.refundKindRequired' })
  .describe(
    'What the refund means for the receivable (@cf/shared/refund-reason): reduceReceivable (退费并核减应收, ' +
      'the fee is reduced by the amount) or refundOnly (仅退款, the amount is owed again)',
  );

export const refundBody = z.object({
  amountFen: fen(1),
  // Required; checked by checkRefundReason (1..80 bytes, translated message), not by characters here.
  reason: z.string().default(''),
  kind: refundKindEnum,
});

export const refundSchema = z.object({
  refundId: z.number(),
  outRefundNo: z.string(),
  amountFen: z.number(),
  kind: refundKindEnum,
  status: z.enum(['SUCCESS', 'PROCESSING', 'FAILED']),
  orderNo: z.string(),
  totalFen: z.number(),
  refundedFen: z.number(),
  payStatus: payStatusEnum,
  payStatusColor: z.string(),
});

export const exceptionSchema = z.object({
  id: z.number(),
  orderId: z.number().nullable(),
  orderNo: z.string().nullable(),
  channel: z.string(),
  transactionId: z.string(),
  amountFen: z.number(),
  kind: z.string(),
  status: z.string().describe('open | refunded | resolved'),
  note: z.string().describe('Why it was resolved without a refund; empty otherwise'),
  refundNo: z.string().nullable().describe('out_refund_no of the refund sent back to the payer'),
  refundStatus: z.enum(['PROCESSING', 'SUCCESS', 'FAILED']).nullable(),
  resolvedAt: z.string().nullable(),
  createdAt: z.string(),
});

export const exceptionListQuery = pageQuery.extend({
  status: z.enum(['open', 'refunded', 'resolved']).default('open'),
});

// The note's rule and messages are shared with the console (checked in the service).
export const exceptionResolveBody = z
  .object({
    note: z.string().optional().describe(`Required, 1..${EXCEPTION_NOTE_MAX_LENGTH} characters trimmed`),
  })
  .nullish();
