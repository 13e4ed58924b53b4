/**
 * The finance office disables and enables accounts of its own tenant, down the role ladder
 * (guard.ts FINANCE_LEVELS): only someone above a user's level may change them (a clerk a student or
 * a teacher, a manager also a clerk, a tenant admin everyone, other tenant admins included), never
 * oneself, and never the tenant's last active administrator. Disabling ends the user's sessions:
 * their next request is refused in this process at once, elsewhere within SESSION_RECHECK_MS.
 * Already in that state: answered as it is, nothing changes.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { roles, users } from '@server/db/schema';
import type { AuthContext } from '@server/http/context';
import { badRequest, forbidden, notFound } from '@server/http/errors';
import { findUser } from '../auth/subject';
import { forgetUserSessions, type Tx } from '../auth/tokens';
import { disableUser, enableUser, USER_DISABLED, USER_ENABLED } from '../auth/user-status';
import { financeLevelOf, financeLevelOfUser, rank, TENANT_ADMIN_ROLE, type FinanceLevel } from './guard';

/** Whether `actor` may disable or enable a user of level `target`: above it, or both tenant admins. */
export const mayManage = (actor: FinanceLevel | undefined, target: FinanceLevel | undefined): boolean =>
  actor !== undefined && (rank(actor) > rank(target) || (actor === 'admin' && target === 'admin'));

/**
 * Whether another enabled user of the tenant holds the tenant admin role. The admin role rows are
 * locked first, so two admins disabling each other at once are served one after the other.
 */
async function anotherActiveAdmin(tx: Tx, tenantId: string, userId: number): Promise<boolean> {
  const adminRoles = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.roleAlias, TENANT_ADMIN_ROLE)))
    .for('update');
  if (adminRoles.length === 0) return false;
  const ids = adminRoles.map((r) => String(r.id));
  const [other] = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.tenantId, tenantId),
        eq(users.status, USER_ENABLED),
        ne(users.id, userId),
        sql`string_to_array(replace(${users.roleIds}, ' ', ''), ',') && ARRAY[${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}]::text[]`,
      ),
    )
    .limit(1);
  return other !== undefined;
}

export async function setUserEnabled(
  db: Db,
  actor: AuthContext,
  userId: number,
  enabled: boolean,
): Promise<{ userId: string; status: number }> {
  if (!enabled && userId === actor.userId) throw badRequest('auth.cannotDisableSelf');
  const user = await findUser(db, actor.tenantId, userId);
  if (!user) throw notFound('auth.userNotFound');
  const [actorLevel, targetLevel] = await Promise.all([
    financeLevelOf(db, actor),
    financeLevelOfUser(db, user),
  ]);
  if (!mayManage(actorLevel, targetLevel)) throw forbidden('admin.userAboveYou');
  const changed = await db.transaction(async (tx) => {
    if (enabled) return enableUser(tx, actor.tenantId, userId);
    // An admin already disabled is answered as it is; an enabled one only while another stays.
    if (targetLevel === 'admin' && !(await anotherActiveAdmin(tx, actor.tenantId, userId))) {
      const [current] = await tx
        .select({ status: users.status })
        .from(users)
        .where(and(eq(users.tenantId, actor.tenantId), eq(users.id, userId)));
      if (current?.status === USER_ENABLED) throw badRequest('admin.lastTenantAdmin');
    }
    return disableUser(tx, actor.tenantId, userId);
  });
  if (changed && !enabled) forgetUserSessions(actor.tenantId, userId);
  return { userId: String(userId), status: enabled ? USER_ENABLED : USER_DISABLED };
}
