/**
 * /api/blade-finance/pay/* (HTTP only): cashier, prepay, status, pay links; the channels' notifies.
 * (Refunds: ../admin/refunds-routes.ts; the demo sandbox checkout page and WeChat Pay simulator: modules/dev.)
 */
import { payerPlace } from '@cf/shared/pay-offers';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '@server/db/client';
import type { OrderRow } from '@server/modules/order/pay-status';
import type { SignatureState } from '@cf/shared/wire/signature';
import type { AuthContext } from '@server/http/context';
import { requireAuth } from '@server/modules/auth/guard';
import { envelopeSchema, ok } from '@server/http/envelope';
import { resolvePayAccess } from '@server/modules/pay/cashier/access';
import {
  abandonPayment,
  cashierView,
  createPayLink,
  payStatus,
} from '@server/modules/pay/cashier/cashier-service';
import notifyRoutes from '@server/modules/pay/notify/notify-routes';
import { prepay } from '@server/modules/pay/cashier/prepay-service';
import {
  abandonBody,
  cashierQuery,
  cashierSchema,
  linkBody,
  linkSchema,
  orderNoQuery,
  prepayBody,
  prepaySchema,
  statusSchema,
} from '@cf/shared/wire/pay';

const tags = ['pay'];
const security = [{ bladeAuth: [] }];

/** What app.ts hands in from the modules above pay (pay never imports them). */
export interface PayRoutesOptions {
  /** Refuses a payment that must wait (signature/service.ts: a signature needed before payment). */
  beforePrepay?: (db: Db, order: OrderRow) => Promise<void>;
  /** What the order asks to be signed, for the cashier (signature/service.ts); null when nothing. */
  signatureOf?: (db: Db, auth: AuthContext | null, order: OrderRow) => Promise<SignatureState | null>;
}

export default async function payRoutes(
  fastify: FastifyInstance,
  options: PayRoutesOptions = {},
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/blade-finance/pay/cashier',
    {
      schema: {
        tags,
        security,
        summary:
          "The cashier of an order (its creator's, or anyone's with a pay link) and the ways to pay where the payer is",
        querystring: cashierQuery,
        response: { 200: envelopeSchema(cashierSchema) },
      },
    },
    async (req) => {
      const access = await resolvePayAccess(req, req.query.orderNo);
      const place = payerPlace(req.headers['user-agent'], req.query.place);
      return ok(await cashierView(app, access, place, options.signatureOf));
    },
  );

  app.post(
    '/api/blade-finance/pay/prepay',
    {
      schema: {
        tags,
        security,
        summary:
          'Start paying at a channel: NOT_PAY -> PAYING; answers JSAPI parameters, a page to open (checkout, Alipay, WeChat H5) or a code to scan (WeChat Native)',
        body: prepayBody,
        response: { 200: envelopeSchema(prepaySchema) },
      },
    },
    async (req) => {
      const access = await resolvePayAccess(req, req.body.orderNo);
      await options.beforePrepay?.(app.db, access.order);
      return ok(await prepay(app, access, { ...req.body, payerIp: req.ip, lang: req.lang }));
    },
  );

  app.get(
    '/api/blade-finance/pay/status',
    {
      schema: {
        tags,
        security,
        summary: 'Pay status for the result page (asks the channel while PAYING)',
        querystring: orderNoQuery,
        response: { 200: envelopeSchema(statusSchema) },
      },
    },
    async (req) => ok(await payStatus(app, await resolvePayAccess(req, req.query.orderNo))),
  );

  app.post(
    '/api/blade-finance/pay/abandon',
    {
      schema: {
        tags,
        security,
        summary:
          "The payer left the channel's payment without paying (WeChat cancel or fail): their attempt is " +
          'closed at the channel and the order is NOT_PAY again (payable at once); answers the status',
        body: abandonBody,
        response: { 200: envelopeSchema(statusSchema) },
      },
    },
    async (req) => ok(await abandonPayment(app, await resolvePayAccess(req, req.body.orderNo))),
  );

  app.post(
    '/api/blade-finance/pay/link',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        security,
        summary: 'A short-lived pay link (payAuthToken) for my open order, so someone else can pay it',
        body: linkBody,
        response: { 200: envelopeSchema(linkSchema) },
      },
    },
    async (req) => ok(await createPayLink(app, req.auth, req.body.orderNo)),
  );

  await app.register(notifyRoutes);
}
