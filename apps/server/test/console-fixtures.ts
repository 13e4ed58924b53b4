/**
 * Test support for the finance office's console routes: a finance manager account (role
 * finance_manager) in a tenant, and calls with a token and a language.
 */
import { and, eq } from 'drizzle-orm';
import { roles, users } from '@server/db/schema';
import type { TestContext } from './helpers';
import { bladeAuth, tokenFor } from './issue-token';

/** A token of `manager1` (finance_manager) of the tenant, made on first use. */
export async function managerToken(ctx: TestContext, tenantId: string): Promise<string> {
  const db = ctx.database.db;
  const [existing] = await db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.account, 'manager1')));
  if (!existing) {
    const [role] = await db
      .insert(roles)
      .values({ tenantId, roleAlias: 'finance_manager', roleName: '财务主管' })
      .onConflictDoNothing()
      .returning();
    const roleId =
      role?.id ??
      (
        await db
          .select()
          .from(roles)
          .where(and(eq(roles.tenantId, tenantId), eq(roles.roleAlias, 'finance_manager')))
      )[0]!.id;
    await db.insert(users).values({
      tenantId,
      account: 'manager1',
      realName: '财务主管',
      nickName: '财务主管',
      roleIds: String(roleId),
    });
  }
  return tokenFor(ctx, tenantId, 'manager1');
}

export function consoleCall(ctx: TestContext) {
  return (
    token: string,
    method: 'GET' | 'POST',
    url: string,
    body?: Record<string, unknown>,
    lang: 'zh' | 'en' = 'en',
  ) =>
    ctx.app.inject({
      method,
      url,
      headers: { ...bladeAuth(token), 'accept-language': lang },
      ...(body ? { payload: body } : {}),
    });
}
