/**
 * /api/blade-finance/admin/audit/{list,export} (HTTP only): the tenant's audit log (who, what, when,
 * from where), filtered, as a page or an XLSX file (audit-log-service.ts). The scope's guard checks
 * the finance role.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditEntrySchema, auditFilters, auditListQuery } from '@cf/shared/wire/admin-audit';
import { envelopeSchema, ok, pageSchema } from '@server/http/envelope';
import { exportAudit, listAudit } from './audit-log-service';

const tags = ['finance admin'];
const security = [{ bladeAuth: [] }];

export function registerAdminAuditRoutes(scope: FastifyInstance): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/blade-finance/admin/audit/list',
    {
      schema: {
        tags,
        security,
        summary:
          'The audit log of the tenant, newest first; who (account or name), action, days; finance role',
        querystring: auditListQuery,
        response: { 200: envelopeSchema(pageSchema(auditEntrySchema)) },
      },
    },
    async (req) => {
      const { current, size, ...filters } = req.query;
      return ok(await listAudit(app.db, req.auth, filters, { current, size }));
    },
  );

  app.get(
    '/api/blade-finance/admin/audit/export',
    {
      schema: {
        tags,
        security,
        summary:
          'The same search as an XLSX file (raw, streamed; headers in the request language); finance role',
        querystring: auditFilters,
      },
    },
    async (req, reply) => exportAudit(app.db, req.auth, req.query, req.lang, reply),
  );
}
