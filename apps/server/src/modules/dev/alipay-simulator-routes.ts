/**
 * Demo mode only (registered by ./routes.ts): each tenant's Alipay simulator (used when the tenant
 * has no Alipay keys) under /api/dev/alipay/{tenantId}: its OpenAPI gateway (gateway.do — the signed
 * JSON methods, and the payer's browser arriving with a signed wap.pay / page.pay request, who gets
 * the simulator's cashier), the cashier's choice (checkout), and the statement download (bill).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { simulatorTenantParams } from '@cf/shared/wire/dev';
import { DEV_ALIPAY_PREFIX } from '@server/gateways/pay-channels';
import type { AlipaySimulator } from '@server/gateways/alipay/simulator';
import { ALIPAY_METHODS } from '@server/gateways/alipay/wire';
import type { SimRequest } from '@server/gateways/wechat-pay/simulator';
import { notFound } from '@server/http/errors';
import { CHECKOUT_SCRIPT, checkoutPage, checkoutResultPage, type CashierWords } from './checkout-page';

const HTML = 'text/html; charset=utf-8';
const ALIPAY: CashierWords = { title: 'pay.checkout.alipayTitle', note: 'pay.checkout.alipayNote' };
const PAGE_METHODS: string[] = [ALIPAY_METHODS.wapPay, ALIPAY_METHODS.pagePay];
const checkoutChoice = z.object({ ticket: z.string().max(64), action: z.enum(['pay', 'fail', 'cancel']) });

/** A form body or JSON body as a flat record (the cashier posts a form, its script URL-encoded). */
function fieldsOf(body: unknown): Record<string, string> {
  const text = typeof body === 'string' ? body : '';
  if (text.trimStart().startsWith('{')) {
    try {
      return JSON.parse(text) as Record<string, string>;
    } catch {
      return {};
    }
  }
  return Object.fromEntries(new URLSearchParams(text));
}

export default async function alipaySimulatorRoutes(instance: FastifyInstance): Promise<void> {
  instance.removeAllContentTypeParsers();
  // The simulator checks the application's signature over the parameters exactly as sent.
  instance.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const standins = app.gateways.pay.standins!;
  const params = simulatorTenantParams;
  // The simulators this process served: their scheduled notifies stop with the app.
  const served = new Set<AlipaySimulator>();
  app.addHook('onClose', async () => {
    for (const simulator of served) simulator.stop();
  });

  async function simulatorOf(tenantId: string) {
    const simulator = await standins.alipaySimulator(tenantId);
    if (!simulator) throw notFound();
    served.add(simulator);
    return simulator;
  }

  const gateway = async (
    req: {
      method: string;
      url: string;
      headers: SimRequest['headers'];
      body: unknown;
      params: { tenantId: string };
    },
    reply: FastifyReply,
  ) => {
    const simulator = await simulatorOf(req.params.tenantId);
    const sim: SimRequest = {
      method: req.method,
      path: req.url,
      headers: req.headers,
      body: typeof req.body === 'string' ? req.body : '',
    };
    const fields = {
      ...Object.fromEntries(new URL(req.url, 'http://x').searchParams),
      ...fieldsOf(req.body),
    };
    if (PAGE_METHODS.includes(fields.method ?? '')) {
      // The payer's browser: the signed request opens (or finds) the trade, and the cashier shows it.
      void reply.header('cache-control', 'no-store');
      const checkout = simulator.openCheckout(fields);
      if ('refused' in checkout)
        return reply
          .status(400)
          .type(HTML)
          .send(checkoutResultPage('pay.checkout.unknown', undefined, ALIPAY));
      const t = checkout.trade;
      return reply.type(HTML).send(
        checkoutPage(
          {
            ticket: t.outTradeNo,
            amountFen: t.totalFen,
            outTradeNo: t.outTradeNo,
            description: t.subject,
            returnUrl: t.returnUrl || undefined,
          },
          ALIPAY,
        ),
      );
    }
    const answer = simulator.handle(sim);
    return reply
      .status(answer.status)
      .headers(answer.headers)
      .send(answer.bytes ?? answer.body);
  };

  const hidden = { schema: { hide: true, params } };
  app.get(`${DEV_ALIPAY_PREFIX}/:tenantId/gateway.do`, hidden, gateway);
  app.post(`${DEV_ALIPAY_PREFIX}/:tenantId/gateway.do`, hidden, gateway);

  app.get(`${DEV_ALIPAY_PREFIX}/:tenantId/bill`, hidden, async (req, reply) => {
    const simulator = await simulatorOf(req.params.tenantId);
    const answer = simulator.handle({ method: 'GET', path: req.url, headers: req.headers, body: '' });
    return reply
      .status(answer.status)
      .headers(answer.headers)
      .send(answer.bytes ?? answer.body);
  });

  app.get(`${DEV_ALIPAY_PREFIX}/:tenantId/checkout.js`, hidden, async (_req, reply) =>
    reply.header('cache-control', 'no-cache').type('text/javascript; charset=utf-8').send(CHECKOUT_SCRIPT),
  );

  app.post(
    `${DEV_ALIPAY_PREFIX}/:tenantId/checkout`,
    {
      schema: {
        tags: ['dev'],
        summary: "Demo: the payer's choice at the Alipay simulator's cashier (pay sends Alipay's notifies)",
        params,
      },
    },
    async (req, reply) => {
      void reply.header('cache-control', 'no-store');
      const simulator = await simulatorOf(req.params.tenantId);
      const choice = checkoutChoice.safeParse(fieldsOf(req.body));
      const trade = choice.success ? simulator.trades.get(choice.data.ticket) : undefined;
      if (!choice.success || !trade)
        return reply
          .status(404)
          .type(HTML)
          .send(checkoutResultPage('pay.checkout.unknown', undefined, ALIPAY));
      const json = (req.headers.accept ?? '').includes('application/json');
      const back = trade.returnUrl || undefined;
      if (trade.status !== 'WAIT_BUYER_PAY') {
        if (json) return { next: back ?? null };
        return reply
          .status(409)
          .type(HTML)
          .send(checkoutResultPage('pay.checkout.closed', back, ALIPAY));
      }
      // A failed try or a cancel leaves the trade waiting, as Alipay's cashier does; the payer goes back.
      const next =
        choice.data.action === 'pay' ? simulator.returnAddress(simulator.pay(trade.outTradeNo), true) : back;
      if (json) return { next: next ?? null };
      if (next) return reply.redirect(next, 303);
      const key =
        choice.data.action === 'pay'
          ? 'pay.checkout.paid'
          : choice.data.action === 'fail'
            ? 'pay.checkout.failed'
            : 'pay.checkout.cancelled';
      return reply.type(HTML).send(checkoutResultPage(key, undefined, ALIPAY));
    },
  );
}
