/**
 * Who a token is about: a user of the tenant (with the aliases of their roles), or a WeChat
 * visitor known only by an OAuth link (user id 0). The user module builds fresh tokens with these too.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { rawStatement, rowFromDriver } from '@server/db/raw-statement';
import { oauthLinks, roles, users } from '@server/db/schema';
import type { TokenSubject } from './tokens';

export type UserRow = typeof users.$inferSelect;
export type OauthLinkRow = typeof oauthLinks.$inferSelect;

/** The role a visitor holds before binding (seeded in every tenant). */
export const VISITOR_ROLE = 'visitor';

/** The user's roles; users.role_ids is a comma list, and only roles of the same tenant count. */
export async function rolesOf(db: Db, tenantId: string, roleIds: string) {
  const ids = roleIds
    .split(',')
    .map((id) => Number(id.trim()))
    .filter((id) => Number.isInteger(id) && id > 0);
  if (ids.length === 0) return [];
  return db
    .select({ roleAlias: roles.roleAlias, roleName: roles.roleName })
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), inArray(roles.id, ids)))
    .orderBy(roles.id);
}

/** A user of the tenant by id: a named prepared statement (db/raw-statement.ts), read by every step-up and salary request. */
const userById = rawStatement<Record<string, unknown>>(
  'user_by_id',
  sql`SELECT * FROM ${users}
       WHERE ${users.tenantId} = ${sql.placeholder('tenantId')} AND ${users.id} = ${sql.placeholder('userId')}`,
);

export async function findUser(db: Db, tenantId: string, userId: number): Promise<UserRow | undefined> {
  const [raw] = await userById(db, { tenantId, userId });
  return raw ? rowFromDriver(users, raw) : undefined;
}

export async function findOauthLink(
  db: Db,
  tenantId: string,
  oauthId: number,
): Promise<OauthLinkRow | undefined> {
  const [row] = await db
    .select()
    .from(oauthLinks)
    .where(and(eq(oauthLinks.tenantId, tenantId), eq(oauthLinks.id, oauthId)));
  return row;
}

/** BladeX's role_name: the aliases of the roles, comma-separated. */
export const roleNameOf = (userRoles: { roleAlias: string }[]) => userRoles.map((r) => r.roleAlias).join(',');

/** A bound person is greeted by the school's name of them, not the WeChat nickname the binding kept. */
export const displayName = (user: Pick<UserRow, 'realName' | 'nickName' | 'account'>) =>
  user.realName || user.nickName || user.account;

export async function userSubject(db: Db, user: UserRow, oauthId: number | null): Promise<TokenSubject> {
  const userRoles = await rolesOf(db, user.tenantId, user.roleIds);
  return {
    tenantId: user.tenantId,
    userId: user.id,
    oauthId,
    account: user.account,
    userName: user.account,
    nickName: displayName(user),
    roleName: roleNameOf(userRoles),
    userType: user.userType,
    avatar: user.avatar,
  };
}

export function visitorSubject(link: OauthLinkRow): TokenSubject {
  return {
    tenantId: link.tenantId,
    userId: 0,
    oauthId: link.id,
    account: '',
    userName: link.nickname,
    nickName: link.nickname,
    roleName: VISITOR_ROLE,
    userType: null,
    avatar: link.avatar,
  };
}
