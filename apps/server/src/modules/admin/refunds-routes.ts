/**
 * /api/blade-finance/admin/order/:id/refund (HTTP only): the finance office refunds a paid order in
 * full or in part through its channel (../pay/refunds/refund-service.ts). The scope's guard (guard.ts)
 * checks the finance role and writes an audit row for every refund that succeeded.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema, ok } from '@server/http/envelope';
import { idParam } from '@cf/shared/wire/fields';
import { refundOrder } from '@server/modules/pay/refunds/refund-service';
import { refundBody, refundSchema } from '@cf/shared/wire/admin-finance';

export function registerAdminRefundRoutes(scope: FastifyInstance): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/blade-finance/admin/order/:id/refund',
    {
      schema: {
        tags: ['admin'],
        security: [{ bladeAuth: [] }],
        summary: 'Finance office: refund a paid order in full or in part through its channel',
        params: idParam,
        body: refundBody,
        response: { 200: envelopeSchema(refundSchema) },
      },
    },
    async (req) => ok(await refundOrder(app, req, req.auth, req.params.id, req.body)),
  );
}
