import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '@server-test/helpers';
import { bladeAuth, tokenFor } from '@server-test/issue-token';
import { auditLog, oauthLinks, roles, users } from '@server/db/schema';
import type { AuthContext } from '@server/http/context';
import { AppError } from '@server/http/errors';
import { DEMO_WECHAT_USERS } from '@server/db/seed/demo';
import { passwordLogin, tokenRequest } from '@server-test/sign-in';
import { SESSION_RECHECK_MS } from '../auth/tokens';
import { setUserEnabled } from './users-service';

const MP_APP = 'wxdemo0000100001';
const WECHAT_PERSON = DEMO_WECHAT_USERS[2].openId;

describe('finance office: disable and enable a user', () => {
  let ctx: TestContext;
  let financeToken: string;
  const db = () => ctx.database.db;
  const userRow = async (account: string, tenantId = '100001') => {
    const [row] = await db()
      .select()
      .from(users)
      .where(and(eq(users.tenantId, tenantId), eq(users.account, account)));
    return row!;
  };
  const setStatus = (userId: number, action: 'disable' | 'enable', token = financeToken, lang = 'en') =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/blade-finance/admin/user/${userId}/${action}`,
      headers: { ...bladeAuth(token), 'accept-language': lang },
    });
  const userInfo = (token: string) =>
    ctx.app.inject({
      method: 'GET',
      url: '/api/blade-auth/oauth/user-info',
      headers: { ...bladeAuth(token), 'accept-language': 'en' },
    });
  /** The WeChat authorize page's consent for a person; the code WeChat sends back. */
  async function wechatCode(person: string): Promise<string> {
    const consent = await ctx.app.inject({
      method: 'POST',
      url: '/api/dev/wechat/connect/oauth2/consent',
      payload: {
        appid: MP_APP,
        redirect_uri: 'http://app.test/#/login',
        scope: 'snsapi_base',
        state: 's1',
        person,
        decision: 'allow',
      },
    });
    expect(consent.statusCode).toBe(302);
    return new URL(consent.headers.location as string).searchParams.get('code')!;
  }
  const socialSignIn = async () =>
    tokenRequest(ctx, {
      grant_type: 'social',
      tenantId: '100001',
      source: 'wechat',
      code: await wechatCode(WECHAT_PERSON),
    });

  beforeAll(async () => {
    ctx = await createTestApp();
    financeToken = await tokenFor(ctx, '100001', 'finance1');
    // student1 also signs in with WeChat.
    await db()
      .insert(oauthLinks)
      .values({
        tenantId: '100001',
        source: 'wechat',
        openId: WECHAT_PERSON,
        userId: (await userRow('student1')).id,
      });
  });
  afterAll(() => ctx.close());

  it('disables: the next request with an existing token is refused at once, and every sign-in', async () => {
    const student = await userRow('student1');
    const signedIn = (await passwordLogin(ctx, { username: 'student1' })).json();
    expect((await userInfo(signedIn.access_token)).statusCode).toBe(200);

    const res = await setStatus(student.id, 'disable');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      code: 200,
      success: true,
      data: { userId: String(student.id), status: 0 },
    });
    expect((await userRow('student1')).status).toBe(0);

    // Within the session cache's second: this process forgot the session at once.
    const next = await userInfo(signedIn.access_token);
    expect(next.statusCode).toBe(401);
    const refreshed = await tokenRequest(ctx, {
      grant_type: 'refresh_token',
      tenantId: '100001',
      refresh_token: signedIn.refresh_token,
    });
    expect(refreshed.statusCode).toBe(400);
    const password = await passwordLogin(ctx, { username: 'student1', lang: 'zh' });
    expect(password.json()).toEqual({ error_code: 400, error_description: '账号已被停用，请联系管理员' });
    const social = await socialSignIn();
    expect(social.json()).toEqual({
      error_code: 400,
      error_description: 'This account is disabled, please contact the administrator',
    });
  });

  it('writes an audit row naming who disabled whom, from where', async () => {
    const student = await userRow('student1');
    const finance = await userRow('finance1');
    const [row] = await db().select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(row).toMatchObject({
      tenantId: '100001',
      userId: finance.id,
      action: 'admin POST /api/blade-finance/admin/user/:id/disable',
      ip: '127.0.0.1',
    });
    expect(row!.detail).toMatchObject({ params: { id: student.id }, status: 200 });
  });

  it('answers a second disable as it is, and enables: the user signs in again', async () => {
    const student = await userRow('student1');
    expect((await setStatus(student.id, 'disable')).json().data).toEqual({
      userId: String(student.id),
      status: 0,
    });
    const enabled = await setStatus(student.id, 'enable');
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json().data).toEqual({ userId: String(student.id), status: 1 });
    const [row] = await db().select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(row!.action).toBe('admin POST /api/blade-finance/admin/user/:id/enable');

    const signedIn = await passwordLogin(ctx, { username: 'student1' });
    expect(signedIn.statusCode).toBe(200);
    expect((await userInfo(signedIn.json().access_token)).statusCode).toBe(200);
    expect((await socialSignIn()).json()).toMatchObject({ account: 'student1' });
  });

  it('refuses a user without the finance role, and changes nothing', async () => {
    const teacher = await userRow('teacher1');
    const res = await setStatus(teacher.id, 'disable', await tokenFor(ctx, '100001', 'student1'));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 403, success: false });
    expect((await userRow('teacher1')).status).toBe(1);
  });

  it('does not reach a user of another tenant', async () => {
    const other = await userRow('student2', '100002');
    const res = await setStatus(other.id, 'disable');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 404, msg: 'The user does not exist' });
    expect((await userRow('student2', '100002')).status).toBe(1);
  });

  it('does not let the finance office disable its own account', async () => {
    const finance = await userRow('finance1');
    const res = await setStatus(finance.id, 'disable', financeToken, 'zh');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, msg: '不能停用自己的账号' });
    expect((await userRow('finance1')).status).toBe(1);
  });

  it('stops a user disabled by another process within the session recheck time', async () => {
    const token = await tokenFor(ctx, '100001', 'teacher1');
    expect((await userInfo(token)).statusCode).toBe(200);
    // Another API process changed the row: nothing here forgot the cached session.
    await db()
      .update(users)
      .set({ status: 0 })
      .where(eq(users.id, (await userRow('teacher1')).id));
    await new Promise((resolve) => setTimeout(resolve, SESSION_RECHECK_MS + 50));
    expect((await userInfo(token)).statusCode).toBe(401);
    await db()
      .update(users)
      .set({ status: 1 })
      .where(eq(users.id, (await userRow('teacher1')).id));
  });
});

describe('finance office: disabling and enabling goes down the role ladder only', () => {
  let ctx: TestContext;
  const db = () => ctx.database.db;
  const idOf = async (account: string) => {
    const [row] = await db()
      .select()
      .from(users)
      .where(and(eq(users.tenantId, '100001'), eq(users.account, account)));
    return row!;
  };
  const setStatus = async (actor: string, target: string, action: 'disable' | 'enable', lang = 'en') =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/blade-finance/admin/user/${(await idOf(target)).id}/${action}`,
      headers: { ...bladeAuth(await tokenFor(ctx, '100001', actor)), 'accept-language': lang },
    });
  const setRow = (account: string, status: number) =>
    db()
      .update(users)
      .set({ status })
      .where(and(eq(users.tenantId, '100001'), eq(users.account, account)));
  const auditRows = async () => (await db().select().from(auditLog)).length;

  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('refuses a clerk the tenant admin and the finance manager, both ways, in zh and en, and changes nothing', async () => {
    const before = await auditRows();
    for (const target of ['admin1', 'manager1']) {
      const res = await setStatus('finance1', target, 'disable');
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({
        code: 403,
        success: false,
        msg: 'You may only disable or enable accounts whose role is below yours',
      });
      expect((await idOf(target)).status).toBe(1);
    }
    const zh = await setStatus('finance1', 'admin1', 'disable', 'zh');
    expect(zh.json()).toMatchObject({ code: 403, msg: '只能停用或启用角色低于您的账号' });
    // Disabled by someone else: a clerk cannot enable them either.
    await setRow('manager1', 0);
    const enable = await setStatus('finance1', 'manager1', 'enable');
    expect(enable.statusCode).toBe(403);
    expect((await idOf('manager1')).status).toBe(0);
    await setRow('manager1', 1);
    expect(await auditRows()).toBe(before);
  });

  it('lets a manager disable a clerk, not an admin; an admin disables and enables a manager (audited)', async () => {
    expect((await setStatus('manager1', 'admin1', 'disable')).statusCode).toBe(403);
    expect((await idOf('admin1')).status).toBe(1);
    const clerk = await setStatus('manager1', 'finance1', 'disable');
    expect(clerk.statusCode, clerk.body).toBe(200);
    expect((await idOf('finance1')).status).toBe(0);
    // A clerk cannot change another clerk (same level); the manager enables its clerk again.
    expect((await setStatus('manager1', 'finance1', 'enable')).statusCode).toBe(200);

    const manager = await setStatus('admin1', 'manager1', 'disable');
    expect(manager.statusCode, manager.body).toBe(200);
    const [row] = await db().select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(row).toMatchObject({
      userId: (await idOf('admin1')).id,
      action: 'admin POST /api/blade-finance/admin/user/:id/disable',
    });
    expect(row!.detail).toMatchObject({ params: { id: (await idOf('manager1')).id }, status: 200 });
    expect((await setStatus('admin1', 'manager1', 'enable')).statusCode).toBe(200);
    expect((await idOf('manager1')).status).toBe(1);
  });

  it('a clerk cannot change another clerk', async () => {
    const [clerkRole] = await db()
      .select()
      .from(roles)
      .where(and(eq(roles.tenantId, '100001'), eq(roles.roleAlias, 'finance')));
    await db()
      .insert(users)
      .values({ tenantId: '100001', account: 'finance-b', roleIds: String(clerkRole!.id) });
    expect((await setStatus('finance1', 'finance-b', 'disable')).statusCode).toBe(403);
    expect((await idOf('finance-b')).status).toBe(1);
  });

  it('never disables the last active tenant admin, even when two admins disable each other at once', async () => {
    const [adminRole] = await db()
      .select()
      .from(roles)
      .where(and(eq(roles.tenantId, '100001'), eq(roles.roleAlias, 'admin')));
    await db()
      .insert(users)
      .values({ tenantId: '100001', account: 'admin-b', roleIds: `7777, ${adminRole!.id}` });
    const a = await idOf('admin1');
    const b = await idOf('admin-b');
    const actor = (user: typeof a): AuthContext => ({
      tenantId: '100001',
      userId: user.id,
      oauthId: null,
      sessionId: 's',
      account: user.account,
      userType: null,
      roleName: 'admin',
    });
    const results = await Promise.allSettled([
      setUserEnabled(db(), actor(a), b.id, false),
      setUserEnabled(db(), actor(b), a.id, false),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(AppError);
    expect((refused.reason as AppError).messageKey).toBe('admin.lastTenantAdmin');
    const statuses = [(await idOf('admin1')).status, (await idOf('admin-b')).status].sort();
    expect(statuses).toEqual([0, 1]);

    // An admin already disabled is answered as it is; the last enabled one is refused (an actor
    // whose own row was disabled a moment ago, as the loser of the race above).
    await setRow('admin1', 1);
    await setRow('admin-b', 0);
    expect(await setUserEnabled(db(), actor(a), b.id, false)).toEqual({ userId: String(b.id), status: 0 });
    await setRow('admin1', 0);
    await setRow('admin-b', 1);
    await expect(setUserEnabled(db(), actor(a), b.id, false)).rejects.toMatchObject({
      messageKey: 'admin.lastTenantAdmin',
    });
    expect((await idOf('admin-b')).status).toBe(1);
  });
});
