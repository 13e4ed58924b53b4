/** Queries of the system area. Every query of tenant data takes the tenant it is scoped to. */
import { and, asc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { dicts, menus, params, roleMenus, roles, tenants, users } from '@server/db/schema';

export type MenuRow = typeof menus.$inferSelect;

/** The platform's own tenant: it runs the system and is never offered to a person signing in. */
export const PLATFORM_TENANT_ID = '000000';

/** Tenants a person may pick on the login page: enabled, licence not expired, not the platform. */
export async function listPublicTenants(db: Db) {
  return db
    .select({
      tenantId: tenants.tenantId,
      tenantName: tenants.tenantName,
      tenantNameEn: tenants.tenantNameEn,
    })
    .from(tenants)
    .where(
      and(
        eq(tenants.status, 1),
        ne(tenants.tenantId, PLATFORM_TENANT_ID),
        or(isNull(tenants.expireTime), sql`${tenants.expireTime} > now()`),
      ),
    )
    .orderBy(asc(tenants.tenantId));
}

export async function findParamValue(
  db: Db,
  tenantId: string,
  paramKey: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ paramValue: params.paramValue })
    .from(params)
    .where(and(eq(params.tenantId, tenantId), eq(params.paramKey, paramKey)));
  return row?.paramValue;
}

export async function listParams(db: Db, tenantId: string) {
  return db
    .select({ paramKey: params.paramKey, paramValue: params.paramValue })
    .from(params)
    .where(eq(params.tenantId, tenantId))
    .orderBy(asc(params.paramKey));
}

export async function listDictionary(db: Db, tenantId: string, code: string) {
  return db
    .select({ code: dicts.code, dictKey: dicts.dictKey, dictValue: dicts.dictValue, remark: dicts.remark })
    .from(dicts)
    .where(and(eq(dicts.tenantId, tenantId), eq(dicts.code, code)))
    .orderBy(asc(dicts.sort), asc(dicts.id));
}

/** The user's role ids (users.role_ids is a comma list), read within the user's tenant. */
export async function findUserRoleIds(db: Db, tenantId: string, userId: number): Promise<number[]> {
  const [row] = await db
    .select({ roleIds: users.roleIds })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
  if (!row) return [];
  return row.roleIds
    .split(',')
    .map((id) => Number(id.trim()))
    .filter((id) => Number.isInteger(id) && id > 0);
}

/**
 * Menu ids granted to the given roles. The join on roles keeps the tenant check in SQL:
 * a role id of another tenant, however it got into role_ids, grants nothing.
 */
export async function findGrantedMenuIds(db: Db, tenantId: string, roleIds: number[]): Promise<Set<number>> {
  if (roleIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ menuId: roleMenus.menuId })
    .from(roleMenus)
    .innerJoin(roles, eq(roles.id, roleMenus.roleId))
    .where(and(eq(roles.tenantId, tenantId), inArray(roles.id, roleIds)));
  return new Set(rows.map((r) => r.menuId));
}

export async function listMenus(db: Db): Promise<MenuRow[]> {
  return db.select().from(menus).orderBy(asc(menus.sort), asc(menus.id));
}
