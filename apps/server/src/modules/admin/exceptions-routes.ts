/**
 * /api/blade-finance/admin/payment-exception/* (HTTP only): money that arrived for an order that
 * could not take it (paid after close, a second payment, a different amount), for the finance office
 * to refund or settle (../pay/exceptions/exception-service.ts). The scope's guard (guard.ts) checks the finance
 * role of the same tenant and writes an audit row for every refund and resolution.
 */
import { EXCEPTION_NOTE_MAX_LENGTH } from '@cf/shared/payment-exception';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, ok, pageQuery, pageSchema } from '@server/http/envelope';
import { idParam } from '@cf/shared/wire/fields';
import {
  listExceptions,
  refundException,
  resolveException,
} from '@server/modules/pay/exceptions/exception-service';

const exceptionSchema = z.object({
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

const financeAdmin = { tags: ['finance admin'], security: [{ bladeAuth: [] }] };

export function registerAdminExceptionRoutes(scope: FastifyInstance): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/blade-finance/admin/payment-exception/list',
    {
      schema: {
        ...financeAdmin,
        summary: 'Payments kept for refund or review (default: the open ones); finance role',
        querystring: pageQuery.extend({ status: z.enum(['open', 'refunded', 'resolved']).default('open') }),
        response: { 200: envelopeSchema(pageSchema(exceptionSchema)) },
      },
    },
    async (req) => ok(await listExceptions(app.db, req.auth, req.query.status, req.query)),
  );

  app.post(
    '/api/blade-finance/admin/payment-exception/refund/:id',
    {
      schema: {
        ...financeAdmin,
        summary:
          'Send the whole payment back to the payer through its channel; refundStatus PROCESSING until the channel confirms',
        params: idParam,
        response: { 200: envelopeSchema(exceptionSchema) },
      },
    },
    async (req) => ok(await refundException(app, req, req.auth, req.params.id)),
  );

  app.post(
    '/api/blade-finance/admin/payment-exception/resolve/:id',
    {
      schema: {
        ...financeAdmin,
        summary: 'Mark it settled another way (paid back in cash, applied by hand), with a note',
        params: idParam,
        // The note's rule and messages are shared with the console (checked in the service).
        body: z
          .object({
            note: z
              .string()
              .optional()
              .describe(`Required, 1..${EXCEPTION_NOTE_MAX_LENGTH} characters trimmed`),
          })
          .nullish(),
        response: { 200: envelopeSchema(exceptionSchema) },
      },
    },
    async (req) => ok(await resolveException(app, req, req.auth, req.params.id, req.body ?? {})),
  );
}
