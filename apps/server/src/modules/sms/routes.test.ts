import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenants, verificationCodes } from '@server/db/schema';
import { createTestApp, type TestContext } from '@server-test/helpers';
import { bladeAuth, tokenFor } from '@server-test/issue-token';
import { consumeCode, DAILY_CAP_PER_PHONE } from './codes';
import { SEND_LIMIT_PER_IP } from './routes';
import { lastCode, outboxMessages } from '@server-test/sms-outbox';

const URL = '/api/blade-resource/sms/endpoint/send-validate';
const EN = { 'accept-language': 'en' };

describe('POST /api/blade-resource/sms/endpoint/send-validate', () => {
  let ctx: TestContext;
  let addressNo = 0;
  /** Each call comes from its own address unless told, so the per-address limit stays out of the way. */
  const send = (query: string, headers: Record<string, string> = {}, remoteAddress?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `${URL}?${query}`,
      headers,
      remoteAddress: remoteAddress ?? `10.0.0.${++addressNo}`,
    });
  const codesOf = (phone: string) =>
    ctx.database.db.select().from(verificationCodes).where(eq(verificationCodes.phone, phone));

  beforeAll(async () => {
    ctx = await createTestApp();
    await ctx.database.db.insert(tenants).values([
      { tenantId: '100003', tenantName: '停用学校', status: 0 },
      { tenantId: '100004', tenantName: '过期学校', expireTime: sql`now() - interval '1 day'` },
    ]);
  });
  afterAll(() => ctx.close());

  it('texts a 6-digit code, answers its verify id and keeps only a hash of it', async () => {
    const res = await send('tenantId=100001&phone=13912345678');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: 200, success: true, msg: '操作成功' });
    expect(body.data.id).toMatch(/^[0-9a-f-]{36}$/);

    const [message] = await outboxMessages(ctx.database.db, '13912345678');
    expect(message).toMatchObject({ channel: 'sms', recipient: '13912345678' });
    expect(message!.body).toContain('10 分钟内有效');
    const code = await lastCode(ctx.database.db, '13912345678');

    const rows = await codesOf('13912345678');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: body.data.id, tenantId: '100001', purpose: 'phone', attempts: 0 });
    expect(rows[0]!.codeHash).not.toContain(code);
    expect(rows[0]!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    const stored = await ctx.database.db.execute(
      sql`SELECT count(*)::int AS n FROM verification_codes WHERE row_to_json(verification_codes)::text LIKE ${`%${code}%`}`,
    );
    expect((stored as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    // Life of ten minutes, by the database clock.
    const minutes = (rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()) / 60_000;
    expect(minutes).toBeCloseTo(10, 3);
  });

  it('texts in English when asked in English', async () => {
    const res = await send('tenantId=100001&phone=13912345679', EN);
    expect(res.statusCode).toBe(200);
    const [message] = await outboxMessages(ctx.database.db, '13912345679');
    expect(message!.body).toMatch(
      /^\[Campus finance\] Your verification code is \d{6}; it is valid for 10 minutes/,
    );
  });

  it('answers a code the phone-change step can consume exactly once', async () => {
    const phone = '13912340001';
    const res = await send(`tenantId=100002&phone=${phone}`);
    const verifyId = res.json().data.id as string;
    const code = await lastCode(ctx.database.db, phone);
    const input = { tenantId: '100002', phone, verifyId, code, purpose: 'phone' as const };
    await expect(consumeCode(ctx.database.db, { ...input, purpose: 'verify' })).rejects.toMatchObject({
      messageKey: 'sms.codeExpired',
    });
    await expect(consumeCode(ctx.database.db, input)).resolves.toBeUndefined();
    await expect(consumeCode(ctx.database.db, input)).rejects.toMatchObject({
      messageKey: 'sms.codeExpired',
    });
  });

  describe('refuses a bad phone with the spec’s messages', () => {
    it.each([
      ['', 'Phone number is empty'],
      ['%20%20', 'Phone number is empty'],
      ['12345678901', 'Please enter a valid phone number'],
      ['1381234567', 'Please enter a valid phone number'],
      ['138123456789', 'Please enter a valid phone number'],
      ['1381234567a', 'Please enter a valid phone number'],
    ])('phone=%s -> %s', async (phone, msg) => {
      const res = await send(`tenantId=100001&phone=${phone}`, EN);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 400, success: false, data: null, msg });
    });

    it('without a phone at all, in Chinese by default', async () => {
      const res = await send('tenantId=100001');
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('手机号为空');
      const invalid = await send('tenantId=100001&phone=10000000000');
      expect(invalid.json().msg).toBe('请输入正确的手机号');
    });
  });

  describe('refuses a tenant it cannot send for', () => {
    it.each([
      ['tenantId=999999', 'Unknown tenant'],
      ['', 'Please choose a tenant'],
      ['tenantId=100003', 'This tenant is disabled'],
      ['tenantId=100004', 'The tenant licence has expired, please contact the administrator'],
    ])('%s -> %s', async (tenantQuery, msg) => {
      const res = await send(`${tenantQuery}&phone=13912340002`, EN);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(msg);
    });

    it('and sends nothing for it', async () => {
      expect(await outboxMessages(ctx.database.db, '13912340002')).toEqual([]);
      expect(await codesOf('13912340002')).toEqual([]);
    });

    it('takes the Tenant-Id header when the query has no tenant', async () => {
      const res = await send('phone=13912340003', { 'tenant-id': '100002' });
      expect(res.statusCode).toBe(200);
      expect((await codesOf('13912340003'))[0]!.tenantId).toBe('100002');
    });
  });

  it("files the code under a signed-in caller's own tenant, not the query's", async () => {
    const token = await tokenFor(ctx, '100002', 'student2');
    const res = await send('tenantId=100001&phone=13912340004', bladeAuth(token));
    expect(res.statusCode).toBe(200);
    const [row] = await codesOf('13912340004');
    expect(row!.tenantId).toBe('100002');
  });

  it('refuses a second code within 60 seconds, saying how long to wait', async () => {
    const phone = '13912340005';
    expect((await send(`tenantId=100001&phone=${phone}`)).statusCode).toBe(200);
    const again = await send(`tenantId=100001&phone=${phone}`, EN);
    expect(again.statusCode).toBe(429);
    const msg = again.json().msg as string;
    const seconds = Number(/^Please wait (\d+) seconds before asking for a new code$/.exec(msg)?.[1]);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    const zh = await send(`tenantId=100001&phone=${phone}`);
    expect(zh.json().msg).toMatch(/^请 \d+ 秒后再获取验证码$/);
    expect(await codesOf(phone)).toHaveLength(1);

    // A minute later it may ask again.
    await ctx.database.db
      .update(verificationCodes)
      .set({ createdAt: sql`now() - interval '61 seconds'` })
      .where(eq(verificationCodes.phone, phone));
    expect((await send(`tenantId=100001&phone=${phone}`)).statusCode).toBe(200);
    expect(await codesOf(phone)).toHaveLength(2);
  });

  it('stops at the daily cap for a phone and starts again a day later', async () => {
    const phone = '13912340006';
    await ctx.database.db.insert(verificationCodes).values(
      Array.from({ length: DAILY_CAP_PER_PHONE }, (_, i) => ({
        id: `cap-${i}`,
        tenantId: '100001',
        phone,
        purpose: 'phone',
        codeHash: 'x',
        expiresAt: sql`now() - interval '1 hour'`,
        createdAt: sql`now() - interval '2 hours'`,
      })),
    );
    const capped = await send(`tenantId=100001&phone=${phone}`, EN);
    expect(capped.statusCode).toBe(429);
    expect(capped.json().msg).toBe('Today’s limit of verification codes for this phone is reached');

    await ctx.database.db
      .update(verificationCodes)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(and(eq(verificationCodes.phone, phone), eq(verificationCodes.tenantId, '100001')));
    expect((await send(`tenantId=100001&phone=${phone}`)).statusCode).toBe(200);
  });

  it(`limits one address to ${SEND_LIMIT_PER_IP} requests per window, valid or not`, async () => {
    const address = '192.0.2.77';
    for (let i = 0; i < SEND_LIMIT_PER_IP - 1; i++) {
      const res = await send(`tenantId=100001&phone=139${String(50000000 + i)}`, {}, address);
      expect(res.statusCode).toBe(200);
    }
    const invalid = await send('tenantId=100001&phone=123', {}, address);
    expect(invalid.statusCode).toBe(400);
    const limited = await send('tenantId=100001&phone=13977777777', EN, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      code: 429,
      success: false,
      data: null,
      msg: 'Too many requests, please try again later',
    });
    expect(await codesOf('13977777777')).toEqual([]);
    // Another address is not affected.
    expect((await send('tenantId=100001&phone=13977777777', {}, '192.0.2.78')).statusCode).toBe(200);
  });
});
