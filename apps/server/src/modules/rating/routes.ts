/**
 * /api/blade-finance/rating/* (HTTP only): an order's rating and rating it once after payment.
 * (The finance office's averages: ../admin/ratings-routes.ts.)
 * The sign-in is checked on request, before the body: a caller without one is told so (401) first.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema, ok } from '@server/http/envelope';
import { requireAuth } from '@server/modules/auth/guard';
import { idParam } from '@cf/shared/wire/fields';
import { orderRatingSchema, submitRatingBody } from '@cf/shared/wire/rating';
import { orderRating, rateOrder } from './service';

const tags = ['rating'];
const security = [{ bladeAuth: [] }];

export default async function ratingRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/blade-finance/rating/detail/:id',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        security,
        summary: "The order's rating (score, its name, comment) and whether the caller may rate it now",
        params: idParam,
        response: { 200: envelopeSchema(orderRatingSchema) },
      },
    },
    async (req) => ok(await orderRating(app.db, req.auth, req.params.id, req.lang)),
  );

  app.post(
    '/api/blade-finance/rating/submit/:id',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        security,
        summary:
          'Rate a paid order 0–5 (5 very good … 1 very poor, 0 no rating yet) with an optional comment (≤ 200 characters); once, by its creator',
        params: idParam,
        body: submitRatingBody,
        response: { 200: envelopeSchema(orderRatingSchema) },
      },
    },
    async (req) => ok(await rateOrder(app.db, req.auth, req.params.id, req.body, req.lang)),
  );
}
