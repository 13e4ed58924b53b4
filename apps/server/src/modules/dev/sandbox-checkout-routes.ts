/**
 * Demo mode only (registered by modules/dev/routes.ts): the sandbox channel's checkout page. GET
 * shows the trade; POST carries the payer's choice (pay / fail / cancel) and sends them back to the
 * merchant's page. A payment makes the sandbox send its signed notifies to the server (some twice,
 * some late).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sandboxCheckoutBody, sandboxCheckoutQuery } from '@cf/shared/wire/dev';
import { SANDBOX_CHECKOUT_PATH } from '@server/gateways/sandbox-pay/sandbox-pay';
import { PayChannelError } from '@server/gateways/wechat-pay/types';
import { CHECKOUT_SCRIPT, checkoutPage, checkoutResultPage } from './checkout-page';

const HTML = 'text/html; charset=utf-8';
const wantsJson = (accept: string | undefined) => (accept ?? '').includes('application/json');
const RESULT_KEY = {
  pay: 'pay.checkout.paid',
  fail: 'pay.checkout.failed',
  cancel: 'pay.checkout.cancelled',
} as const;

export default async function sandboxRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const sandbox = app.gateways.pay.standins!.sandbox;
  sandbox.notifier.onError = (err) => app.log.warn({ err }, 'sandbox: notify delivery failed; it will retry');
  app.addHook('onClose', async () => sandbox.notifier.stop());

  app.get(
    SANDBOX_CHECKOUT_PATH,
    {
      schema: {
        tags: ['dev'],
        summary: 'Demo: the sandbox channel checkout page (HTML)',
        querystring: sandboxCheckoutQuery,
      },
    },
    async (req, reply) => {
      // Never from a cache (nor the back-forward cache): Back after paying must show the trade as it is now.
      void reply.header('cache-control', 'no-store');
      const trade = sandbox.book.byTicket(req.query.ticket);
      if (!trade) return reply.status(404).type(HTML).send(checkoutResultPage('pay.checkout.unknown'));
      if (trade.state === 'SUCCESS' || trade.state === 'REFUND')
        return reply.type(HTML).send(checkoutResultPage('pay.checkout.alreadyPaid', trade.returnUrl));
      if (trade.state !== 'NOTPAY' && trade.state !== 'PAYERROR')
        return reply.type(HTML).send(checkoutResultPage('pay.checkout.closed', trade.returnUrl));
      return reply.type(HTML).send(checkoutPage(trade));
    },
  );

  app.get(
    `${SANDBOX_CHECKOUT_PATH}.js`,
    { schema: { tags: ['dev'], summary: "Demo: the sandbox checkout page's script" } },
    async (_req, reply) =>
      reply.header('cache-control', 'no-cache').type('text/javascript; charset=utf-8').send(CHECKOUT_SCRIPT),
  );

  app.post(
    SANDBOX_CHECKOUT_PATH,
    {
      schema: {
        tags: ['dev'],
        summary: "Demo: the payer's choice on the sandbox checkout page",
        body: sandboxCheckoutBody,
      },
    },
    async (req, reply) => {
      void reply.header('cache-control', 'no-store');
      const trade = sandbox.book.byTicket(req.body.ticket);
      if (!trade) return reply.status(404).type(HTML).send(checkoutResultPage('pay.checkout.unknown'));
      try {
        sandbox.act(trade, req.body.action);
      } catch (error) {
        if (!(error instanceof PayChannelError)) throw error;
        if (wantsJson(req.headers.accept)) return { next: trade.returnUrl ?? null };
        return reply.status(409).type(HTML).send(checkoutResultPage('pay.checkout.closed', trade.returnUrl));
      }
      // The page's script asks for the return address and leaves by location.replace (checkout-page.ts).
      if (wantsJson(req.headers.accept)) return { next: trade.returnUrl ?? null };
      if (trade.returnUrl) return reply.redirect(trade.returnUrl, 303);
      return reply.type(HTML).send(checkoutResultPage(RESULT_KEY[req.body.action]));
    },
  );
}
