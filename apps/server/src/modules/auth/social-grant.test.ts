import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '@server-test/helpers';
import { oauthLinks, users } from '@server/db/schema';
import { DEMO_WECHAT_USERS } from '@server/db/seed/demo';
import { bearer, tokenRequest } from '@server-test/sign-in';
import { attachSessionUser } from './tokens';

const MP_APP = 'wxdemo0000100001';
const WORK_CORP = 'wwdemo0000100001';
const USER_A = DEMO_WECHAT_USERS[0];
const USER_B = DEMO_WECHAT_USERS[1];

describe('social grant (WeChat) through the demo stand-in', () => {
  let ctx: TestContext;
  const db = () => ctx.database.db;

  /** What a person does on the authorize page; answers the code WeChat sends back. */
  async function wechatCode(appid: string, person: string): Promise<string> {
    const redirect = 'http://app.test/#/login';
    const page = await ctx.app.inject({
      method: 'GET',
      url: `/api/dev/wechat/connect/oauth2/authorize?appid=${appid}&redirect_uri=${encodeURIComponent(redirect)}&response_type=code&scope=snsapi_userinfo&state=s1`,
    });
    expect(page.statusCode).toBe(200);
    const consent = await ctx.app.inject({
      method: 'POST',
      url: '/api/dev/wechat/connect/oauth2/consent',
      payload: {
        appid,
        redirect_uri: redirect,
        scope: 'snsapi_userinfo',
        state: 's1',
        person,
        decision: 'allow',
      },
    });
    expect(consent.statusCode).toBe(302);
    return new URL(consent.headers.location as string).searchParams.get('code')!;
  }
  const social = (code: string, source = 'wechat', tenantId = '100001') =>
    tokenRequest(ctx, { grant_type: 'social', tenantId, source, code, state: 's1' });
  const userInfo = (token: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/blade-auth/oauth/user-info', headers: bearer(token) });

  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('gives a new open id a visitor token: user_id "0" with oauth_id set', async () => {
    const res = await social(await wechatCode(MP_APP, USER_A.openId));
    expect(res.statusCode).toBe(200);
    const token = res.json();
    const [link] = await db()
      .select()
      .from(oauthLinks)
      .where(and(eq(oauthLinks.tenantId, '100001'), eq(oauthLinks.openId, USER_A.openId)));
    expect(link).toMatchObject({ source: 'wechat', userId: null, nickname: USER_A.nickname });
    expect(token).toMatchObject({
      user_id: '0',
      oauth_id: String(link!.id),
      tenant_id: '100001',
      nick_name: USER_A.nickname,
      role_name: 'visitor',
      account: '',
    });
    const info = await userInfo(token.access_token);
    expect(info.json().data).toMatchObject({
      userId: '0',
      oauthId: String(link!.id),
      nickName: USER_A.nickname,
      bound: false,
      roles: [{ roleAlias: 'visitor', roleName: '访客' }],
    });
  });

  it('signs the same person in again on the same link', async () => {
    const first = (await social(await wechatCode(MP_APP, USER_A.openId))).json();
    const again = (await social(await wechatCode(MP_APP, USER_A.openId))).json();
    expect(again.oauth_id).toBe(first.oauth_id);
  });

  it('accepts auth_code as the alias of code', async () => {
    const code = await wechatCode(MP_APP, USER_B.openId);
    const res = await tokenRequest(ctx, {
      grant_type: 'social',
      tenantId: '100001',
      source: 'wechat',
      auth_code: code,
    });
    expect(res.json()).toMatchObject({ user_id: '0', nick_name: USER_B.nickname });
  });

  it('gives a linked open id the token of its user', async () => {
    const [student1] = await db()
      .select()
      .from(users)
      .where(and(eq(users.tenantId, '100001'), eq(users.account, 'student1')));
    await db()
      .update(oauthLinks)
      .set({ userId: student1!.id })
      .where(and(eq(oauthLinks.tenantId, '100001'), eq(oauthLinks.openId, USER_B.openId)));
    const res = await social(await wechatCode(MP_APP, USER_B.openId));
    expect(res.json()).toMatchObject({
      user_id: String(student1!.id),
      account: 'student1',
      role_name: 'student',
      oauth_id: expect.stringMatching(/^\d+$/),
    });
    const info = (await userInfo(res.json().access_token)).json().data;
    expect(info).toMatchObject({ account: 'student1', bound: true });
    expect(info.oauthId).toBe(res.json().oauth_id);

    await db().update(users).set({ status: 0 }).where(eq(users.id, student1!.id));
    const disabled = await social(await wechatCode(MP_APP, USER_B.openId));
    expect(disabled.json().error_description).toBe(
      'This account is disabled, please contact the administrator',
    );
    await db().update(users).set({ status: 1 }).where(eq(users.id, student1!.id));
  });

  it('refreshes a visitor as a visitor, and as the user once the session was bound', async () => {
    const visitor = (await social(await wechatCode(MP_APP, DEMO_WECHAT_USERS[2].openId))).json();
    const again = await tokenRequest(ctx, {
      grant_type: 'refresh_token',
      refresh_token: visitor.refresh_token,
    });
    expect(again.json()).toMatchObject({ user_id: '0', oauth_id: visitor.oauth_id });

    // What register-user / bind-user do to the session after binding.
    const [guest1] = await db()
      .select()
      .from(users)
      .where(and(eq(users.tenantId, '100001'), eq(users.account, 'guest1')));
    const sid = JSON.parse(Buffer.from(again.json().access_token.split('.')[1], 'base64url').toString()).sid;
    await attachSessionUser(db(), sid, guest1!.id, null);
    const bound = await tokenRequest(ctx, {
      grant_type: 'refresh_token',
      refresh_token: again.json().refresh_token,
    });
    expect(bound.json()).toMatchObject({
      user_id: String(guest1!.id),
      account: 'guest1',
      oauth_id: visitor.oauth_id,
    });
  });

  it('signs in through Enterprise WeChat (source wxwork)', async () => {
    const res = await social(await wechatCode(WORK_CORP, USER_A.openId), 'wxwork');
    expect(res.statusCode).toBe(200);
    const [link] = await db()
      .select()
      .from(oauthLinks)
      .where(and(eq(oauthLinks.source, 'wxwork'), eq(oauthLinks.openId, USER_A.openId)));
    expect(res.json()).toMatchObject({ user_id: '0', oauth_id: String(link!.id) });
  });

  describe('refusals', () => {
    it('refuses a code used twice, or made up', async () => {
      const code = await wechatCode(MP_APP, USER_A.openId);
      expect((await social(code)).statusCode).toBe(200);
      const reuse = await social(code);
      expect(reuse.statusCode).toBe(400);
      expect(reuse.json()).toEqual({
        error_code: 400,
        error_description: 'The WeChat authorization code is invalid or was used',
      });
      expect((await social('made-up')).json().error_description).toMatch(/invalid or was used/);
    });

    it('refuses a code issued for another app', async () => {
      const code = await wechatCode('wxdemo0000100002', USER_A.openId);
      expect((await social(code)).json().error_description).toMatch(/invalid or was used/);
    });

    it('says the application is not authorized when the tenant has no such WeChat app', async () => {
      const res = await social('any', 'wxwork', '100002');
      expect(res.json()).toEqual({
        error_code: 400,
        error_description: 'Application is not authorized, please contact the system administrator',
      });
    });

    it('asks for a code and a known source', async () => {
      const noCode = await tokenRequest(ctx, { grant_type: 'social', tenantId: '100001', source: 'wechat' });
      expect(noCode.json().error_description).toBe('The WeChat authorization code is missing');
      const source = await social('x', 'qq');
      expect(source.json().error_description).toBe('Unsupported sign-in source');
      const tenant = await social('x', 'wechat', '999999');
      expect(tenant.json().error_description).toBe('Unknown tenant');
    });

    it('answers 502 when WeChat cannot be reached', async () => {
      const exchange = vi
        .spyOn(ctx.app.gateways.wechatOauth, 'exchange')
        .mockRejectedValueOnce(new Error('connect ECONNREFUSED'));
      const res = await social('any');
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({
        error_code: 502,
        error_description: 'WeChat is not reachable right now, please try again later',
      });
      expect(exchange).toHaveBeenCalledWith(
        'wechat',
        { appId: MP_APP, secret: 'demo-mp-secret-100001' },
        'any',
      );
      exchange.mockRestore();
    });
  });
});
