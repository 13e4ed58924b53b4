/**
 * The one gate of every finance-office route: a signed-in user of the token's tenant holding a
 * finance role (read from the database, so a revoked role stops at once), and one audit row for
 * every write that succeeded. Services behind it do not check roles again.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { audit } from '../../http/audit';
import { requireUser } from '../../http/auth';
import { requireFinanceRole } from '../fee/admin-service';

export async function requireFinanceOffice(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  await requireUser(req, reply);
  await requireFinanceRole(req.server.db, req.auth);
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Installs the gate and the audit hook on an encapsulated plugin scope (see routes.ts). */
export function guardFinanceOffice(scope: FastifyInstance): void {
  scope.addHook('preHandler', requireFinanceOffice);
  scope.addHook('onResponse', async (req, reply) => {
    if (!WRITE_METHODS.has(req.method) || reply.statusCode >= 400 || !req.auth) return;
    await audit(req.server.db, req, {
      tenantId: req.auth.tenantId,
      userId: req.auth.userId,
      action: `admin ${req.method} ${req.routeOptions.url ?? req.url.split('?')[0]}`,
      detail: { params: req.params ?? {}, status: reply.statusCode },
    });
  });
}
