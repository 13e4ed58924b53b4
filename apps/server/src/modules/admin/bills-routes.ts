/**
 * /api/blade-finance/admin/bill/* (HTTP only): the finance office reads other-means payments with
 * their evidence files and reviews or voids them (../fee/admin-service.ts, ../fee/evidence-service.ts).
 * The scope's guard (guard.ts) checks the finance role and writes an audit row for every review and void.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema, ok, pageSchema } from '@server/http/envelope';
import { sendStoredFile } from '@server/http/file-reply';
import { idParam } from '@cf/shared/wire/fields';
import { decideBill, listBillsForReview } from '../fee/admin-service';
import { billEvidenceFile } from '../fee/evidence-service';
import { adminBillEvidenceParams, adminBillQuery, adminBillSchema } from '@cf/shared/wire/admin-finance';
import { billSchema } from '@cf/shared/wire/fee';

const tags = ['finance admin'];
const security = [{ bladeAuth: [] }];

export function registerAdminBillRoutes(scope: FastifyInstance): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/blade-finance/admin/bill/list',
    {
      schema: {
        tags,
        security,
        summary: 'Bills of the tenant in one status (default 1: waiting for review); finance role',
        querystring: adminBillQuery,
        response: { 200: envelopeSchema(pageSchema(adminBillSchema)) },
      },
    },
    async (req) => ok(await listBillsForReview(app.db, req.auth, req.query.status, req.query)),
  );

  app.get(
    '/api/blade-finance/admin/bill/:id/evidence/:evidenceId',
    {
      schema: {
        tags,
        security,
        summary:
          'An evidence file the payer uploaded with the bill (image or PDF, as a download); finance role',
        params: adminBillEvidenceParams,
      },
    },
    async (req, reply) =>
      sendStoredFile(
        reply,
        await billEvidenceFile(app.db, app.gateways.files, req.auth, req.params.id, req.params.evidenceId),
      ),
  );

  for (const decision of ['review', 'void'] as const) {
    app.post(
      `/api/blade-finance/admin/bill/:id/${decision}`,
      {
        schema: {
          tags,
          security,
          summary:
            decision === 'review'
              ? 'Review a bill (1 -> 2): it now counts as received; finance role'
              : 'Void a bill (1 -> 0): it never counts; finance role',
          params: idParam,
          response: { 200: envelopeSchema(billSchema) },
        },
      },
      async (req) => ok(await decideBill(app.db, req.auth, req.params.id, decision, req)),
    );
  }
}
