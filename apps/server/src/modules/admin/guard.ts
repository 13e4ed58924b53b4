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

/**
 * The finance office's levels, lowest first: a clerk runs the daily queues, a manager also moves money
 * back (waivers, reductions) and a tenant admin also changes the school's settings. A route asks for
 * more than a clerk through its config: `{ config: { financeLevel: 'manager' } }`.
 */
const FINANCE_LEVELS = ['clerk', 'manager', 'admin'] as const;
export type FinanceLevel = (typeof FINANCE_LEVELS)[number];

/** Role alias -> level; `admin` is the tenant's administrator. */
const LEVEL_OF_ROLE: Record<string, FinanceLevel> = {
  finance: 'clerk',
  finance_manager: 'manager',
  admin: 'admin',
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The lowest finance-office level that may call the route (default: clerk). */
    financeLevel?: FinanceLevel;
    /** false: a POST that changes nothing (a preview), so it writes no audit row. */
    audited?: boolean;
  }
}

const rank = (level: FinanceLevel) => FINANCE_LEVELS.indexOf(level);

/** The caller's highest finance level, or undefined. Read from the database, so a revoked role stops at once. */
export async function financeLevelOf(db: Db, auth: AuthContext): Promise<FinanceLevel | undefined> {
  const user = auth.userId > 0 ? await findUser(db, auth.tenantId, auth.userId) : undefined;
  const roles = user ? await rolesOf(db, auth.tenantId, user.roleIds) : [];
  let best: FinanceLevel | undefined;
  for (const role of roles) {
    const level = LEVEL_OF_ROLE[role.roleAlias];
    if (level && (!best || rank(level) > rank(best))) best = level;
  }
  return best;
}

export async function requireFinanceRole(
  db: Db,
  auth: AuthContext,
  needed: FinanceLevel = 'clerk',
): Promise<void> {
  const level = await financeLevelOf(db, auth);
  if (!level) throw forbidden('fee.financeOnly');
  if (rank(level) < rank(needed))
    throw forbidden(needed === 'admin' ? 'admin.tenantAdminOnly' : 'admin.managerOnly');
}

export async function requireFinanceOffice(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  await requireUser(req, reply);
  await requireFinanceRole(req.server.db, req.auth, req.routeOptions.config.financeLevel ?? 'clerk');
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const auditNotes = new WeakMap<FastifyRequest, Record<string, unknown>>();

/**
 * Adds to the detail of the request's audit row (e.g. the names of the settings it changed). Never a
 * secret's value: the audit log is read by the finance office.
 */
export function noteAudit(req: FastifyRequest, detail: Record<string, unknown>): void {
  auditNotes.set(req, { ...auditNotes.get(req), ...detail });
}

/** Installs the gate and the audit hook on an encapsulated plugin scope (see routes.ts). */
export function guardFinanceOffice(scope: FastifyInstance): void {
  scope.addHook('preHandler', requireFinanceOffice);
  // onSend, not onResponse: the row is written before the caller has the answer (an onResponse
  // write raced the caller's next read). The write itself is done, so a failed row is logged only.
  scope.addHook('onSend', async (req, reply, payload) => {
    if (!WRITE_METHODS.has(req.method) || reply.statusCode >= 400 || !req.auth) return payload;
    if (req.routeOptions.config.audited === false) return payload;
    await audit(req.server.db, req, {
      tenantId: req.auth.tenantId,
      userId: req.auth.userId,
      action: `admin ${req.method} ${req.routeOptions.url ?? req.url.split('?')[0]}`,
      detail: { params: req.params ?? {}, status: reply.statusCode, ...auditNotes.get(req) },
    }).catch((err: unknown) => req.log.error({ err }, 'admin audit row not written'));
    return payload;
  });
}
