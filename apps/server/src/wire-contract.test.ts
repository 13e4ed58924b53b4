/**
 * Issue 10, "One wire contract": the routes of fee, order, pay and the finance office validate and
 * serialize with the very schema objects of packages/shared/src/wire (the web's types are their z.infer),
 * and the OpenAPI document is made from them, so a change to a wire schema changes all three at once.
 */
import * as adminFinanceWire from '@cf/shared/wire/admin-finance';
import * as feeWire from '@cf/shared/wire/fee';
import * as orderWire from '@cf/shared/wire/order';
import * as payWire from '@cf/shared/wire/pay';
import Fastify, { type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerAdminBillRoutes } from '@server/modules/admin/bills-routes';
import { registerAdminExceptionRoutes } from '@server/modules/admin/exceptions-routes';
import { registerAdminRefundRoutes } from '@server/modules/admin/refunds-routes';
import feeRoutes from '@server/modules/fee/routes';
import orderRoutes from '@server/modules/order/routes';
import { closeOrder } from '@server/modules/pay/channels/close';
import payRoutes from '@server/modules/pay/routes';
import { createTestApp, type TestContext } from '@server-test/helpers';

interface RouteSchema {
  body?: unknown;
  querystring?: unknown;
  response?: Record<number, z.ZodObject>;
}

/** Every route of these modules as registered: "METHOD path" -> its schema. */
async function registeredSchemas(): Promise<Map<string, RouteSchema>> {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const routes = new Map<string, RouteSchema>();
  app.addHook('onRoute', (route: RouteOptions) => {
    for (const method of [route.method].flat())
      routes.set(`${method} ${route.url}`, route.schema as RouteSchema);
  });
  await app.register(feeRoutes);
  await app.register(orderRoutes, { closeOrder });
  await app.register(payRoutes);
  await app.register(async (scope) => {
    registerAdminBillRoutes(scope);
    registerAdminRefundRoutes(scope);
    registerAdminExceptionRoutes(scope);
  });
  await app.ready();
  await app.close();
  return routes;
}

/** The `data` schema inside a route's 200 envelope. */
const replyData = (schema: RouteSchema | undefined) => schema?.response?.[200]?.shape.data;

const API = '/api/blade-finance';

/** [route, its request schema (body or querystring) or undefined, its reply's data schema]. */
const CONTRACT: [string, unknown, unknown][] = [
  [`GET ${API}/fee/student`, undefined, feeWire.studentFeesSchema],
  [`GET ${API}/fee/other`, undefined, feeWire.otherFeesSchema],
  [`GET ${API}/fee/item/:id`, undefined, feeWire.feeItemSchema],
  [`GET ${API}/fee/receivable/:id`, undefined, feeWire.receivableDetailSchema],
  [`POST ${API}/fee/offline`, feeWire.offlineBody, feeWire.billSchema],
  [`GET ${API}/fee/history`, feeWire.historyQuery, undefined],
  [`POST ${API}/enroll/lookup`, feeWire.enrollLookupBody, feeWire.enrollLookupSchema],
  [`POST ${API}/order/create-fee`, orderWire.createFeeBody, orderWire.createdOrderSchema],
  [`POST ${API}/order/create-other`, orderWire.createOtherBody, orderWire.createdOrderSchema],
  [`POST ${API}/order/create-enroll`, orderWire.createEnrollBody, orderWire.createdOrderSchema],
  [`GET ${API}/order/list`, orderWire.orderListQuery, undefined],
  [`GET ${API}/order/other-list`, orderWire.orderListQuery, undefined],
  [`GET ${API}/order/detail/:id`, undefined, orderWire.orderDetailSchema],
  [`POST ${API}/order/cancel/:id`, undefined, orderWire.cancelResultSchema],
  [`GET ${API}/pay/cashier`, payWire.cashierQuery, payWire.cashierSchema],
  [`POST ${API}/pay/prepay`, payWire.prepayBody, payWire.prepaySchema],
  [`GET ${API}/pay/status`, payWire.orderNoQuery, payWire.statusSchema],
  [`POST ${API}/pay/link`, payWire.linkBody, payWire.linkSchema],
  [`GET ${API}/admin/bill/list`, adminFinanceWire.adminBillQuery, undefined],
  [`POST ${API}/admin/bill/:id/review`, undefined, feeWire.billSchema],
  [`POST ${API}/admin/bill/:id/void`, undefined, feeWire.billSchema],
  [`POST ${API}/admin/order/:id/refund`, adminFinanceWire.refundBody, adminFinanceWire.refundSchema],
  [`GET ${API}/admin/payment-exception/list`, adminFinanceWire.exceptionListQuery, undefined],
  [`POST ${API}/admin/payment-exception/refund/:id`, undefined, adminFinanceWire.exceptionSchema],
  [
    `POST ${API}/admin/payment-exception/resolve/:id`,
    adminFinanceWire.exceptionResolveBody,
    adminFinanceWire.exceptionSchema,
  ],
];

