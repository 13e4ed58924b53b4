import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/helpers';
import { bladeAuth, tokenFor } from '../test/issue-token';
import { ConfigError, parseTrustProxy } from './config';
import { auditLog, rateLimits, users } from './db/schema';

describe('TRUST_PROXY setting', () => {
  it('is off unless set, a hop count, or a list of proxy addresses and ranges', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.1, 10.1.0.0/16,fd00::/8, loopback')).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses "true" (any caller would choose its own address) and what is not an address', () => {
    for (const bad of ['true', 'proxy.local', '10.0.0.1/33', '10.0.0.1/8/1', '300.1.1.1'])
      expect(() => parseTrustProxy(bad), bad).toThrow(ConfigError);
  });
});

/** Which address the app took a request to come from: its per-IP captcha counter says. */
async function seenAddress(ctx: TestContext, remoteAddress: string, forwardedFor: string) {
  await ctx.database.db.delete(rateLimits).where(like(rateLimits.key, 'captcha:ip:%'));
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/api/blade-auth/oauth/captcha',
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
  });
  expect(res.statusCode).toBe(200);
  const rows = await ctx.database.db
    .select({ key: rateLimits.key })
    .from(rateLimits)
    .where(like(rateLimits.key, 'captcha:ip:%'));
  return rows.map((r) => r.key.slice('captcha:ip:'.length));
}

/** Disables and enables guest1 as finance1 with a forged X-Forwarded-For; the audit row's address. */
async function auditedAddress(ctx: TestContext, remoteAddress: string, forwardedFor: string) {
  const db = ctx.database.db;
  const [guest] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, '100001'), eq(users.account, 'guest1')));
  const headers = {
    ...bladeAuth(await tokenFor(ctx, '100001', 'finance1')),
    'x-forwarded-for': forwardedFor,
  };
  for (const action of ['disable', 'enable']) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/blade-finance/admin/user/${guest!.id}/${action}`,
      remoteAddress,
      headers,
    });
    expect(res.statusCode).toBe(200);
  }
  const [row] = await db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  return row!.ip;
}

describe('X-Forwarded-For by default (no TRUST_PROXY)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('is ignored: the socket address is the caller', async () => {
    expect(await seenAddress(ctx, '192.0.2.40', '203.0.113.99')).toEqual(['192.0.2.40']);
    expect(await auditedAddress(ctx, '192.0.2.40', '203.0.113.99')).toBe('192.0.2.40');
  });

  it('cannot walk past a per-IP limit by changing the header on every request', async () => {
    await ctx.database.db.delete(rateLimits).where(like(rateLimits.key, 'captcha:ip:%'));
    const statuses: number[] = [];
    for (let i = 0; i <= 120; i++) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/blade-auth/oauth/captcha',
        remoteAddress: '192.0.2.41',
        headers: { 'x-forwarded-for': `198.51.100.${i % 250}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(120);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('TRUST_PROXY=1 (one proxy in front)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ TRUST_PROXY: '1' });
  });
  afterAll(() => ctx.close());

  it('takes the address the proxy appended, not what the caller claimed before it', async () => {
    expect(await seenAddress(ctx, '10.0.0.9', '203.0.113.5')).toEqual(['203.0.113.5']);
    expect(await seenAddress(ctx, '10.0.0.9', '1.2.3.4, 203.0.113.6')).toEqual(['203.0.113.6']);
    expect(await auditedAddress(ctx, '10.0.0.9', '203.0.113.7')).toBe('203.0.113.7');
  });
});

describe('TRUST_PROXY=<proxy addresses>', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ TRUST_PROXY: '10.0.0.1,10.2.0.0/16' });
  });
  afterAll(() => ctx.close());

  it('honours the header from a listed proxy only', async () => {
    expect(await seenAddress(ctx, '10.0.0.1', '203.0.113.8')).toEqual(['203.0.113.8']);
    expect(await seenAddress(ctx, '10.2.3.4', '203.0.113.9')).toEqual(['203.0.113.9']);
    expect(await seenAddress(ctx, '10.0.0.2', '203.0.113.10')).toEqual(['10.0.0.2']);
  });
});
