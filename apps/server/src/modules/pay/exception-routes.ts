/**
 * GET /api/blade-finance/admin/payment-exception/list: money that arrived for an order that could not
 * take it (paid after close, a second payment, a different amount), for the finance office to refund
 * or settle. Finance role of the same tenant only.
 */
import { and, count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orders, paymentExceptions } from '../../db/schema-finance';
import { requireUser } from '../../http/auth';
import { envelopeSchema, ok, page, pageQuery, pageSchema } from '../../http/envelope';
import { requireFinanceRole } from '../fee/admin-service';

const exceptionSchema = z.object({
  id: z.number(),
  orderId: z.number().nullable(),
  orderNo: z.string().nullable(),
  channel: z.string(),
  transactionId: z.string(),
  amountFen: z.number(),
  kind: z.string(),
  status: z.string(),
  createdAt: z.string(),
});

export default async function exceptionRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/blade-finance/admin/payment-exception/list',
    {
      preHandler: requireUser,
      schema: {
        tags: ['finance admin'],
        security: [{ bladeAuth: [] }],
        summary: 'Payments kept for refund or review (default: the open ones); finance role',
        querystring: pageQuery.extend({ status: z.enum(['open', 'refunded', 'resolved']).default('open') }),
        response: { 200: envelopeSchema(pageSchema(exceptionSchema)) },
      },
    },
    async (req) => {
      await requireFinanceRole(app.db, req.auth);
      const where = and(
        eq(paymentExceptions.tenantId, req.auth.tenantId),
        eq(paymentExceptions.status, req.query.status),
      );
      const [rows, [total]] = await Promise.all([
        app.db
          .select({ exception: paymentExceptions, orderNo: orders.orderNo })
          .from(paymentExceptions)
          .leftJoin(orders, eq(orders.id, paymentExceptions.orderId))
          .where(where)
          .orderBy(desc(paymentExceptions.createdAt), desc(paymentExceptions.id))
          .limit(req.query.size)
          .offset((req.query.current - 1) * req.query.size),
        app.db.select({ total: count() }).from(paymentExceptions).where(where),
      ]);
      const records = rows.map(({ exception: e, orderNo }) => ({
        id: e.id,
        orderId: e.orderId,
        orderNo,
        channel: e.channel,
        transactionId: e.transactionId,
        amountFen: e.amountFen,
        kind: e.kind,
        status: e.status,
        createdAt: e.createdAt.toISOString(),
      }));
      return ok(page(records, Number(total?.total ?? 0), req.query));
    },
  );
}
