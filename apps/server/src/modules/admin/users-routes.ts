/**
 * /api/blade-finance/admin/user/:id/{disable,enable} (HTTP only): the finance office disables and
 * enables accounts of its tenant. The scope's guard checks the role and writes the audit row.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { userStatusSchema } from '@cf/shared/wire/admin-users';
import { idParam } from '@cf/shared/wire/fields';
import { envelopeSchema, ok } from '@server/http/envelope';
import { setUserEnabled } from '../auth/service';

export function registerAdminUserRoutes(scope: FastifyInstance): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();

  for (const action of ['disable', 'enable'] as const) {
    app.post(
      `/api/blade-finance/admin/user/:id/${action}`,
      {
        schema: {
          tags: ['finance admin'],
          security: [{ bladeAuth: [] }],
          summary:
            action === 'disable'
              ? 'Disable a user of the tenant (not oneself): sign-in refused, sessions ended at once; finance role'
              : 'Enable a disabled user of the tenant: they may sign in again; finance role',
          params: idParam,
          response: { 200: envelopeSchema(userStatusSchema) },
        },
      },
      async (req) => ok(await setUserEnabled(app.db, req.auth, req.params.id, action === 'enable')),
    );
  }
}
