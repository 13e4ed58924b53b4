import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '@server-test/helpers';
import { devOauthCodes } from '@server/db/schema';
import { DEMO_WECHAT_USERS } from '@server/db/seed/demo';
import { WechatCodeError } from '@server/gateways/types';

const MP = { appId: 'wxdemo0000100001', secret: 'demo-mp-secret-100001' };
const WORK = { appId: 'wwdemo0000100001', secret: 'demo-work-secret-100001' };
const BASE = '/api/dev/wechat';

describe('WeChat OAuth stand-in', () => {
  let ctx: TestContext;
  const get = (url: string) => ctx.app.inject({ method: 'GET', url });
  const consent = (body: Record<string, string>) =>
    ctx.app.inject({ method: 'POST', url: `${BASE}/connect/oauth2/consent`, payload: body });
  async function codeFor(appid: string, person: string = DEMO_WECHAT_USERS[0].openId) {
    const res = await consent({
      appid,
      redirect_uri: 'http://app.test/',
      state: 's',
      person,
      decision: 'allow',
    });
    return new URL(res.headers.location as string).searchParams.get('code')!;
  }
  const exchange = (code: string, app = MP) =>
    get(
      `${BASE}/sns/oauth2/access_token?appid=${app.appId}&secret=${app.secret}&code=${code}&grant_type=authorization_code`,
    );

  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  describe('authorize page', () => {
    const authorizeUrl = (params: Record<string, string>) =>
      `${BASE}/connect/oauth2/authorize?${new URLSearchParams(params).toString()}#wechat_redirect`;

    it('lists the demo WeChat users and a new one, for a known app id', async () => {
      const res = await get(
        authorizeUrl({
          appid: MP.appId,
          redirect_uri: 'http://app.test/#/login',
          response_type: 'code',
          scope: 'snsapi_userinfo',
          state: 'abc',
        }),
      );
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      for (const person of DEMO_WECHAT_USERS) {
        expect(res.body).toContain(`value="${person.openId}"`);
        expect(res.body).toContain(person.nickname);
      }
      expect(res.body).toContain('value="new"');
      expect(res.body).toContain('演示大学');
      expect(res.body).toContain('Allow');
    });

    it('escapes what it echoes', async () => {
      const res = await get(
        authorizeUrl({
          appid: MP.appId,
          redirect_uri: 'http://app.test/',
          response_type: 'code',
          state: '"><script>alert(1)</script>',
        }),
      );
      expect(res.body).not.toContain('<script>');
      expect(res.body).toContain('&quot;&gt;&lt;script&gt;');
    });

    it('refuses an unknown app id, a bad redirect_uri and a wrong response_type', async () => {
      const base = { appid: MP.appId, redirect_uri: 'http://app.test/', response_type: 'code' };
      const appid = await get(authorizeUrl({ ...base, appid: 'wx-unknown' }));
      expect(appid.statusCode).toBe(400);
      expect(appid.body).toContain('appid');
      const redirect = await get(authorizeUrl({ ...base, redirect_uri: 'javascript:alert(1)' }));
      expect(redirect.statusCode).toBe(400);
      expect(redirect.body).toContain('redirect_uri');
      const type = await get(authorizeUrl({ ...base, response_type: 'token' }));
      expect(type.statusCode).toBe(400);
    });

    it('redirects with code and state, before the #fragment of a hash-routed app', async () => {
      const res = await consent({
        appid: MP.appId,
        redirect_uri: 'http://app.test/?from=wx#/login',
        state: 'st-1',
        person: DEMO_WECHAT_USERS[1].openId,
        decision: 'allow',
      });
      expect(res.statusCode).toBe(302);
      const location = new URL(res.headers.location as string);
      expect(location.origin + location.pathname).toBe('http://app.test/');
      expect(location.hash).toBe('#/login');
      expect(location.searchParams.get('from')).toBe('wx');
      expect(location.searchParams.get('state')).toBe('st-1');
      const code = location.searchParams.get('code')!;
      const [row] = await ctx.database.db.select().from(devOauthCodes).where(eq(devOauthCodes.code, code));
      expect(row).toMatchObject({ appId: MP.appId, openId: DEMO_WECHAT_USERS[1].openId, usedAt: null });
    });

    it('sends only the state back when the person denies', async () => {
      const res = await consent({
        appid: MP.appId,
        redirect_uri: 'http://app.test/',
        state: 'st-2',
        decision: 'deny',
      });
      const location = new URL(res.headers.location as string);
      expect(location.searchParams.get('state')).toBe('st-2');
      expect(location.searchParams.has('code')).toBe(false);
    });

    it('makes up a brand-new WeChat user on request', async () => {
      const code = await codeFor(MP.appId, 'new');
      const body = (await exchange(code)).json();
      expect(body.openid).toMatch(/^o-demo-new-[0-9a-f]{8}$/);
    });
  });

  describe('official account: sns/oauth2/access_token and sns/userinfo', () => {
    it('exchanges a code once for the open id, and answers the profile', async () => {
      const code = await codeFor(MP.appId);
      const res = await exchange(code);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        openid: DEMO_WECHAT_USERS[0].openId,
        expires_in: 7200,
        scope: 'snsapi_userinfo',
      });
      expect((await exchange(code)).json()).toEqual({ errcode: 40029, errmsg: 'invalid code' });

      const info = await get(
        `${BASE}/sns/userinfo?access_token=${body.access_token}&openid=${body.openid}&lang=zh_CN`,
      );
      expect(info.json()).toMatchObject({ openid: body.openid, nickname: DEMO_WECHAT_USERS[0].nickname });
      const other = await get(`${BASE}/sns/userinfo?access_token=${body.access_token}&openid=o-someone-else`);
      expect(other.json().errcode).toBe(40003);
      const forged = await get(
        `${BASE}/sns/userinfo?access_token=${body.access_token}x&openid=${body.openid}`,
      );
      expect(forged.json().errcode).toBe(40001);
    });

    it("answers WeChat's errcodes", async () => {
      const code = await codeFor(MP.appId);
      expect((await exchange(code, { ...MP, secret: 'wrong' })).json()).toEqual({
        errcode: 40125,
        errmsg: 'invalid appsecret',
      });
      expect((await exchange(code, { appId: 'wx-unknown', secret: MP.secret })).json().errcode).toBe(40013);
      const grantType = await get(
        `${BASE}/sns/oauth2/access_token?appid=${MP.appId}&secret=${MP.secret}&code=${code}`,
      );
      expect(grantType.json().errcode).toBe(40002);
      expect((await exchange('made-up')).json().errcode).toBe(40029);
      // A refused secret did not use the code up.
      expect((await exchange(code)).json().openid).toBe(DEMO_WECHAT_USERS[0].openId);
    });

    it('refuses an expired code, and a code of another app', async () => {
      const code = await codeFor(MP.appId);
      await ctx.database.db
        .update(devOauthCodes)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(devOauthCodes.code, code));
      expect((await exchange(code)).json().errcode).toBe(40029);
      const other = await codeFor('wxdemo0000100002');
      expect((await exchange(other)).json().errcode).toBe(40029);
    });
  });

  describe('Enterprise WeChat: cgi-bin/gettoken and cgi-bin/auth/getuserinfo', () => {
    const appToken = async () =>
      (await get(`${BASE}/cgi-bin/gettoken?corpid=${WORK.appId}&corpsecret=${WORK.secret}`)).json()
        .access_token;

    it('answers a member by userid and an outsider by openid', async () => {
      const token = await appToken();
      const member = await get(
        `${BASE}/cgi-bin/auth/getuserinfo?access_token=${token}&code=${await codeFor(WORK.appId)}`,
      );
      expect(member.json()).toEqual({ errcode: 0, errmsg: 'ok', userid: DEMO_WECHAT_USERS[0].openId });
      const outsider = await get(
        `${BASE}/cgi-bin/auth/getuserinfo?access_token=${token}&code=${await codeFor(WORK.appId, 'new')}`,
      );
      expect(outsider.json()).toMatchObject({ errcode: 0, openid: expect.stringMatching(/^o-demo-new-/) });
    });

    it("answers WeChat's errcodes", async () => {
      const secret = await get(`${BASE}/cgi-bin/gettoken?corpid=${WORK.appId}&corpsecret=wrong`);
      expect(secret.json().errcode).toBe(40001);
      expect(
        (await get(`${BASE}/cgi-bin/gettoken?corpid=${MP.appId}&corpsecret=${MP.secret}`)).json().errcode,
      ).toBe(40013);
      const code = await codeFor(WORK.appId);
      expect(
        (await get(`${BASE}/cgi-bin/auth/getuserinfo?access_token=forged&code=${code}`)).json().errcode,
      ).toBe(40014);
      const token = await appToken();
      expect(
        (await get(`${BASE}/cgi-bin/auth/getuserinfo?access_token=${token}&code=nope`)).json().errcode,
      ).toBe(40029);
    });
  });

  describe('the real gateway adapter against the stand-in', () => {
    it('exchanges an official-account code for the identity with its nickname', async () => {
      const who = await ctx.app.gateways.wechatOauth.exchange('wechat', MP, await codeFor(MP.appId));
      expect(who).toMatchObject({
        openId: DEMO_WECHAT_USERS[0].openId,
        nickname: DEMO_WECHAT_USERS[0].nickname,
      });
    });

    it('exchanges an Enterprise WeChat code', async () => {
      const who = await ctx.app.gateways.wechatOauth.exchange('wxwork', WORK, await codeFor(WORK.appId));
      expect(who.openId).toBe(DEMO_WECHAT_USERS[0].openId);
    });

    it('reports a used code as a WechatCodeError', async () => {
      const code = await codeFor(MP.appId);
      await ctx.app.gateways.wechatOauth.exchange('wechat', MP, code);
      await expect(ctx.app.gateways.wechatOauth.exchange('wechat', MP, code)).rejects.toBeInstanceOf(
        WechatCodeError,
      );
    });
  });
});
