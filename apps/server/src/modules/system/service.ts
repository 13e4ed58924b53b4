/** Rules of the system area: the caller's button tree and the public face of a tenant. */
import type { Language } from '@cf/shared/messages';
import type { ButtonNode } from '@cf/shared/wire/system';
import type { Config } from '@server/config';
import type { Db } from '@server/db/client';
import { DEV_WECHAT_PREFIX } from '@server/gateways';
import type { TenantRow } from '@server/modules/auth/tenant';
import { findGrantedMenuIds, findUserRoleIds, listMenus, type MenuRow } from './repo';

export type { ButtonNode };

/**
 * Arranges the granted menus as a tree. A granted entry whose parent is not granted hangs
 * under its nearest granted ancestor (or at the top), so no granted code is lost.
 */
export function buildButtonTree(all: MenuRow[], granted: Set<number>, lang: Language): ButtonNode[] {
  const byId = new Map(all.map((m) => [m.id, m]));
  const nodes = new Map<number, ButtonNode>();
  for (const menu of all) {
    if (!granted.has(menu.id)) continue;
    nodes.set(menu.id, {
      code: menu.code,
      name: lang === 'en' && menu.nameEn ? menu.nameEn : menu.name,
      children: [],
    });
  }
  const roots: ButtonNode[] = [];
  // `all` is ordered by sort, so children keep their menu order.
  for (const menu of all) {
    const node = nodes.get(menu.id);
    if (!node) continue;
    let parentId = menu.parentId;
    const seen = new Set<number>([menu.id]);
    while (parentId !== null && !nodes.has(parentId) && !seen.has(parentId)) {
      seen.add(parentId);
      parentId = byId.get(parentId)?.parentId ?? null;
    }
    const parent = parentId !== null ? nodes.get(parentId) : undefined;
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** The button tree of the signed-in caller's roles; a WeChat visitor (user 0) has no roles. */
export async function callerButtons(
  db: Db,
  caller: { tenantId: string; userId: number },
  lang: Language,
): Promise<ButtonNode[]> {
  if (caller.userId <= 0) return [];
  const roleIds = await findUserRoleIds(db, caller.tenantId, caller.userId);
  const granted = await findGrantedMenuIds(db, caller.tenantId, roleIds);
  if (granted.size === 0) return [];
  return buildButtonTree(await listMenus(db), granted, lang);
}

/** Whether the caller's roles grant a button (the same grant the app's button map shows). */
export async function callerHasButton(
  db: Db,
  caller: { tenantId: string; userId: number },
  code: string,
): Promise<boolean> {
  if (caller.userId <= 0) return false;
  const granted = await findGrantedMenuIds(
    db,
    caller.tenantId,
    await findUserRoleIds(db, caller.tenantId, caller.userId),
  );
  return (await listMenus(db)).some((menu) => menu.code === code && granted.has(menu.id));
}

/** Where the app sends a person to authorize through WeChat: the stand-in in demo mode. */
export function wechatAuthorizeUrl(config: Config): string {
  return config.mode === 'demo'
    ? `${DEV_WECHAT_PREFIX}/connect/oauth2/authorize`
    : `${config.wechat.oauthUrl}/connect/oauth2/authorize`;
}

/** What anyone may know about a tenant: never its WeChat secrets. */
export function publicTenantInfo(tenant: TenantRow, config: Config) {
  return {
    tenantId: tenant.tenantId,
    tenantName: tenant.tenantName,
    tenantNameEn: tenant.tenantNameEn,
    status: tenant.status,
    expireTime: tenant.expireTime ? tenant.expireTime.toISOString() : null,
    wechatMpAppId: tenant.wechatMpAppId,
    wechatWorkCorpId: tenant.wechatWorkCorpId,
    wechatWorkAgentId: tenant.wechatWorkAgentId,
    wechatAuthorizeUrl: wechatAuthorizeUrl(config),
  };
}
