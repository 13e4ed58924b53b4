/**
 * /api/blade-finance/admin/invoice/* (HTTP only): the finance office lists invoices by state and retries
 * failed ones (../invoice/office-service.ts). The scope's guard (guard.ts) checks the role and audits
 * every retry that succeeded.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam } from '@cf/shared/wire/fields';
import { adminInvoiceQuery, adminInvoiceSchema, invoiceSchema } from '@cf/shared/wire/invoice';
import { envelopeSchema, ok, pageSchema } from '@server/http/envelope';
import { listInvoicesForOffice, retryInvoice } from '@server/modules/invoice/office-service';

export function registerAdminInvoiceRoutes(scope: FastifyInstance): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const common = { tags: ['admin'], security: [{ bladeAuth: [] }] };

  app.get(
    '/api/blade-finance/admin/invoice/list',
    {
      schema: {
        ...common,
        summary: 'Finance office: invoices in a state (failed by default), newest first',
        querystring: adminInvoiceQuery,
        response: { 200: envelopeSchema(pageSchema(adminInvoiceSchema)) },
      },
    },
    async (req) => ok(await listInvoicesForOffice(app, req.auth, req.query.status, req.query)),
  );

  app.post(
    '/api/blade-finance/admin/invoice/:id/retry',
    {
      schema: {
        ...common,
        summary: 'Finance office: send a failed invoice again (a new business number at the platform)',
        params: idParam,
        response: { 200: envelopeSchema(invoiceSchema) },
      },
    },
    async (req) => ok(await retryInvoice(app, req.auth, req.params.id)),
  );
}
