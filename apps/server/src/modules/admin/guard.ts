/**
 * The one gate of every finance-office route: a signed-in user of the token's tenant holding a
 * finance role (read from the database, so a revoked role stops at once), and one audit row for
 * every write that succeeded. Services behind it do not check roles again.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { audit } from '@server/http/audit';
import { requireUser } from '@server/modules/auth/guard';
import type { AuthContext } from '@server/http/context';
import { forbidden } from '@server/http/errors';
import type { Db } from '@server/db/client';
import { findUser, rolesOf } from '../auth/subject';

const FINANCE_ROLES = new Set(['finance', 'admin']);

/** Role aliases are read from the database, not the token, so a revoked role stops at once. */
export async function requireFinanceRole(db: Db, auth: AuthContext): Promise<void> {
  const user = auth.userId > 0 ? await findUser(db, auth.tenantId, auth.userId) : undefined;
  const roles = user ? await rolesOf(db, auth.tenantId, user.roleIds) : [];
  if (!roles.some((r) => FINANCE_ROLES.has(r.roleAlias))) throw forbidden('fee.financeOnly');
}

export async function requireFinanceOffice(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  await requireUser(req, reply);
  await requireFinanceRole(req.server.db, req.auth);
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Installs the gate and the audit hook on an encapsulated plugin scope (see routes.ts). */
export function guardFinanceOffice(scope: FastifyInstance): void {
  scope.addHook('preHandler', requireFinanceOffice);
  // onSend, not onResponse: the row is written before the caller has the answer (an onResponse
  // write raced the caller's next read). The write itself is done, so a failed row is logged only.
  scope.addHook('onSend', async (req, reply, payload) => {
    if (!WRITE_METHODS.has(req.method) || reply.statusCode >= 400 || !req.auth) return payload;
    await audit(req.server.db, req, {
      tenantId: req.auth.tenantId,
      userId: req.auth.userId,
      action: `admin ${req.method} ${req.routeOptions.url ?? req.url.split('?')[0]}`,
      detail: { params: req.params ?? {}, status: reply.statusCode },
    }).catch((err: unknown) => req.log.error({ err }, 'admin audit row not written'));
    return payload;
  });
}
