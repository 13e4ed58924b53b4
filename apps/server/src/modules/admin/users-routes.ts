/**
 * /api/blade-finance/admin/user/:id/{disable,enable} (HTTP only): the finance office disables and
 * enables accounts of its tenant, down the role ladder (users-service.ts). The scope's guard checks
 * the finance role and writes the audit row.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { userStatusSchema } from '@cf/shared/wire/admin-users';
import { idParam } from '@cf/shared/wire/fields';
import { envelopeSchema, ok } from '@server/http/envelope';
import { setUserEnabled } from './users-service';

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
              ? 'Disable a user of the tenant below the caller’s role (not oneself, not the last tenant admin): ' +
                'sign-in refused, sessions ended at once; finance role'
              : 'Enable a disabled user of the tenant below the caller’s role: they may sign in again; finance role',
          params: idParam,
          response: { 200: envelopeSchema(userStatusSchema) },
        },
      },
      async (req) => ok(await setUserEnabled(app.db, req.auth, req.params.id, action === 'enable')),
    );
  }
}
