/**
 * Issue 9: a NUL byte (or another control character) anywhere a request carries text is a 400 with a
 * clear message, before it reaches SQL — signed in or not; the token endpoint answers every error,
 * a 500 and a gateway failure too, in its own {error_code, error_description} shape.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { basicAuth, createTestApp, type TestContext } from '@server-test/helpers';
import { tokenFor } from '@server-test/issue-token';
import { WechatCodeError } from '../gateways/types';
import { TOKEN_ENDPOINT } from './errors';

const UNSAFE =
  'The request contains characters that are not allowed (such as control characters); please check your input';
const UNSAFE_ZH = '请求中含有不允许的字符（如控制字符），请检查输入';

let ctx: TestContext;
let student1: string;

beforeAll(async () => {
  ctx = await createTestApp();
  student1 = await tokenFor(ctx, '100001', 'student1');
});
afterAll(() => ctx?.close());

type Call = {
  method: 'GET' | 'POST';
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
  signedIn?: boolean;
};

function call(c: Call) {
  return ctx.app.inject({
    method: c.method,
    url: c.url,
    headers: {
      authorization: basicAuth(ctx.config),
      'accept-language': 'en',
      ...(c.signedIn ? { 'blade-auth': `bearer ${student1}` } : {}),
      ...c.headers,
    },
    ...(c.payload !== undefined ? { payload: c.payload as object } : {}),
  });
}

const NUL = '%00';

describe('text with a NUL byte or another control character', () => {
  const blade: Call[] = [
    {
      method: 'POST',
      url: `/api/blade-resource/sms/endpoint/send-validate?tenantId=100001${NUL}&phone=13800000001`,
    },
    { method: 'GET', url: `/api/blade-system/tenant/get-by-tenant-id?tenantId=1000${NUL}01` },
    { method: 'GET', url: `/api/blade-system/tenant/mobile-module?tenantId=${NUL}` },
    { method: 'GET', url: `/api/blade-system/param/value?tenantId=100001&paramKey=a${NUL}` },
    { method: 'GET', url: `/api/blade-system/param/value-list?tenantId=100001${NUL}` },
    { method: 'GET', url: `/api/blade-system/dict/dictionary?tenantId=100001&code=flow${NUL}` },
    {
      method: 'POST',
      url: '/api/blade-finance/enroll/lookup',
      payload: { idCard: '1\u0000', name: 'x' },
      signedIn: true,
    },
    { method: 'GET', url: `/api/blade-finance/pay/cashier?orderNo=A${NUL}`, signedIn: true },
    { method: 'GET', url: `/api/blade-finance/pay/status?orderNo=A&payAuthToken=x${NUL}` },
    {
      method: 'POST',
      url: '/api/blade-user/verify-phone',
      payload: { verifyId: '\u0000', verifyCode: '123456' },
      signedIn: true,
    },
    { method: 'POST', url: `/api/blade-user/verify-phone?verifyId=${NUL}&verifyCode=1`, signedIn: true },
    { method: 'POST', url: `/api/blade-finance/pay/notify/sandbox/1000${NUL}1`, payload: '{}' },
    { method: 'POST', url: `/api/blade-finance/pay/notify/sand${NUL}box/100001`, payload: '{}' },
    // Form bodies, nested JSON, keys, other controls, half a surrogate pair, a header.
    {
      method: 'POST',
      url: '/api/blade-user/change-phone',
      payload: 'phone=13800000009&verifyCode=%00',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      signedIn: true,
    },
    {
      method: 'POST',
      url: '/api/blade-finance/order/create-other',
      payload: { feeItemId: 1, formData: { room: 'a\u0000' } },
      signedIn: true,
    },
    {
      method: 'POST',
      url: '/api/blade-finance/order/create-other',
      payload: { feeItemId: 1, formData: { 'r\u0000': 'a' } },
      signedIn: true,
    },
    {
      method: 'POST',
      url: '/api/blade-finance/enroll/lookup',
      payload: { idCard: '1\u001b[2J', name: 'x' },
      signedIn: true,
    },
    {
      method: 'POST',
      url: '/api/blade-finance/enroll/lookup',
      payload: { idCard: '\ud800', name: 'x' },
      signedIn: true,
    },
    { method: 'GET', url: '/api/blade-system/param/value-list', headers: { 'tenant-id': '1000\u000001' } },
    { method: 'GET', url: `/api/blade-finance/order/detail/1${NUL}`, signedIn: true },
  ];

  it('is refused with 400 and a clear message in the Blade envelope, signed in or not', async () => {
    for (const c of blade) {
      const res = await call(c);
      expect(res.statusCode, c.url).toBe(400);
      expect(res.json(), c.url).toEqual({ code: 400, success: false, data: null, msg: UNSAFE });
    }
    const zh = await call({ ...blade[1]!, headers: { 'accept-language': 'zh' } });
    expect(zh.json().msg).toBe(UNSAFE_ZH);
  });

  it('is refused on the token endpoint in its own shape: tenant, code, refresh token, password, headers', async () => {
    const cases: Call[] = [
      {
        method: 'POST',
        url: `${TOKEN_ENDPOINT}?grant_type=password&tenantId=100001${NUL}&username=student1&password=x`,
      },
      {
        method: 'POST',
        url: `${TOKEN_ENDPOINT}?grant_type=social&tenantId=100001&source=wechat&code=abc${NUL}`,
      },
      {
        method: 'POST',
        url: `${TOKEN_ENDPOINT}?grant_type=refresh_token&tenantId=100001&refresh_token=${NUL}`,
      },
      {
        method: 'POST',
        url: TOKEN_ENDPOINT,
        payload: 'grant_type=social&tenantId=100001&code=%00',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
      {
        method: 'POST',
        url: `${TOKEN_ENDPOINT}?grant_type=password&username=student1`,
        headers: { 'captcha-key': '\u0000' },
      },
    ];
    for (const c of cases) {
      const res = await call(c);
      expect(res.statusCode, c.url).toBe(400);
      expect(res.json(), c.url).toEqual({ error_code: 400, error_description: UNSAFE });
    }
  });

  it('lets text carry tab, line feed and carriage return in a body', async () => {
    const res = await call({
      method: 'POST',
      url: '/api/blade-finance/enroll/lookup',
      payload: { idCard: '110101200402051235', name: 'no\tsuch\r\nperson' },
      signedIn: true,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(
      'No newly admitted student matches this ID number and name; please check your input',
    );
  });
});

describe('the token endpoint answers every error in its own shape', () => {
  it('a malformed parameter', async () => {
    const res = await call({ method: 'POST', url: `${TOKEN_ENDPOINT}?grant_type=a&grant_type=b` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error_code: 400, error_description: expect.stringMatching(/not valid/) });
  });

  it('a WeChat code that cannot be one is a 400, not a 502, and never reaches WeChat', async () => {
    const exchange = vi.spyOn(ctx.app.gateways.wechatOauth, 'exchange');
    for (const code of ['a b', 'x'.repeat(300), '\u4e2d\u6587']) {
      const res = await call({
        method: 'POST',
        url: `${TOKEN_ENDPOINT}?grant_type=social&tenantId=100001&source=wechat&code=${encodeURIComponent(code)}`,
      });
      expect(res.statusCode, code).toBe(400);
      expect(res.json()).toEqual({
        error_code: 400,
        error_description: 'The WeChat authorization code is invalid or was used',
      });
    }
    expect(exchange).not.toHaveBeenCalled();
    exchange.mockRestore();
  });

  it('an unexpected failure: 500 as {error_code, error_description}, nothing of its cause', async () => {
    const exchange = vi
      .spyOn(ctx.app.gateways.wechatOauth, 'exchange')
      .mockRejectedValueOnce(new WechatCodeError('refused'));
    const refused = await call({
      method: 'POST',
      url: `${TOKEN_ENDPOINT}?grant_type=social&tenantId=100001&code=abc`,
    });
    expect(refused.json()).toMatchObject({ error_code: 400 });

    exchange.mockRejectedValueOnce(new Error('connect ECONNREFUSED'));
    const gateway = await call({
      method: 'POST',
      url: `${TOKEN_ENDPOINT}?grant_type=social&tenantId=100001&code=abc`,
    });
    expect(gateway.statusCode).toBe(502);
    expect(gateway.json()).toEqual({ error_code: 502, error_description: expect.any(String) });

    const insert = vi.spyOn(ctx.database.db, 'insert').mockImplementationOnce(() => {
      throw new Error('secret internals: relation "oauth_links" is gone');
    });
    exchange.mockResolvedValueOnce({ openId: 'o-fuzz' });
    const crash = await call({
      method: 'POST',
      url: `${TOKEN_ENDPOINT}?grant_type=social&tenantId=100001&code=abc`,
    });
    expect(crash.statusCode).toBe(500);
    expect(crash.json()).toEqual({
      error_code: 500,
      error_description: 'Something went wrong on the server, please try again later',
    });
    insert.mockRestore();
    exchange.mockRestore();
  });
});

describe('errors Fastify meets before routing', () => {
  it('a URL that is not valid percent-encoding, or a path parameter too long: 400 in the envelope', async () => {
    for (const url of [
      '/api/blade-finance/order/detail/%E0%A4%A',
      `/api/blade-finance/order/detail/${'9'.repeat(300)}`,
    ]) {
      const res = await call({ method: 'GET', url, signedIn: true });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json()).toMatchObject({ success: false, data: null, msg: 'The request is not valid' });
    }
  });
});
