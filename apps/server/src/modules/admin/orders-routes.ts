/**
 * /api/blade-finance/admin/order/{list,totals,{id},export} (HTTP only): the finance office's order
 * search, what it adds up to, one order in full and the XLSX export of a search (../order/admin-order-service.ts). Refunds:
 * refunds-routes.ts. The scope's guard checks the finance role.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminOrderDetailSchema,
  adminOrderListQuery,
  adminOrderSchema,
  orderFilters,
  orderTotalsSchema,
} from '@cf/shared/wire/admin-orders';
import { idParam } from '@cf/shared/wire/fields';
import { envelopeSchema, ok, pageSchema } from '@server/http/envelope';
import {
  adminOrderDetail,
  adminOrderTotals,
  exportAdminOrders,
  listAdminOrders,
} from '../order/admin-order-service';

const tags = ['finance admin'];
const security = [{ bladeAuth: [] }];

export function registerAdminOrderRoutes(scope: FastifyInstance): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/blade-finance/admin/order/list',
    {
      schema: {
        tags,
        security,
        summary:
          'Search the tenant’s orders: person, order no, payment no, state, channel, days; finance role',
        querystring: adminOrderListQuery,
        response: { 200: envelopeSchema(pageSchema(adminOrderSchema)) },
      },
    },
    async (req) => {
      const { current, size, ...filters } = req.query;
      return ok(await listAdminOrders(app.db, req.auth, filters, { current, size }, req.lang));
    },
  );

  app.get(
    '/api/blade-finance/admin/order/totals',
    {
      schema: {
        tags,
        security,
        summary:
          'What the search finds in all (not one page): the number of orders, what was paid on them and what was refunded (fen); finance role',
        querystring: orderFilters,
        response: { 200: envelopeSchema(orderTotalsSchema) },
      },
    },
    async (req) => ok(await adminOrderTotals(app.db, req.auth, req.query)),
  );

  app.get(
    '/api/blade-finance/admin/order/export',
    {
      schema: {
        tags,
        security,
        summary:
          'The same search as an XLSX file (raw, streamed; amounts in yuan; headers, types, states and channels in the request language; a totals row as order/totals says); finance role',
        querystring: orderFilters,
      },
    },
    async (req, reply) => exportAdminOrders(app.db, req.auth, req.query, req.lang, reply),
  );

  app.get(
    '/api/blade-finance/admin/order/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One order of the tenant with its items, bills and refunds; finance role',
        params: idParam,
        response: { 200: envelopeSchema(adminOrderDetailSchema) },
      },
    },
    async (req) => ok(await adminOrderDetail(app.db, req.auth, req.params.id)),
  );
}
