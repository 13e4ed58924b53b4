/**
 * Every demo stand-in route, and only here (app.ts registers this in demo mode only, so none of them
 * exists in production): what the SMS and mail stand-ins sent, a captcha's text, the WeChat OAuth
 * stand-in and its template messages, the sandbox channel's checkout page, each tenant's WeChat Pay v3 simulator and the e-bill
 * platform stand-in (modules/dev/ebill-routes.ts), so every
 * flow can be finished offline. The stand-ins' logic stays in gateways/; nothing imports modules/dev.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { captchaKeyParams, captchaTextSchema, outboxMessageSchema, outboxQuery } from '@cf/shared/wire/dev';
import { devOutbox } from '@server/db/schema';
import { envelopeSchema, ok } from '@server/http/envelope';
import { notFound } from '@server/http/errors';
import { captchaText } from '../auth/captcha';
import alipaySimulatorRoutes from './alipay-simulator-routes';
import ebillStandinRoutes from './ebill-routes';
import sandboxCheckoutRoutes from './sandbox-checkout-routes';
import wechatMessageStandinRoutes from './wechat-message-routes';
import wechatStandinRoutes from './wechat-routes';
import wechatPaySimulatorRoutes from './wechatpay-simulator-routes';

const OUTBOX_LIMIT = 50;

export default async function devRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/dev/outbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Demo: messages the SMS and mail stand-ins sent, newest first',
        querystring: outboxQuery,
        response: {
          200: envelopeSchema(z.array(outboxMessageSchema)),
        },
      },
    },
    async (req) => {
      const phone = req.query.phone?.trim();
      const rows = await app.db
        .select()
        .from(devOutbox)
        .where(phone ? eq(devOutbox.recipient, phone) : undefined)
        .orderBy(desc(devOutbox.id))
        .limit(OUTBOX_LIMIT);
      return ok(rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })));
    },
  );

  app.get(
    '/api/dev/captcha/:key',
    {
      schema: {
        tags: ['dev'],
        summary: "Demo: a captcha's text",
        params: captchaKeyParams,
        response: { 200: envelopeSchema(captchaTextSchema) },
      },
    },
    async (req) => {
      const text = await captchaText(app.db, req.params.key);
      if (text === undefined) throw notFound();
      return ok({ text });
    },
  );

  await app.register(wechatStandinRoutes);
  await app.register(wechatMessageStandinRoutes);
  if (app.gateways.ebillStandin) await app.register(ebillStandinRoutes);
  if (app.gateways.pay.standins) {
    await app.register(sandboxCheckoutRoutes);
    await app.register(wechatPaySimulatorRoutes);
    await app.register(alipaySimulatorRoutes);
  }
}
