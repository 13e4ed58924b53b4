import { and, eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicAuth, createTestApp, type TestContext } from '@server-test/helpers';
import { users } from '@server/db/schema';
import { bearer, passwordLogin, tokenRequest } from '@server-test/sign-in';

describe('sessions: refresh, logout, user info', () => {
  let ctx: TestContext;
  const setUser = (account: string, values: Partial<typeof users.$inferInsert>) =>
    ctx.database.db
      .update(users)
      .set(values)
      .where(and(eq(users.tenantId, '100001'), eq(users.account, account)));
  const signIn = async (username: string, tenantId = '100001') => {
    const res = await passwordLogin(ctx, { username, tenantId });
    expect(res.statusCode).toBe(200);
    return res.json<{ access_token: string; refresh_token: string; user_id: string }>();
  };
  const refresh = (refreshToken: string, tenantId = '100001') =>
    tokenRequest(ctx, { grant_type: 'refresh_token', refresh_token: refreshToken, tenantId, scope: 'all' });
  const userInfo = (token: string) =>
    ctx.app.inject({
      method: 'GET',
      url: '/api/blade-auth/oauth/user-info',
      headers: { ...bearer(token), 'accept-language': 'en' },
    });

  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('answers user info with roles and the binding state', async () => {
    const { access_token, user_id } = await signIn('student1');
    const res = await userInfo(access_token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: 200,
      success: true,
      msg: '操作成功',
      data: {
        userId: user_id,
        tenantId: '100001',
        account: 'student1',
        realName: '张三',
        nickName: '张三',
        phone: '13800000001',
        email: '',
        avatar: '',
        userType: 'student',
        roleName: 'student',
        roles: [{ roleAlias: 'student', roleName: '学生' }],
        oauthId: '',
        bound: true,
        bindingStatus: 'active',
      },
    });
    const guest = (await userInfo((await signIn('guest1')).access_token)).json().data;
    expect(guest).toMatchObject({ account: 'guest1', bound: false, userType: '', roleName: 'visitor' });
  });

  it('rotates the refresh token; reusing a used one revokes the whole session', async () => {
    const first = await signIn('student1');
    const second = await refresh(first.refresh_token);
    expect(second.statusCode).toBe(200);
    const rotated = second.json();
    expect(rotated).toMatchObject({ account: 'student1', user_id: first.user_id, role_name: 'student' });
    expect(rotated.refresh_token).not.toBe(first.refresh_token);
    expect(rotated.access_token).not.toBe(first.access_token);
    expect((await userInfo(rotated.access_token)).statusCode).toBe(200);

    const reuse = await refresh(first.refresh_token);
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toEqual({
      error_code: 400,
      error_description: 'The refresh token is not valid, please sign in again',
    });
    // The family is gone: the newest access and refresh tokens stop working too.
    expect((await userInfo(rotated.access_token)).statusCode).toBe(401);
    expect((await refresh(rotated.refresh_token)).statusCode).toBe(400);
  });

  it('takes the refresh token in a form or JSON body too (the web app keeps it out of the URL)', async () => {
    const { refresh_token: first } = await signIn('student1');
    const form = await ctx.app.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      headers: {
        authorization: basicAuth(ctx.config),
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: first,
        tenantId: '100001',
      }).toString(),
    });
    expect(form.statusCode).toBe(200);
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      headers: { authorization: basicAuth(ctx.config) },
      payload: { grant_type: 'refresh_token', refresh_token: form.json().refresh_token, tenantId: '100001' },
    });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toMatchObject({ account: 'student1', tenant_id: '100001' });
  });

  it('refuses an unknown refresh token, and one named for another tenant', async () => {
    expect((await refresh('made-up-token')).json().error_description).toMatch(/refresh token is not valid/);
    const { refresh_token, access_token } = await signIn('student1');
    const res = await refresh(refresh_token, '100002');
    expect(res.statusCode).toBe(400);
    expect((await userInfo(access_token)).statusCode).toBe(401);
  });

  it('refuses to refresh for a user disabled since sign-in', async () => {
    const { refresh_token } = await signIn('teacher1');
    await setUser('teacher1', { status: 0 });
    const res = await refresh(refresh_token);
    expect(res.json().error_description).toBe('This account is disabled, please contact the administrator');
    await setUser('teacher1', { status: 1 });
  });

  it('logs out: the access token and the refresh token stop working', async () => {
    const { access_token, refresh_token } = await signIn('student1');
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/blade-auth/oauth/logout',
      headers: bearer(access_token),
    });
    expect(res.json()).toMatchObject({ code: 200, success: true, data: true });
    const after = await userInfo(access_token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({
      code: 401,
      success: false,
      data: null,
      msg: 'Your session has expired, please sign in again',
    });
    expect((await refresh(refresh_token)).statusCode).toBe(400);
  });

  describe('401 in the Blade shape', () => {
    it('for a missing token', async () => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/blade-auth/oauth/user-info',
        headers: { 'accept-language': 'en' },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 401, success: false, data: null, msg: 'Please sign in first' });
      const logout = await ctx.app.inject({ method: 'GET', url: '/api/blade-auth/oauth/logout' });
      expect(logout.json()).toMatchObject({ code: 401, success: false, msg: '请先登录' });
    });

    it('for an expired token', async () => {
      const { access_token } = await signIn('student1');
      const claims = JSON.parse(Buffer.from(access_token.split('.')[1]!, 'base64url').toString());
      const expired = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .sign(new TextEncoder().encode(ctx.config.jwtSecret));
      const res = await userInfo(expired);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 401, success: false });
    });

    it('for a forged token', async () => {
      const { access_token } = await signIn('student1');
      const claims = JSON.parse(Buffer.from(access_token.split('.')[1]!, 'base64url').toString());
      const forged = await new SignJWT({ ...claims, user_id: '1' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .sign(new TextEncoder().encode('not-the-server-secret-0123456789abcdef'));
      expect((await userInfo(forged)).statusCode).toBe(401);
      const [header, , signature] = access_token.split('.');
      const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, tenant_id: '100002' })).toString('base64url')}.${signature}`;
      expect((await userInfo(tampered)).statusCode).toBe(401);
      expect((await userInfo('garbage')).statusCode).toBe(401);
    });
  });
});
