/**
 * The finance office's levels: a clerk (role finance) passes the default gate but not a manager's or a
 * tenant admin's route; finance_manager passes a manager's; admin passes all; a student passes none.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles, users } from '@server/db/schema';
import type { AuthContext } from '@server/http/context';
import { AppError } from '@server/http/errors';
import { createTestApp, type TestContext } from '@server-test/helpers';
import { userId } from '@server-test/user-fixtures';
import { financeLevelOf, requireFinanceRole, type FinanceLevel } from './guard';

let ctx: TestContext;
const db = () => ctx.database.db;

const authOf = async (account: string): Promise<AuthContext> => ({
  tenantId: '100001',
  userId: await userId(db(), '100001', account),
  oauthId: null,
  sessionId: 's',
  account,
  userType: null,
  roleName: '',
});

/** Gives finance1 exactly the role alias given (its role row in tenant 100001). */
async function giveRole(alias: string): Promise<void> {
  // The demo seeds finance_manager and admin roles in 100001 (manager1, admin1): reuse the row.
  const [role] = await db()
    .insert(roles)
    .values({ tenantId: '100001', roleAlias: alias, roleName: alias })
    .onConflictDoUpdate({ target: [roles.tenantId, roles.roleAlias], set: { roleName: alias } })
    .returning();
  await db()
    .update(users)
    .set({ roleIds: String(role!.id) })
    .where(eq(users.account, 'finance1'));
}

async function refusal(auth: AuthContext, needed: FinanceLevel): Promise<string | undefined> {
  try {
    await requireFinanceRole(db(), auth, needed);
    return undefined;
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(403);
    return (err as AppError).messageKey;
  }
}

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

describe('finance levels', () => {
  it('a clerk passes only the clerk gate', async () => {
    const auth = await authOf('finance1');
    expect(await financeLevelOf(db(), auth)).toBe('clerk');
    expect(await refusal(auth, 'clerk')).toBeUndefined();
    expect(await refusal(auth, 'manager')).toBe('admin.managerOnly');
    expect(await refusal(auth, 'admin')).toBe('admin.tenantAdminOnly');
  });

  it('a student passes no gate', async () => {
    const auth = await authOf('student1');
    expect(await financeLevelOf(db(), auth)).toBeUndefined();
    expect(await refusal(auth, 'clerk')).toBe('fee.financeOnly');
  });

  it('a manager passes the manager gate, an admin every gate, and a revoked role stops at once', async () => {
    const auth = await authOf('finance1');
    await giveRole('finance_manager');
    expect(await refusal(auth, 'manager')).toBeUndefined();
    expect(await refusal(auth, 'admin')).toBe('admin.tenantAdminOnly');
    await giveRole('admin');
    expect(await refusal(auth, 'admin')).toBeUndefined();
    await db().update(users).set({ roleIds: '' }).where(eq(users.account, 'finance1'));
    expect(await refusal(auth, 'clerk')).toBe('fee.financeOnly');
  });
});
