/**
 * /api/blade-finance/admin/rating/* (HTTP only): the finance office reads the average rating per
 * item, and searches the ratings with their comments as a page or an XLSX file (../rating/service.ts).
 * The scope's guard (guard.ts) checks the finance role.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema, ok, pageSchema } from '@server/http/envelope';
import { exportRatings, listRatings, ratingAverages } from '../rating/service';
import {
  ratingAveragesSchema,
  ratingEntrySchema,
  ratingFilters,
  ratingListQuery,
} from '@cf/shared/wire/rating';

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

  app.get(
    '/api/blade-finance/admin/rating/list',
    {
      schema: {
        tags,
        security,
        summary:
          'The ratings of the tenant with their comments, newest first; by item name (part), score, days, commented only; finance role',
        querystring: ratingListQuery,
        response: { 200: envelopeSchema(pageSchema(ratingEntrySchema)) },
      },
    },
    async (req) => {
      const { current, size, ...filters } = req.query;
      return ok(await listRatings(app.db, req.auth.tenantId, filters, { current, size }, req.lang));
    },
  );

  app.get(
    '/api/blade-finance/admin/rating/export',
    {
      schema: {
        tags,
        security,
        summary: 'The same search as an XLSX file (streamed; headers in the request language); finance role',
        querystring: ratingFilters,
      },
    },
    async (req, reply) => exportRatings(app.db, req.auth, req.query, req.lang, reply),
  );
}
