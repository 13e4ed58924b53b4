/**
 * /api/blade-finance/admin/rating/* (HTTP only): the finance office reads the average rating per
 * item (../rating/service.ts). The scope's guard (guard.ts) checks the finance role.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema, ok } from '@server/http/envelope';
import { ratingAverages } from '../rating/service';
import { ratingAveragesSchema } from '@cf/shared/wire/rating';

const tags = ['finance admin'];
const security = [{ bladeAuth: [] }];

export function registerAdminRatingRoutes(scope: FastifyInstance): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/blade-finance/admin/rating/averages',
    {
      schema: {
        tags,
        security,
        summary: 'Average rating (1–5; 0 "no rating yet" left out) and count per item; finance role',
        response: { 200: envelopeSchema(ratingAveragesSchema) },
      },
    },
    async (req) => ok(await ratingAverages(app.db, req.auth.tenantId)),
  );
}