/** Paged replies: the record schema inside the page inside the envelope. */
const PAGED: [string, unknown][] = [
  [`GET ${API}/fee/history`, feeWire.billSchema],
  [`GET ${API}/order/list`, orderWire.orderRecordSchema],
  [`GET ${API}/order/other-list`, orderWire.orderRecordSchema],
  [`GET ${API}/admin/bill/list`, adminFinanceWire.adminBillSchema],
  [`GET ${API}/admin/payment-exception/list`, adminFinanceWire.exceptionSchema],
];

describe('the routes use the wire contract’s schema objects', () => {
  let routes: Map<string, RouteSchema>;
  beforeAll(async () => {
    routes = await registeredSchemas();
  });

  it.each(CONTRACT)('%s', (route, request, reply) => {
    const schema = routes.get(route);
    expect(schema, `${route} is registered`).toBeDefined();
    if (request) expect(schema!.body ?? schema!.querystring).toBe(request);
    if (reply) expect(replyData(schema)).toBe(reply);
  });

  it.each(PAGED)('%s pages the wire record', (route, record) => {
    const page = replyData(routes.get(route)) as z.ZodObject;
    expect((page.shape.records as z.ZodArray).element).toBe(record);
  });

  it('the channel names of the gateways are the wire contract’s', async () => {
    const { PAY_CHANNEL_NAMES } = await import('@server/gateways/types');
    expect(PAY_CHANNEL_NAMES).toBe(payWire.PAY_CHANNEL_NAMES);
  });
});

describe('the OpenAPI document is made from the wire contract', () => {
  let ctx: TestContext;
  let doc: { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
  beforeAll(async () => {
    ctx = await createTestApp({}, { seed: false });
    doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  });
  afterAll(() => ctx.close());

  /** The documented `data` of a route's 200 reply. */
  const documented = (method: string, path: string) => {
    const ok = doc.paths[path]?.[method]?.responses['200'] as {
      content: { 'application/json': { schema: { properties: { data: unknown } } } };
    };
    return ok.content['application/json'].schema.properties.data;
  };
  const asOpenApi = (schema: z.ZodType) => z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'output' });

  it.each([
    ['get', `${API}/order/detail/{id}`, orderWire.orderDetailSchema],
    ['get', `${API}/pay/cashier`, payWire.cashierSchema],
    ['get', `${API}/fee/student`, feeWire.studentFeesSchema],
    ['post', `${API}/admin/order/{id}/refund`, adminFinanceWire.refundSchema],
  ] as const)('%s %s documents the wire reply', (method, path, schema) => {
    expect(documented(method, path)).toEqual(asOpenApi(schema));
  });

  it('a field added to the wire reply would show in the document', () => {
    const changed = orderWire.orderDetailSchema.extend({ extra: z.string() });
    expect(documented('get', `${API}/order/detail/{id}`)).not.toEqual(asOpenApi(changed));
  });
});
