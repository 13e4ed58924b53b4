/**
 * /api/blade-finance/admin/dashboard (HTTP only): the finance office's day at a glance, one query
 * (dashboard-service.ts). The scope's guard (guard.ts) checks the finance role.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardSchema } from '@cf/shared/wire/admin-dashboard';
import { envelopeSchema, ok } from '@server/http/envelope';
import { dashboard } from './dashboard-service';

export function registerAdminDashboardRoutes(scope: FastifyInstance): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/blade-finance/admin/dashboard',
    {
      schema: {
        tags: ['finance admin'],
        security: [{ bladeAuth: [] }],
        summary:
          "Today's and this month's takings by channel and item, orders by state, and each queue's size; finance role",
        response: { 200: envelopeSchema(dashboardSchema) },
      },
    },
    async (req) => ok(await dashboard(app.db, req.auth)),
  );
}
