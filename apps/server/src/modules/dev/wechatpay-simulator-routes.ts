/**
 * Demo mode only (registered by modules/dev/routes.ts): each tenant's WeChat Pay simulator (used
 * when the tenant has no merchant keys) served under /api/dev/wechatpay/{tenantId}: the v3 protocol
 * itself, a "the payer paid" button for a browser outside WeChat, which cannot run WeixinJSBridge,
 * the page an H5 trade's h5_url opens (pays or fails, then back to redirect_url) and the page that
 * "scans" a Native code_url (pays or fails).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { SimulatedNotify, WechatPaySimulator } from '@server/gateways/wechat-pay/simulator';
import type { SimOrder } from '@server/gateways/wechat-pay/simulator-orders';
import { simulatorPayPage, simulatorResultPage, type SimPage } from './wechatpay-payer-pages';
import {
  simulatorH5Query,
  simulatorScanQuery,
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

  /** Posts a notify to this process, as WeChat would to the merchant's notify_url. */
  async function deliver(notify: SimulatedNotify) {
    const url = new URL(notify.notifyUrl);
    return app.inject({
      method: 'POST',
      url: url.pathname + url.search,
      headers: notify.headers,
      payload: notify.rawBody,
    });
  }

  const payable = (order: Readonly<SimOrder>) =>
    order.state === 'NOTPAY' || order.state === 'USERPAYING' || order.state === 'PAYERROR';

  /** The payer's choice on a payer page: paid (WeChat notifies at once) or failed (PAYERROR). */
  async function act(simulator: WechatPaySimulator, order: Readonly<SimOrder>, action: string) {
    if (action === 'pay') await deliver(simulator.pay(order.outTradeNo));
    else simulator.setState(order.outTradeNo, 'PAYERROR');
  }

  /** A page's form, as the string the content parser keeps. */
  const formOf = (req: FastifyRequest) => new URLSearchParams(typeof req.body === 'string' ? req.body : '');

  /**
   * WeChat sends the payer back only to the merchant's registered H5 domain; the simulator takes an
   * address on the host the page was asked from (this app).
   */
  function backTo(redirectUrl: string | null | undefined, host: string | undefined): string | null {
    if (!redirectUrl) return null;
    try {
      const url = new URL(redirectUrl);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.host === host ? url.href : null;
    } catch {
      return null;
    }
  }

  const HTML = 'text/html; charset=utf-8';
  const RESULT = { pay: 'pay.wechatSim.paid', fail: 'pay.wechatSim.failed' } as const;
  const pageOf = (kind: SimPage, key: keyof typeof RESULT | 'closed' | 'unknown') =>
    simulatorResultPage(kind, key === 'closed' || key === 'unknown' ? `pay.wechatSim.${key}` : RESULT[key]);

  app.get(
    `${DEV_WECHAT_PAY_PREFIX}/:tenantId/h5`,
    {
      schema: {
        tags: ['dev'],
        summary: "Demo: the page an H5 trade's h5_url opens in the phone's browser (HTML)",
        params: tenantParam,
        querystring: simulatorH5Query,
      },
    },
    async (req, reply) => {
      void reply.header('cache-control', 'no-store').type(HTML);
      const simulator = await standins.wechatSimulator(req.params.tenantId);
      const order = simulator?.h5Order(req.query.prepay_id);
      if (!order) return reply.status(404).send(pageOf('h5', 'unknown'));
      if (!payable(order)) return reply.send(pageOf('h5', 'closed'));
      return reply.send(
        simulatorPayPage('h5', order, {
          prepay_id: req.query.prepay_id,
          redirect_url: req.query.redirect_url ?? '',
        }),
      );
    },
  );

  app.post(
    `${DEV_WECHAT_PAY_PREFIX}/:tenantId/h5`,
    {
      schema: {
        tags: ['dev'],
        summary: "Demo: the payer's choice on the H5 page; then back to the merchant's redirect_url",
        params: tenantParam,
      },
    },
    async (req, reply) => {
      void reply.header('cache-control', 'no-store').type(HTML);
      const form = formOf(req);
      const simulator = await standins.wechatSimulator(req.params.tenantId);
      const order = simulator?.h5Order(form.get('prepay_id') ?? '');
      const action = form.get('action') === 'pay' ? 'pay' : 'fail';
      if (!simulator || !order) return reply.status(404).send(pageOf('h5', 'unknown'));
      if (!payable(order)) return reply.status(409).send(pageOf('h5', 'closed'));
      await act(simulator, order, action);
      const back = backTo(form.get('redirect_url'), req.headers.host);
      return back ? reply.redirect(back, 303) : reply.send(pageOf('h5', action));
    },
  );

  app.get(
    `${DEV_WECHAT_PAY_PREFIX}/:tenantId/scan`,
    {
      schema: {
        tags: ['dev'],
        summary: 'Demo: WeChat after scanning a Native code_url (HTML)',
        params: tenantParam,
        querystring: simulatorScanQuery,
      },
    },
    async (req, reply) => {
      void reply.header('cache-control', 'no-store').type(HTML);
      const simulator = await standins.wechatSimulator(req.params.tenantId);
      const order = simulator?.scannedOrder(req.query.code_url);
      if (!order) return reply.status(404).send(pageOf('scan', 'unknown'));
      if (!payable(order)) return reply.send(pageOf('scan', 'closed'));
      return reply.send(simulatorPayPage('scan', order, { code_url: req.query.code_url }));
    },
  );

  app.post(
    `${DEV_WECHAT_PAY_PREFIX}/:tenantId/scan`,
    {
      schema: {
        tags: ['dev'],
        summary: "Demo: the payer's choice after scanning a Native code_url",
        params: tenantParam,
      },
    },
    async (req, reply) => {
      void reply.header('cache-control', 'no-store').type(HTML);
      const form = formOf(req);
      const simulator = await standins.wechatSimulator(req.params.tenantId);
      const order = simulator?.scannedOrder(form.get('code_url') ?? '');
      const action = form.get('action') === 'pay' ? 'pay' : 'fail';
      if (!simulator || !order) return reply.status(404).send(pageOf('scan', 'unknown'));
      if (!payable(order)) return reply.status(409).send(pageOf('scan', 'closed'));
      await act(simulator, order, action);
      return reply.send(pageOf('scan', action));
    },
  );

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
      if (!payable(order)) throw badRequest('pay.orderClosed');
      const res = await deliver(simulator.pay(req.query.outTradeNo));
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
      await deliver(answer.notify);
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
