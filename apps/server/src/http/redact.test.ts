import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, wirePassword, type TestContext } from '@server-test/helpers';
import { passwordLogin, tokenRequest } from '@server-test/sign-in';
import type { InvoiceRow } from '@server/modules/invoice/invoice-status';
import { fileUrl } from '@server/modules/invoice/service';
import { signedLink } from '@server/modules/notice/attachment-link';
import { isSecretName, loggerOptions, REDACTED, redactText, redactValue } from './redact';

/** A pino destination that keeps every line written. */
function logSink() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return { stream, lines, text: () => lines.join('\n') };
}

describe('the redaction list', () => {
  it('names every secret-bearing parameter and header', () => {
    for (const name of [
      'password',
      'newPassword',
      'refresh_token',
      'access_token',
      'code',
      'auth_code',
      'payAuthToken',
      'secret',
      'appsecret',
      'corpsecret',
      'verifyCode',
      'captcha-code',
      'authorization',
      'blade-auth',
      'cookie',
      'set-cookie',
      'pay-auth-token',
      'paySign',
      'wechatpay-signature',
      'sig',
      'urlSig',
      'x-sig',
      'hmac',
    ])
      expect(isSecretName(name), name).toBe(true);
    for (const name of [
      'username',
      'tenantId',
      'grant_type',
      'orderNo',
      'state',
      'source',
      'current',
      'expires',
      'user',
      'download',
    ])
      expect(isSecretName(name), name).toBe(false);
  });

  it('redacts the values of secret parameters in a URL or any text, keeping the rest', () => {
    expect(
      redactText(
        '/api/blade-auth/oauth/token?tenantId=100001&username=student1&password=ab%2Bc%3D%3D&grant_type=password',
      ),
    ).toBe(
      `/api/blade-auth/oauth/token?tenantId=100001&username=student1&password=${REDACTED}&grant_type=password`,
    );
    expect(
      redactText(
        'GET https://api.weixin.qq.com/sns/oauth2/access_token?appid=wx1&secret=s3cr3t&code=c0de failed',
      ),
    ).toBe(
      `GET https://api.weixin.qq.com/sns/oauth2/access_token?appid=wx1&secret=${REDACTED}&code=${REDACTED} failed`,
    );
    expect(redactText('/pay?payAuthToken=eyJ.x.y&orderNo=O1')).toBe(
      `/pay?payAuthToken=${REDACTED}&orderNo=O1`,
    );
    expect(redactText('/a?refresh%5Ftoken=r1')).toBe(`/a?refresh%5Ftoken=${REDACTED}`);
    expect(redactText('/plain/path')).toBe('/plain/path');
  });

  it('redacts secret fields of logged objects but keeps an error code', () => {
    expect(
      redactValue({
        headers: { authorization: 'Basic eDp5', 'content-type': 'json' },
        code: 'ECONNREFUSED',
        nested: [{ refreshToken: 'r1', url: '/x?code=c1' }],
      }),
    ).toEqual({
      headers: { authorization: REDACTED, 'content-type': 'json' },
      code: 'ECONNREFUSED',
      nested: [{ refreshToken: REDACTED, url: `/x?code=${REDACTED}` }],
    });
  });

  it('is applied by the logger to errors, objects and messages', () => {
    const sink = logSink();
    const log = pino(loggerOptions({ level: 'info' }), sink.stream);
    log.error(
      { err: new Error('GET http://wx/sns/oauth2/access_token?appid=a&secret=APPSECRET1&code=CODE1 failed') },
      'exchange failed',
    );
    log.info({ headers: { 'blade-auth': 'bearer TOKEN1' }, url: '/x?verifyCode=123456' }, 'seen');
    log.warn('called /y?password=PASSWORD1');
    const text = sink.text();
    for (const secret of ['APPSECRET1', 'CODE1', 'TOKEN1', '123456', 'PASSWORD1'])
      expect(text).not.toContain(secret);
    // secret and code in the message and in the stack, the header, verifyCode, password.
    expect(text.split(REDACTED).length - 1).toBe(7);
    expect(text).toContain('exchange failed');
  });
});

describe('a failed query in a log line', () => {
  it('never shows the values it was bound to (a seeded app secret, a password hash)', () => {
    const sink = logSink();
    const log = pino(loggerOptions({ level: 'info' }), sink.stream);
    // The shape of drizzle's DrizzleQueryError: the values in its message and in a params field.
    const failed = Object.assign(
      new Error(
        'Failed query: insert into "tenants" ("wechat_mp_secret") values ($1, $2)\nparams: SEEDSECRET1,HASH1',
      ),
      {
        query: 'insert into "tenants" ("wechat_mp_secret") values ($1, $2)',
        params: ['SEEDSECRET1', 'HASH1'],
      },
    );
    log.fatal({ err: failed }, 'failed to start');
    const text = sink.text();
    expect(text).not.toContain('SEEDSECRET1');
    expect(text).not.toContain('HASH1');
    expect(text).toContain('Failed query: insert into');
    expect(text).toContain('failed to start');
  });
});

