/**
 * Demo mode only (registered by modules/dev/routes.ts): each tenant's WeChat Pay simulator (used
 * when the tenant has no merchant keys) served under /api/dev/wechatpay/{tenantId}: the v3 protocol
 * itself, and a "the payer paid" button for a browser outside WeChat, which cannot run
 * WeixinJSBridge.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  simulatorJsapiSchema,
  simulatorPayQuery,
  simulatorPaySchema,
  simulatorTenantParams,
} from '@cf/shared/wire/dev';
import { DEV_WECHAT_PAY_PREFIX } from '@server/gateways/pay-channels';
import { envelopeSchema, ok } from '@server/http/envelope';
import { badRequest, notFound } from '@server/http/errors';

export default async function wechatSimulatorRoutes(instance: FastifyInstance): Promise<void> {
  instance.removeAllContentTypeParsers();
  // The simulator checks the merchant's signature over the body exactly as sent.
  instance.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const standins = app.gateways.pay.standins!;
  const tenantParam = simulatorTenantParams;

  app.post(
    `${DEV_WECHAT_PAY_PREFIX}/:tenantId/pay`,
    {
      schema: {
        tags: ['dev'],
        summary: 'Demo: the payer completes a WeChat payment; the simulator sends its notify',
        params: tenantParam,
        querystring: simulatorPayQuery,
        response: { 200: envelopeSchema(simulatorPaySchema) },
      },
    },
    async (req) => {
      const simulator = await standins.wechatSimulator(req.params.tenantId);
      const order = simulator?.order(req.query.outTradeNo);
      if (!simulator || !order) throw notFound('pay.orderNotFound');
      if (order.state !== 'NOTPAY' && order.state !== 'USERPAYING' && order.state !== 'PAYERROR')
        throw badRequest('pay.orderClosed');
      const notify = simulator.pay(req.query.outTradeNo);
      const url = new URL(notify.notifyUrl);
      const res = await app.inject({
        method: 'POST',
        url: url.pathname + url.search,
        headers: notify.headers,
        payload: notify.rawBody,
      });
      return ok({ notifyStatus: res.statusCode, notifyReply: res.body });
    },
  );

  app.post(
    `${DEV_WECHAT_PAY_PREFIX}/:tenantId/jsapi`,
    {
      schema: {
        tags: ['dev'],
        summary:
          'Demo: what the WeChat app does with getBrandWCPayRequest parameters (checks paySign, the payer pays)',
        params: tenantParam,
        response: { 200: simulatorJsapiSchema },
      },
    },
    async (req) => {
      const simulator = await standins.wechatSimulator(req.params.tenantId);
      if (!simulator) throw notFound();
      let params: unknown;
      try {
        params = JSON.parse(typeof req.body === 'string' ? req.body : '');
      } catch {
        throw badRequest('common.malformedJson');
      }
      const answer = simulator.payJsapi(params);
      if ('refused' in answer) return { err_msg: 'get_brand_wcpay_request:fail', reason: answer.refused };
      const url = new URL(answer.notify.notifyUrl);
      await app.inject({
        method: 'POST',
        url: url.pathname + url.search,
        headers: answer.notify.headers,
        payload: answer.notify.rawBody,
      });
      return { err_msg: 'get_brand_wcpay_request:ok' };
    },
  );

  app.all(
    `${DEV_WECHAT_PAY_PREFIX}/:tenantId/v3/*`,
    { schema: { hide: true, params: tenantParam.extend({ '*': z.string() }) } },
    async (req, reply) => {
      const simulator = await standins.wechatSimulator(req.params.tenantId);
      if (!simulator) throw notFound();
      const answer = simulator.handle({
        method: req.method,
        path: req.url,
        headers: req.headers,
        body: typeof req.body === 'string' ? req.body : '',
      });
      return reply
        .status(answer.status)
        .headers(answer.headers)
        .send(answer.bytes ?? answer.body);
    },
  );
}
