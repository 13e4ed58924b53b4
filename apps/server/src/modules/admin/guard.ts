/**
 * The one gate of every finance-office route: a signed-in user of the token's tenant holding a
 * finance role (read from the database, so a revoked role stops at once), checked before the request's
 * body is read; one audit row for every write that succeeded and for every file handed out (exports,
 * reports). Services behind it do not check roles again.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { audit, auditNotes } from '@server/http/audit';
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
    /**
     * false: no audit row: a POST that changes nothing (a preview), or a file that carries none of the
     * tenant's finance data (a blank template, a notice's attachment).
     */
    audited?: boolean;
  }
}

/** A level's place on the ladder; no finance level (a student, a teacher) is below every one (-1). */
export const rank = (level: FinanceLevel | undefined) => (level ? FINANCE_LEVELS.indexOf(level) : -1);

/** The role alias of the tenant's administrator (the top of the ladder). */
export const TENANT_ADMIN_ROLE = 'admin';

/** The highest finance level among role aliases, or undefined. */
export function levelOfRoles(roles: readonly { roleAlias: string }[]): FinanceLevel | undefined {
  let best: FinanceLevel | undefined;
  for (const role of roles) {
    const level = LEVEL_OF_ROLE[role.roleAlias];
    if (level && rank(level) > rank(best)) best = level;
  }
  return best;
}

/** A user's highest finance level (of the tenant's roles in users.role_ids), or undefined. */
export async function financeLevelOfUser(
  db: Db,
  user: { tenantId: string; roleIds: string },
): Promise<FinanceLevel | undefined> {
  return levelOfRoles(await rolesOf(db, user.tenantId, user.roleIds));
}

/** The caller's highest finance level, or undefined. Read from the database, so a revoked role stops at once. */
export async function financeLevelOf(db: Db, auth: AuthContext): Promise<FinanceLevel | undefined> {
  const user = auth.userId > 0 ? await findUser(db, auth.tenantId, auth.userId) : undefined;
  return user ? financeLevelOfUser(db, user) : undefined;
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

/** A file handed out (an export, a report): the tenant's data leaving the system. */
const isDownload = (req: FastifyRequest, reply: FastifyReply) =>
  req.method === 'GET' && /^attachment\b/i.test(String(reply.getHeader('content-disposition') ?? ''));

/** The audit row of a request that passed: a write that succeeded, or a file sent. */
function auditEntry(req: FastifyRequest, reply: FastifyReply, download: boolean) {
  return {
    tenantId: req.auth.tenantId,
    userId: req.auth.userId,
    action: `admin ${req.method} ${req.routeOptions.url ?? req.url.split('?')[0]}` as const,
    detail: {
      params: req.params ?? {},
      // A file's filter is its query (the search it exports).
      ...(download ? { query: req.query ?? {} } : {}),
      status: reply.statusCode,
      ...auditNotes(req),
    },
  };
}

/** Installs the gate and the audit hook on an encapsulated plugin scope (see routes.ts). */
export function guardFinanceOffice(scope: FastifyInstance): void {
  // onRequest: before the body is read and checked, so a caller without a token or the role gets 401/403
  // whatever it sent, and learns nothing of a route's schemas from a 400.
  scope.addHook('onRequest', requireFinanceOffice);
  // onSend, not onResponse: the row is written before the caller has the answer (an onResponse
  // write raced the caller's next read). It is written once, only for a request that passed the gate
  // and succeeded: a write (POST, PUT, PATCH, DELETE), or a GET answered with a file (an export).
  scope.addHook('onSend', async (req, reply, payload) => {
    if (reply.statusCode >= 400 || !req.auth || req.routeOptions.config.audited === false) return payload;
    const download = isDownload(req, reply);
    if (!download && !WRITE_METHODS.has(req.method)) return payload;
    try {
      await audit(req.server.db, req, auditEntry(req, reply, download));
    } catch (err) {
      // A write is done: its failed row is logged only. A file not yet sent is not sent unaudited.
      req.log.error({ err }, 'admin audit row not written');
      if (download) {
        if (payload instanceof Readable) payload.destroy();
        throw err;
      }
    }
    return payload;
  });
}