describe('log lines of real requests', () => {
  let ctx: TestContext;
  const sink = logSink();

  beforeAll(async () => {
    ctx = await createTestApp({}, { logger: { level: 'info', stream: sink.stream } });
  });
  afterAll(() => ctx.close());

  it('never carry a secret of the query string or the headers', async () => {
    const password = wirePassword('Demo@2024');
    const signIn = await passwordLogin(ctx, { username: 'student1' });
    expect(signIn.statusCode).toBe(200);
    const { refresh_token: refreshToken, access_token: accessToken } = signIn.json();

    await tokenRequest(ctx, { grant_type: 'refresh_token', tenantId: '100001', refresh_token: refreshToken });
    // The social grant makes the WeChat gateway call the demo stand-in's code exchange
    // (appid, secret and code in its query), which this app serves and logs too.
    await tokenRequest(ctx, {
      grant_type: 'social',
      tenantId: '100001',
      source: 'wechat',
      code: 'WECHATCODE1',
      auth_code: 'WECHATCODE1',
    });
    await ctx.app.inject({
      method: 'GET',
      url: '/api/blade-finance/order/detail?orderNo=O1&payAuthToken=PAYLINK1.sig',
      headers: { 'blade-auth': `bearer ${accessToken}`, cookie: 'sid=COOKIE1', 'captcha-code': 'CAP1' },
    });
    await ctx.app.inject({ method: 'POST', url: '/api/blade-user/x?verifyCode=654321&access_token=AT1' });

    const text = sink.text();
    const secrets = [
      password,
      encodeURIComponent(password),
      refreshToken,
      accessToken,
      'WECHATCODE1',
      'demo-mp-secret-100001',
      'PAYLINK1',
      'COOKIE1',
      'CAP1',
      '654321',
      'AT1',
    ];
    for (const secret of secrets) expect(text, secret).not.toContain(secret);
    // The lines are there, with the secrets' names and the marker.
    const urls = sink.lines
      .map((line) => JSON.parse(line) as { req?: { url?: string } })
      .flatMap((l) => l.req?.url ?? []);
    expect(urls).toContain(
      `/api/blade-auth/oauth/token?tenantId=100001&username=student1&password=${REDACTED}&grant_type=password&scope=all&type=account`,
    );
    expect(urls).toContainEqual(
      expect.stringMatching(
        /^\/api\/dev\/wechat\/sns\/oauth2\/access_token\?appid=wx\w+&secret=\[REDACTED\]&code=\[REDACTED\]/,
      ),
    );
    expect(urls).toContain(`/api/blade-finance/order/detail?orderNo=O1&payAuthToken=${REDACTED}`);
    expect(urls).toContain(
      `/api/blade-auth/oauth/token?grant_type=refresh_token&tenantId=100001&refresh_token=${REDACTED}`,
    );
  });

  it('never carry the signature of a signed link (notice attachment, invoice file, pay link)', async () => {
    const userId = 1;
    const attachment = signedLink(ctx.config.jwtSecret, { tenantId: '100001', userId, attachmentId: 7 });
    const invoice = fileUrl(ctx.app, { id: 9, tenantId: '100001' } as InvoiceRow);
    const sig = new URL(attachment, 'http://x').searchParams.get('sig')!;
    const token = new URL(invoice, 'http://x').searchParams.get('token')!;
    expect(sig.length).toBeGreaterThan(20);
    for (const url of [
      attachment,
      invoice,
      '/api/blade-finance/pay/cashier?orderNo=O1&payAuthToken=PAYLINK2.sig',
    ])
      await ctx.app.inject({ method: 'GET', url });

    const text = sink.text();
    expect(text).toContain('/api/blade-desk/notice/attachment/7?expires=');
    for (const secret of [sig, token, token.split('.')[1]!, 'PAYLINK2'])
      expect(text, secret).not.toContain(secret);
    const urls = sink.lines
      .map((line) => JSON.parse(line) as { req?: { url?: string } })
      .flatMap((l) => l.req?.url ?? []);
    expect(urls).toContainEqual(
      expect.stringMatching(
        /^\/api\/blade-desk\/notice\/attachment\/7\?expires=\d+&user=1&sig=\[REDACTED\]$/,
      ),
    );
    expect(urls).toContain(`/api/blade-finance/invoice/file/9?token=${REDACTED}`);
  });
});
