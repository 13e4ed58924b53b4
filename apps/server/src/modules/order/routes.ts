/**
 * /api/blade-finance/order/* (HTTP only): creating orders from receivables and catalogue items,
 * my orders, other people's orders, detail and cancel.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth, requireUser } from '@server/modules/auth/guard';
import { envelopeSchema, ok, pageSchema } from '@server/http/envelope';
import { idParam } from '@cf/shared/wire/fields';
import { createEnrollOrder, createFeeOrder, createOtherOrder, type OrderCtx } from './create-service';
import type { OrderListCache } from './list-cache';
import { cancelOrder, listMyOrders, listOtherOrders, orderDetail, type CloseOrder } from './query-service';
import {
  cancelResultSchema,
  createdOrderSchema,
  createEnrollBody,
  createFeeBody,
  createOtherBody,
  orderDetailSchema,
  orderListQuery,
  orderRecordSchema,
  type OrderListQuery,
} from '@cf/shared/wire/order';

declare module 'fastify' {
  interface FastifyInstance {
    /** Decorated by app.ts (attachOrderListCache); declared here, as http/ must not import modules. */
    orderListCache: OrderListCache;
  }
}

/**
 * The order lists are the busiest reads. Their reply bodies are built once (records field by field in
 * query-service.ts, then JSON.stringify without zod re-validation) and kept per caller in the order-list
 * cache until an order of that caller changes (list-cache.ts); the schema documents them in OpenAPI.
 */
async function listBody(req: FastifyRequest, query: OrderListQuery, kind: 'mine' | 'paid'): Promise<string> {
  const { db, orderListCache: cache } = req.server;
  const pageKey = `${kind}\u0000${query.tab}\u0000${query.current}\u0000${query.size}\u0000${req.lang}`;
  const hit = cache.get(req.auth, pageKey);
  if (hit !== undefined) return hit;
  const ticket = cache.ticket();
  const list = kind === 'mine' ? listMyOrders : listOtherOrders;
  const body = JSON.stringify(ok(await list(db, req.auth, query.tab, query, req.lang)));
  cache.put(ticket, req.auth, pageKey, body);
  return body;
}

/** The body is already JSON: sent as it is (the typed reply only knows the record schema). */
const sendJson = (reply: unknown, body: string) =>
  (reply as FastifyReply).type('application/json; charset=utf-8').send(body);

const tags = ['order'];
const security = [{ bladeAuth: [] }];
const created = { 200: envelopeSchema(createdOrderSchema) };

const orderCtx = (req: FastifyRequest): OrderCtx => ({
  db: req.server.db,
  config: req.server.config,
  auth: req.auth,
  lang: req.lang,
});

/** What app.ts hands in from the pay module, which sits above order (pay imports order, never back). */
export interface OrderRoutesOptions {
  closeOrder: CloseOrder;
}

export default async function orderRoutes(
  fastify: FastifyInstance,
  options: OrderRoutesOptions,
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/blade-finance/order/create-fee',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary:
          'Order student fees of the bound student: each item in full, or a part (amountFen) where allowed',
        body: createFeeBody,
        response: created,
      },
    },
    async (req) => ok(await createFeeOrder(orderCtx(req), req.body.items)),
  );

  app.post(
    '/api/blade-finance/order/create-other',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary:
          'Order a comprehensive receivable ({receivableId, amountFen?}) or a manual / top-up item ({feeItemId, quantity?, amountFen?, formData?})',
        body: createOtherBody,
        response: created,
      },
    },
    async (req) => ok(await createOtherOrder(orderCtx(req), req.body)),
  );

  app.post(
    '/api/blade-finance/order/create-enroll',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        security,
        summary: 'Order an enrolment item for a newly admitted student found by ID number and name',
        body: createEnrollBody,
        response: created,
      },
    },
    async (req) => ok(await createEnrollOrder(orderCtx(req), req.body)),
  );

  app.get(
    '/api/blade-finance/order/list',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        security,
        summary: 'My orders (created by me), newest first, by tab',
        querystring: orderListQuery,
        response: { 200: envelopeSchema(pageSchema(orderRecordSchema)) },
      },
    },
    async (req, reply) => sendJson(reply, await listBody(req, req.query, 'mine')),
  );

  app.get(
    '/api/blade-finance/order/other-list',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        security,
        summary: 'Other people’s orders: orders I paid through a pay link and did not create',
        querystring: orderListQuery,
        response: { 200: envelopeSchema(pageSchema(orderRecordSchema)) },
      },
    },
    async (req, reply) => sendJson(reply, await listBody(req, req.query, 'paid')),
  );

  app.get(
    '/api/blade-finance/order/detail/:id',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        security,
        summary: 'One order with its items and its charge and refund bills',
        params: idParam,
        response: { 200: envelopeSchema(orderDetailSchema) },
      },
    },
    async (req) => ok(await orderDetail(app.db, req.auth, req.params.id)),
  );

  app.post(
    '/api/blade-finance/order/cancel/:id',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        security,
        summary: 'Cancel my unpaid order (the channel is asked first; a paid one becomes PAID instead)',
        params: idParam,
        response: { 200: envelopeSchema(cancelResultSchema) },
      },
    },
    async (req) => ok(await cancelOrder(app, options.closeOrder, req.auth, req.params.id)),
  );
}
