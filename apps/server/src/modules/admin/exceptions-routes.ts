/**
 * /api/blade-finance/admin/payment-exception/* (HTTP only): money that arrived for an order that
 * could not take it (paid after close, a second payment, a different amount), for the finance office
 * to refund or settle (../pay/exceptions/exception-service.ts). The scope's guard (guard.ts) checks the finance
 * role of the same tenant and writes an audit row for every refund and resolution.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { exceptionListQuery, exceptionResolveBody, exceptionSchema } from '@cf/shared/wire/admin-finance';
import { envelopeSchema, ok, pageSchema } from '@server/http/envelope';
import { idParam } from '@cf/shared/wire/fields';
import {
  listExceptions,
  refundException,
  resolveException,
} from '@server/modules/pay/exceptions/exception-service';

const financeAdmin = { tags: ['finance admin'], security: [{ bladeAuth: [] }] };

export function registerAdminExceptionRoutes(scope: FastifyInstance): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/blade-finance/admin/payment-exception/list',
    {
      schema: {
        ...financeAdmin,
        summary: 'Payments kept for refund or review (default: the open ones); finance role',
        querystring: exceptionListQuery,
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
        body: exceptionResolveBody,
        response: { 200: envelopeSchema(exceptionSchema) },
      },
    },
    async (req) => ok(await resolveException(app, req, req.auth, req.params.id, req.body ?? {})),
  );
}
