import { aesEncrypt, md5Hex } from '@cf/shared/wire-crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  basicAuth,
  createTestApp,
  TEST_WIRE_KEY,
  wirePassword,
  type TestContext,
} from '@server-test/helpers';
import { captchas, rateLimits, tenants, users } from '@server/db/schema';
import { hashPassword, legacyBladeHash } from './password';
import { slowdownMs } from './sign-in-limits';
import { newCaptcha, passwordLogin, tokenRequest } from '@server-test/sign-in';

describe('password grant', () => {
  let ctx: TestContext;
  const db = () => ctx.database.db;
  const userRow = async (account: string, tenantId = '100001') => {
    const [row] = await db()
      .select()
      .from(users)
      .where(and(eq(users.tenantId, tenantId), eq(users.account, account)));
    return row!;
  };
  const setUser = (account: string, values: Partial<typeof users.$inferInsert>) =>
    db()
      .update(users)
      .set(values)
      .where(and(eq(users.tenantId, '100001'), eq(users.account, account)));

  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('signs a student in and answers the raw BladeX token JSON', async () => {
    const res = await passwordLogin(ctx, { username: 'student1' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const student1 = await userRow('student1');
    expect(body).toMatchObject({
      token_type: 'bearer',
      expires_in: ctx.config.accessTokenTtl,
      tenant_id: '100001',
      user_id: String(student1.id),
      oauth_id: '',
      account: 'student1',
      user_name: 'student1',
      nick_name: '张三',
      role_name: 'student',
      user_type: 'student',
    });
    expect(body.access_token.split('.')).toHaveLength(3);
    expect(body.refresh_token).toMatch(/^[\w-]{40,}$/);
    expect(body.license).toBeTruthy();
    expect(body.jti).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('accepts a phone number as the username, and the tenant from the Tenant-Id header', async () => {
    const captcha = await newCaptcha(ctx.app);
    const query = new URLSearchParams({
      username: '13800000002',
      password: wirePassword('Demo@2024'),
      grant_type: 'password',
      scope: 'all',
      type: 'account',
    });
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/blade-auth/oauth/token?${query.toString()}`,
      headers: {
        authorization: basicAuth(ctx.config),
        'tenant-id': '100001',
        'captcha-key': captcha.key,
        'captcha-code': captcha.text,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ account: 'teacher1', role_name: 'employee', tenant_id: '100001' });
  });

  it('accepts the parameters as a form body too', async () => {
    const captcha = await newCaptcha(ctx.app);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      headers: {
        authorization: basicAuth(ctx.config),
        'content-type': 'application/x-www-form-urlencoded',
        'captcha-key': captcha.key,
        'captcha-code': captcha.text.toUpperCase(),
      },
      payload: new URLSearchParams({
        tenantId: '100002',
        username: 'student2',
        password: wirePassword('Demo@2024'),
        grant_type: 'password',
      }).toString(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ account: 'student2', tenant_id: '100002' });
  });

  it("takes a '+' of the Base64 password that arrived unencoded (as a space), even a leading one", async () => {
    let typed = '';
    for (let i = 0; !typed; i++) if (wirePassword(`Pw+${i}`).startsWith('+')) typed = `Pw+${i}`;
    await setUser('guest1', { passwordHash: await hashPassword(md5Hex(typed)) });
    const captcha = await newCaptcha(ctx.app);
    const res = await ctx.app.inject({
      method: 'POST',
      // Deliberately not URL-encoded, as a hand-written curl line would send it.
      url: `/api/blade-auth/oauth/token?tenantId=100001&username=guest1&grant_type=password&password=${wirePassword(typed)}`,
      headers: {
        authorization: basicAuth(ctx.config),
        'captcha-key': captcha.key,
        'captcha-code': captcha.text,
      },
    });
    expect(res.json()).toMatchObject({ account: 'guest1' });
    await setUser('guest1', { passwordHash: await hashPassword(md5Hex('Demo@2024')) });
  });

  describe('captcha', () => {
    it('is required', async () => {
      const res = await passwordLogin(ctx, { username: 'student1', captcha: null });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error_code: 400, error_description: 'Please enter the captcha' });
    });

    it('must match (case-insensitive) and is used up by a wrong answer', async () => {
      const captcha = await newCaptcha(ctx.app);
      const wrong = await passwordLogin(ctx, {
        username: 'student1',
        captcha: { key: captcha.key, text: 'zzzz' },
      });
      expect(wrong.json()).toEqual({ error_code: 400, error_description: 'The captcha is wrong' });
      const retry = await passwordLogin(ctx, { username: 'student1', captcha });
      expect(retry.json().error_description).toBe(
        'The captcha has expired or was used, please get a new one',
      );
    });

    it('cannot be replayed after a successful login', async () => {
      const captcha = await newCaptcha(ctx.app);
      expect((await passwordLogin(ctx, { username: 'student1', captcha })).statusCode).toBe(200);
      const replay = await passwordLogin(ctx, { username: 'student1', captcha, lang: 'zh' });
      expect(replay.statusCode).toBe(400);
      expect(replay.json()).toEqual({ error_code: 400, error_description: '验证码已失效，请刷新后重试' });
    });

    it('expires after 5 minutes', async () => {
      const captcha = await newCaptcha(ctx.app);
      await db()
        .update(captchas)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(captchas.key, captcha.key));
      const res = await passwordLogin(ctx, { username: 'student1', captcha });
      expect(res.json().error_description).toBe('The captcha has expired or was used, please get a new one');
    });

    it('is an SVG data URL with a key', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/blade-auth/oauth/captcha' });
      expect(res.statusCode).toBe(200);
      const { key, image } = res.json();
      expect(key).toMatch(/^[0-9a-f-]{36}$/);
      expect(image).toMatch(/^data:image\/svg\+xml;base64,/);
      expect(Buffer.from(image.split(',')[1], 'base64').toString()).toContain('<svg');
    });
  });

  describe('refusals', () => {
    it('refuses a bad or missing client with 401', async () => {
      const bad = await passwordLogin(ctx, {
        username: 'student1',
        headers: { authorization: 'Basic ' + Buffer.from('saber:wrong').toString('base64') },
      });
      expect(bad.statusCode).toBe(401);
      expect(bad.json()).toEqual({ error_code: 401, error_description: 'Client authentication failed' });
      const missing = await tokenRequest(ctx, { grant_type: 'password' }, { authorization: '' });
      expect(missing.statusCode).toBe(401);
    });

    it('refuses an unknown, missing, disabled or expired tenant', async () => {
      const unknown = await passwordLogin(ctx, { tenantId: '999999', username: 'student1' });
      expect(unknown.json()).toEqual({ error_code: 400, error_description: 'Unknown tenant' });
      const missing = await tokenRequest(ctx, { grant_type: 'password', username: 'student1' });
      expect(missing.json().error_description).toBe('Please choose a tenant');

      await db().update(tenants).set({ status: 0 }).where(eq(tenants.tenantId, '100002'));
      const disabled = await passwordLogin(ctx, { tenantId: '100002', username: 'student2' });
      expect(disabled.json().error_description).toBe('This tenant is disabled');
      await db()
        .update(tenants)
        .set({ status: 1, expireTime: new Date(Date.now() - 1000) })
        .where(eq(tenants.tenantId, '100002'));
      const expired = await passwordLogin(ctx, { tenantId: '100002', username: 'student2' });
      expect(expired.json().error_description).toBe(
        'The tenant licence has expired, please contact the administrator',
      );
      await db().update(tenants).set({ expireTime: null }).where(eq(tenants.tenantId, '100002'));
    });

    it('does not find an account of another tenant', async () => {
      const res = await passwordLogin(ctx, { tenantId: '100002', username: 'student1' });
      expect(res.json()).toEqual({ error_code: 400, error_description: 'Wrong account or password' });
    });

    it('asks for the account and the password', async () => {
      const noUser = await tokenRequest(ctx, { grant_type: 'password', tenantId: '100001' });
      expect(noUser.json().error_description).toBe('Please enter your account');
      const noPassword = await tokenRequest(ctx, {
        grant_type: 'password',
        tenantId: '100001',
        username: 'x',
      });
      expect(noPassword.json().error_description).toBe('Please enter your password');
    });

    it('refuses an unknown grant type', async () => {
      const res = await tokenRequest(ctx, { grant_type: 'client_credentials' });
      expect(res.json()).toEqual({ error_code: 400, error_description: 'Unsupported grant type' });
    });

    it('refuses a disabled user after a correct password', async () => {
      await setUser('teacher1', { status: 0 });
      const res = await passwordLogin(ctx, { username: 'teacher1' });
      expect(res.json()).toEqual({
        error_code: 400,
        error_description: 'This account is disabled, please contact the administrator',
      });
      await setUser('teacher1', { status: 1 });
    });
  });

  describe('malformed password', () => {
    it('answers 400 for text that is not Base64', async () => {
      const res = await passwordLogin(ctx, { username: 'student1', wire: 'not*base64!' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error_code: 400,
        error_description: 'The encrypted data is not valid Base64',
      });
    });

    it('answers 400 for Base64 that is not our cipher', async () => {
      const notBlocks = await passwordLogin(ctx, { username: 'student1', wire: 'aGVsbG8gd29ybGQ=' });
      expect(notBlocks.json()).toEqual({
        error_code: 400,
        error_description: 'The encrypted data cannot be decrypted',
      });
      const otherKey = await passwordLogin(ctx, {
        username: 'student1',
        wire: aesEncrypt(md5Hex('Demo@2024'), 'AnotherKey_0123456789abcdefghijk'),
      });
      expect(otherKey.statusCode).toBe(400);
      expect([
        'The encrypted data cannot be decrypted',
        expect.stringMatching(/expected format/),
      ]).toContainEqual(otherKey.json().error_description);
    });

    it('answers 400 when the decrypted text is not an MD5 hex', async () => {
      const res = await passwordLogin(ctx, {
        username: 'student1',
        wire: aesEncrypt('Demo@2024', TEST_WIRE_KEY),
      });
      expect(res.json().error_description).toMatch(/not sent in the expected format/);
    });
  });

  describe('wrong passwords: no account lock, limits per account and address, slowing across addresses', () => {
    const failFrom = (username: string, remoteAddress: string, lang: 'zh' | 'en' = 'en') =>
      passwordLogin(ctx, { username, password: 'Wrong@2024', remoteAddress, lang });
    const failures = () =>
      db()
        .select()
        .from(rateLimits)
        .where(sql`${rateLimits.key} LIKE 'login:fail:%'`);
    const forgetFailures = () =>
      db()
        .delete(rateLimits)
        .where(sql`${rateLimits.key} LIKE 'login:fail:%'`);

    it('answers an unknown account exactly as a wrong password, in both languages', async () => {
      for (const lang of ['en', 'zh'] as const) {
        const known = await failFrom('guest1', '192.0.2.1', lang);
        const unknown = await failFrom('nobody-here', '192.0.2.1', lang);
        expect(known.statusCode).toBe(400);
        expect(unknown.statusCode).toBe(known.statusCode);
        expect(unknown.json()).toEqual(known.json());
        expect(known.json()).toEqual({
          error_code: 400,
          error_description: lang === 'en' ? 'Wrong account or password' : '用户名或密码错误',
        });
      }
      await forgetFailures();
    });

    it('refuses an address for an account after five wrong passwords there, even the right one', async () => {
      for (let i = 0; i < 5; i++) expect((await failFrom('guest1', '192.0.2.2')).statusCode).toBe(400);
      const right = await passwordLogin(ctx, { username: 'guest1', remoteAddress: '192.0.2.2' });
      expect(right.statusCode).toBe(429);
      expect(right.json()).toEqual({
        error_code: 429,
        error_description: 'Too many wrong passwords, try again in 30 minutes',
      });
      const zh = await passwordLogin(ctx, { username: 'GUEST1', remoteAddress: '192.0.2.2', lang: 'zh' });
      expect(zh.json().error_description).toBe('密码错误次数过多，请 30 分钟后再试');
    });

    it("never stops the owner, from another address, with a stranger's failures", async () => {
      // The stranger of the test before keeps failing, now from a second address too.
      for (let i = 0; i < 2; i++) await failFrom('guest1', '192.0.2.3');
      const owner = await passwordLogin(ctx, { username: 'guest1', remoteAddress: '198.51.100.20' });
      expect(owner.statusCode).toBe(200);
      expect(owner.json()).toMatchObject({ account: 'guest1' });
      // The stranger's address stays refused for the account.
      expect((await passwordLogin(ctx, { username: 'guest1', remoteAddress: '192.0.2.2' })).statusCode).toBe(
        429,
      );
      await forgetFailures();
    });

    it('slows the answers for an account that failed often, from any address, but lets the owner in', async () => {
      // Seven failures from two addresses: two beyond the free five.
      for (let i = 0; i < 4; i++) await failFrom('guest1', '192.0.2.4');
      for (let i = 0; i < 3; i++) await failFrom('guest1', '192.0.2.5');
      const started = Date.now();
      const owner = await passwordLogin(ctx, { username: 'guest1', remoteAddress: '198.51.100.21' });
      expect(owner.statusCode).toBe(200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(slowdownMs(7) - 20);
      await forgetFailures();
    });

    it('counts the name typed, so an unknown account is limited the same way', async () => {
      for (let i = 0; i < 5; i++) await failFrom('nobody-here', '192.0.2.6');
      const next = await failFrom('nobody-here', '192.0.2.6');
      expect(next.json()).toEqual({
        error_code: 429,
        error_description: 'Too many wrong passwords, try again in 30 minutes',
      });
      await forgetFailures();
    });

    it("clears the address's failures when the owner signs in from it", async () => {
      for (let i = 0; i < 4; i++) await failFrom('guest1', '192.0.2.7');
      expect(await failures()).toContainEqual(
        expect.objectContaining({ key: 'login:fail:100001:guest1:192.0.2.7', count: 4 }),
      );
      expect((await passwordLogin(ctx, { username: 'guest1', remoteAddress: '192.0.2.7' })).statusCode).toBe(
        200,
      );
      expect((await failures()).map((r) => r.key)).not.toContain('login:fail:100001:guest1:192.0.2.7');
      await forgetFailures();
    });

    it('waits nothing for five failures, then a quarter second more for each, at most 3 seconds', () => {
      expect([0, 5, 6, 7, 10, 100].map(slowdownMs)).toEqual([0, 0, 250, 500, 1250, 3000]);
    });
  });

  it('accepts a legacy BladeX sha1 hash once and stores argon2id instead', async () => {
    await setUser('teacher1', { passwordHash: legacyBladeHash(md5Hex('Demo@2024')) });
    const wrong = await passwordLogin(ctx, { username: 'teacher1', password: 'Wrong@2024' });
    expect(wrong.statusCode).toBe(400);
    expect((await userRow('teacher1')).passwordHash).toMatch(/^[0-9a-f]{40}$/);

    const res = await passwordLogin(ctx, { username: 'teacher1' });
    expect(res.statusCode).toBe(200);
    const upgraded = (await userRow('teacher1')).passwordHash!;
    expect(upgraded).toMatch(/^\$argon2id\$/);
    expect((await passwordLogin(ctx, { username: 'teacher1' })).statusCode).toBe(200);
  });

  describe('rate limits', () => {
    it('limits token calls per IP with a raw 429', async () => {
      const bad = { authorization: 'Basic eDp5' };
      let last = await tokenRequest(ctx, { grant_type: 'password' }, bad, '203.0.113.7');
      for (let i = 0; i < 120; i++)
        last = await tokenRequest(ctx, { grant_type: 'password' }, bad, '203.0.113.7');
      expect(last.statusCode).toBe(429);
      expect(last.json()).toEqual({
        error_code: 429,
        error_description: 'Too many requests, please try again later',
      });
      // Another address is not affected.
      const other = await tokenRequest(ctx, { grant_type: 'password' }, {}, '203.0.113.8');
      expect(other.statusCode).toBe(400);
    });

    it('limits password attempts per account and address, not per account alone', async () => {
      const params = { grant_type: 'password', tenantId: '100001', username: 'nobody', password: 'x' };
      let last = await tokenRequest(ctx, params, {}, '203.0.113.9');
      expect(last.json().error_description).toBe('Please enter the captcha');
      for (let i = 0; i < 30; i++) last = await tokenRequest(ctx, params, {}, '203.0.113.9');
      expect(last.statusCode).toBe(429);
      // The same account from another address is still answered.
      const elsewhere = await tokenRequest(ctx, params, {}, '203.0.113.11');
      expect(elsewhere.json().error_description).toBe('Please enter the captcha');
    });

    it('limits captcha images per IP', async () => {
      const captcha = () =>
        ctx.app.inject({
          method: 'GET',
          url: '/api/blade-auth/oauth/captcha',
          remoteAddress: '203.0.113.10',
        });
      let last = await captcha();
      for (let i = 0; i < 120; i++) last = await captcha();
      expect(last.statusCode).toBe(429);
      expect(last.json()).toMatchObject({ code: 429, success: false });
    });
  });
});
