import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '@server-test/helpers';

/** Every demo stand-in route (modules/dev/routes.ts registers them all): its pattern and a request to it. */
const STANDINS: { method: 'GET' | 'POST'; pattern: string; url: string }[] = [
  { method: 'GET', pattern: '/api/dev/outbox', url: '/api/dev/outbox?phone=13800000001' },
  { method: 'GET', pattern: '/api/dev/captcha/:key', url: '/api/dev/captcha/abc' },
  {
    method: 'GET',
    pattern: '/api/dev/wechat/connect/oauth2/authorize',
    url: '/api/dev/wechat/connect/oauth2/authorize?appid=wxdemo0000100001&redirect_uri=http%3A%2F%2Fx%2F&response_type=code',
  },
  {
    method: 'POST',
    pattern: '/api/dev/wechat/connect/oauth2/consent',
    url: '/api/dev/wechat/connect/oauth2/consent',
  },
  {
    method: 'GET',
    pattern: '/api/blade-finance/pay/sandbox/checkout',
    url: '/api/blade-finance/pay/sandbox/checkout?ticket=nope',
  },
  {
    method: 'POST',
    pattern: '/api/blade-finance/pay/sandbox/checkout',
    url: '/api/blade-finance/pay/sandbox/checkout',
  },
  {
    method: 'GET',
    pattern: '/api/blade-finance/pay/sandbox/checkout.js',
    url: '/api/blade-finance/pay/sandbox/checkout.js',
  },
  {
    method: 'POST',
    pattern: '/api/dev/wechatpay/:tenantId/pay',
    url: '/api/dev/wechatpay/100001/pay?outTradeNo=X1',
  },
  { method: 'POST', pattern: '/api/dev/wechatpay/:tenantId/jsapi', url: '/api/dev/wechatpay/100001/jsapi' },
  {
    method: 'GET',
    pattern: '/api/dev/wechatpay/:tenantId/v3/*',
    url: '/api/dev/wechatpay/100001/v3/pay/transactions/out-trade-no/X1?mchid=1',
  },
  {
    method: 'POST',
    pattern: '/api/dev/wechatpay/:tenantId/v3/*',
    url: '/api/dev/wechatpay/100001/v3/pay/transactions/jsapi',
  },
];

describe('dev routes (demo mode)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('lists what the SMS and mail stand-ins sent to a recipient, newest first', async () => {
    await ctx.app.gateways.sms.send('100001', '13900000001', 'first text');
    await ctx.app.gateways.sms.send('100001', '13900000002', 'someone else');
    await ctx.app.gateways.sms.send('100001', '13900000001', 'second text');
    const res = await ctx.app.inject({ method: 'GET', url: '/api/dev/outbox?phone=13900000001' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.map((m: { body: string }) => m.body)).toEqual(['second text', 'first text']);
    expect(data[0]).toMatchObject({ channel: 'sms', recipient: '13900000001', subject: null });
    expect(new Date(data[0].createdAt).getTime()).toBeGreaterThan(0);

    await ctx.app.gateways.mail.send('100001', 'a@example.com', 'Hello', 'mail body');
    const mail = await ctx.app.inject({ method: 'GET', url: '/api/dev/outbox?phone=a@example.com' });
    expect(mail.json().data).toEqual([
      expect.objectContaining({ channel: 'mail', subject: 'Hello', body: 'mail body' }),
    ]);
  });

  it("reads a captcha's text, and 404 for an unknown key", async () => {
    const { key } = (await ctx.app.inject({ method: 'GET', url: '/api/blade-auth/oauth/captcha' })).json();
    const res = await ctx.app.inject({ method: 'GET', url: `/api/dev/captcha/${key}` });
    expect(res.json().data.text).toMatch(/^[A-Za-z0-9]{4}$/);
    const unknown = await ctx.app.inject({ method: 'GET', url: '/api/dev/captcha/nope' });
    expect(unknown.statusCode).toBe(404);
  });

  it('serves every stand-in: WeChat authorize, outbox, captcha, sandbox checkout, WeChat Pay simulator', async () => {
    for (const { method, pattern } of STANDINS)
      expect(ctx.app.hasRoute({ method, url: pattern }), `${method} ${pattern}`).toBe(true);
    // The sandbox checkout page answers itself (its own HTML page for an unknown ticket).
    const checkout = await ctx.app.inject({
      method: 'GET',
      url: '/api/blade-finance/pay/sandbox/checkout?ticket=nope',
    });
    expect(checkout.statusCode).toBe(404);
    expect(checkout.headers['content-type']).toMatch(/^text\/html/);
  });
});

describe('dev routes in production mode', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({
      APP_MODE: 'production',
      CLIENT_ID: 'campus-app',
      CLIENT_SECRET: 'a-real-client-secret-0123456789',
      PUBLIC_URL: 'https://pay.example.edu',
      SMS_HTTP_URL: 'https://sms.example.edu/send',
      MAIL_HTTP_URL: 'https://mail.example.edu/send',
    });
  });
  afterAll(() => ctx.close());

  it('do not exist (404)', async () => {
    const key = (await ctx.app.inject({ method: 'GET', url: '/api/blade-auth/oauth/captcha' })).json().key;
    for (const url of [
      '/api/dev/outbox?phone=13800000001',
      `/api/dev/captcha/${key}`,
      '/api/dev/wechat/connect/oauth2/authorize?appid=wxdemo0000100001&redirect_uri=http%3A%2F%2Fx%2F&response_type=code',
      '/api/dev/wechat/sns/oauth2/access_token?appid=wxdemo0000100001&secret=demo-mp-secret-100001&code=x&grant_type=authorization_code',
      '/api/dev/wechat/sns/userinfo?access_token=x&openid=y',
      '/api/dev/wechat/cgi-bin/gettoken?corpid=wwdemo0000100001&corpsecret=demo-work-secret-100001',
      '/api/dev/wechat/cgi-bin/auth/getuserinfo?access_token=x&code=y',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
    const consent = await ctx.app.inject({ method: 'POST', url: '/api/dev/wechat/connect/oauth2/consent' });
    expect(consent.statusCode).toBe(404);
  });

  it('has none of the stand-ins, the sandbox checkout and WeChat Pay simulator included', async () => {
    for (const { method, pattern, url } of STANDINS) {
      expect(ctx.app.hasRoute({ method, url: pattern }), `${method} ${pattern}`).toBe(false);
      const res = await ctx.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json(), `${method} ${url}`).toMatchObject({ code: 404, success: false });
    }
  });
});
