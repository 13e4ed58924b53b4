import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@server/config';
import { tenants } from '@server/db/schema';
import { createTestApp, type TestContext } from '@server-test/helpers';
import { bladeAuth, tokenFor } from '@server-test/issue-token';
import { wechatAuthorizeUrl } from './service';

const EN = { 'accept-language': 'en' };

describe('tenants (demo mode)', () => {
  let ctx: TestContext;
  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    ctx = await createTestApp();
    await ctx.database.db.insert(tenants).values([
      { tenantId: '100003', tenantName: '停用学校', status: 0 },
      { tenantId: '100004', tenantName: '过期学校', expireTime: sql`now() - interval '1 day'` },
      {
        tenantId: '100005',
        tenantName: '续约学校',
        tenantNameEn: 'Renewed School',
        expireTime: sql`now() + interval '30 days'`,
      },
    ]);
  });
  afterAll(() => ctx.close());

  describe('GET /api/blade-system/tenant/get-by-tenant-id', () => {
    it('answers the public details with the demo WeChat authorize page', async () => {
      const res = await get('/api/blade-system/tenant/get-by-tenant-id?tenantId=100001');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        code: 200,
        success: true,
        msg: '操作成功',
        data: {
          tenantId: '100001',
          tenantName: '演示大学',
          tenantNameEn: 'Demo University',
          status: 1,
          expireTime: null,
          wechatMpAppId: 'wxdemo0000100001',
          wechatWorkCorpId: 'wwdemo0000100001',
          wechatWorkAgentId: '1000001',
          wechatAuthorizeUrl: '/api/dev/wechat/connect/oauth2/authorize',
        },
      });
    });

    it('never answers the WeChat secrets', async () => {
      for (const tenantId of ['100001', '100002']) {
        const res = await get(`/api/blade-system/tenant/get-by-tenant-id?tenantId=${tenantId}`);
        expect(res.statusCode).toBe(200);
        expect(res.body).not.toMatch(/secret/i);
        expect(Object.keys(res.json().data)).not.toContain('wechatMpSecret');
      }
    });

    it('answers unset WeChat ids as null and the expiry as an ISO time', async () => {
      const college = await get('/api/blade-system/tenant/get-by-tenant-id?tenantId=100002');
      expect(college.json().data).toMatchObject({ wechatWorkCorpId: null, wechatWorkAgentId: null });
      const renewed = await get('/api/blade-system/tenant/get-by-tenant-id?tenantId=100005');
      const expireTime = renewed.json().data.expireTime as string;
      expect(new Date(expireTime).toISOString()).toBe(expireTime);
      expect(new Date(expireTime).getTime()).toBeGreaterThan(Date.now());
    });

    it('answers a disabled tenant with its status, so the login page can say so', async () => {
      const res = await get('/api/blade-system/tenant/get-by-tenant-id?tenantId=100003');
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ tenantId: '100003', status: 0, tenantNameEn: null });
    });

    it('refuses an unknown tenant in the asked language', async () => {
      const en = await get('/api/blade-system/tenant/get-by-tenant-id?tenantId=123456', EN);
      expect(en.statusCode).toBe(400);
      expect(en.json()).toEqual({ code: 400, success: false, data: null, msg: 'Unknown tenant' });
      const zh = await get('/api/blade-system/tenant/get-by-tenant-id?tenantId=123456');
      expect(zh.json().msg).toBe('租户不存在');
      const blank = await get('/api/blade-system/tenant/get-by-tenant-id?tenantId=', EN);
      expect(blank.json().msg).toBe('Please choose a tenant');
    });

    it("answers a signed-in caller's own tenant, not the one in the query", async () => {
      const token = await tokenFor(ctx, '100002', 'student2');
      const res = await get('/api/blade-system/tenant/get-by-tenant-id?tenantId=100001', bladeAuth(token));
      expect(res.json().data.tenantId).toBe('100002');
    });
  });

  describe('GET /api/blade-system/tenant/list-public', () => {
    it('lists enabled, unexpired schools and never the platform tenant', async () => {
      const res = await get('/api/blade-system/tenant/list-public');
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual([
        { tenantId: '100001', tenantName: '演示大学', tenantNameEn: 'Demo University' },
        { tenantId: '100002', tenantName: '演示学院', tenantNameEn: 'Demo College' },
        { tenantId: '100005', tenantName: '续约学校', tenantNameEn: 'Renewed School' },
      ]);
    });
  });
});

describe('tenants (production mode)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({
      APP_MODE: 'production',
      CLIENT_ID: 'campus-web',
      CLIENT_SECRET: 'a-production-client-secret-0123456789',
      PUBLIC_URL: 'https://pay.example.edu',
      SMS_HTTP_URL: 'https://sms.example.edu/send',
      MAIL_HTTP_URL: 'https://mail.example.edu/send',
    });
  });
  afterAll(() => ctx.close());

  it('points the WeChat authorize URL at WeChat itself', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/blade-system/tenant/get-by-tenant-id?tenantId=100001',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.wechatAuthorizeUrl).toBe('https://open.weixin.qq.com/connect/oauth2/authorize');
    expect(res.body).not.toMatch(/secret/i);
  });
});

describe('wechatAuthorizeUrl', () => {
  it('follows WECHAT_OAUTH_URL in production', () => {
    const config = loadConfig({
      APP_MODE: 'production',
      JWT_SECRET: 'a-production-jwt-secret-0123456789abcdef',
      WIRE_AES_KEY: 'ProductionWireKey_0123456789abcd',
      CLIENT_ID: 'campus-web',
      CLIENT_SECRET: 'a-production-client-secret-0123456789',
      PUBLIC_URL: 'https://pay.example.edu',
      SMS_HTTP_URL: 'https://sms.example.edu/send',
      MAIL_HTTP_URL: 'https://mail.example.edu/send',
      WECHAT_OAUTH_URL: 'https://wx-proxy.example.edu',
    });
    expect(wechatAuthorizeUrl(config)).toBe('https://wx-proxy.example.edu/connect/oauth2/authorize');
  });
});
