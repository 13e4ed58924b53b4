/** Finance-office accounts of each level for tests of level-gated admin routes, in any tenant. */
import { and, eq } from 'drizzle-orm';
import { roles, users } from '../src/db/schema';
import type { FinanceLevel } from '../src/modules/admin/guard';
import type { TestContext } from './helpers';
import { tokenFor } from './issue-token';

const ALIAS: Record<FinanceLevel, string> = { clerk: 'finance', manager: 'finance_manager', admin: 'admin' };

/** Creates `account` in the tenant holding the level's role; answers its access token. */
export async function officerToken(
  ctx: TestContext,
  tenantId: string,
  account: string,
  level: FinanceLevel,
): Promise<string> {
  const db = ctx.database.db;
  // The demo seed may hold the role already (manager1 and admin1 of 100001).
  const [existing] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.roleAlias, ALIAS[level])));
  const [role] = existing
    ? [existing]
    : await db
        .insert(roles)
        .values({ tenantId, roleAlias: ALIAS[level], roleName: ALIAS[level] })
        .returning({ id: roles.id });
  await db.insert(users).values({ tenantId, account, realName: account, roleIds: String(role!.id) });
  return tokenFor(ctx, tenantId, account);
}
