/**
 * Step-up (issue 9): a phone change first proves the phone held now (or the password when none is
 * held); bank card and e-mail need a proof from a phone held 24 hours; proofs are single-use.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, wirePassword, type TestContext } from '@server-test/helpers';
import { auditLog, stepUpUses, users } from '@server/db/schema';
import { PASSWORD_PROOF_TRIES } from './step-up-service';
import {
  allowResend,
  call,
  captchaWithText,
  lastCode,
  resetRateLimits,
  signIn,
  userId,
} from '@server-test/user-fixtures';
import { signVerifyToken, VERIFY_TOKEN_TTL_SECONDS } from './verify-token';

const T = '100001';

describe('step-up before phone, bank card and e-mail changes', () => {
  let ctx: TestContext;
  const db = () => ctx.database.db;
  const post = (token: string, path: string, body: Record<string, unknown>, lang?: 'zh' | 'en') =>
    call(ctx, 'POST', `/api/blade-user/${path}`, { token, body, lang });
  const userRow = async (id: number) => (await db().select().from(users).where(eq(users.id, id)))[0]!;
  const audits = async (id: number, action: string) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, id), eq(auditLog.action, action)))
      .orderBy(desc(auditLog.id));

  /**
   * A fresh account of tenant 100001 with the given phones (and the demo password, unless told),
   * with teacher1's roles (they may change the bank card).
   */
  let accountNo = 0;
  async function account(opts: { phone?: string | null; financePhone?: string | null; password?: boolean }) {
    const account = `stepup${++accountNo}`;
    const [guest] = await db()
      .select()
      .from(users)
      .where(and(eq(users.tenantId, T), eq(users.account, 'teacher1')));
    const [row] = await db()
      .insert(users)
      .values({
        tenantId: T,
        account,
        realName: account,
        phone: opts.phone ?? null,
        financePhone: opts.financePhone ?? null,
        passwordHash: opts.password === false ? null : guest!.passwordHash,
        roleIds: guest!.roleIds,
      })
      .returning();
    return { id: row!.id, token: (await signIn(ctx, T, account)).access_token };
  }

  async function codeTo(token: string, phone: string, body: Record<string, unknown> = {}) {
    await allowResend(db(), phone);
    const sent = await post(token, 'send-validate', body);
    expect(sent.statusCode).toBe(200);
    return { verifyId: sent.json().data.id as string, verifyCode: await lastCode(db(), phone) };
  }
  async function proofOf(token: string, held: string, purpose: 'phone' | 'finance') {
    const res = await post(token, 'verify-phone', { ...(await codeTo(token, held)), purpose });
    expect(res.statusCode).toBe(200);
    return res.json().data.verifyToken as string;
  }
  /** The code send-validate (with a captcha) texts to a new phone. */
  async function newPhoneCode(token: string, phone: string) {
    const key = await captchaWithText(db(), 'k3Yw');
    return codeTo(token, phone, { phone, captchaKey: key, captchaCode: 'k3yw' });
  }
  const bank = (token: string, verifyToken?: string) =>
    post(token, 'change-bank-account', {
      bankCard: '6222020200112233446',
      bankName: '中国工商银行',
      bankProvince: '江苏省',
      bankCity: '南京市',
      verifyToken,
    });
  /** change-email with the code send-email-validate mails to the new address. */
  async function changeEmail(token: string, email: string, verifyToken: string) {
    await allowResend(db(), email);
    const sent = await post(token, 'send-email-validate', { email, verifyToken });
    if (sent.statusCode !== 200) return sent;
    return post(token, 'change-email', {
      email,
      verifyId: sent.json().data.id,
      verifyCode: await lastCode(db(), email),
      verifyToken,
    });
  }

  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());
  beforeEach(() => resetRateLimits(db()));

  it('refuses a phone change proven only by a code to the new number (the bypass)', async () => {
    const me = await account({ phone: '13700000001', financePhone: '13700000001' });
    const res = await post(me.token, 'change-phone', {
      phone: '13700000002',
      ...(await newPhoneCode(me.token, '13700000002')),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('Please verify your current phone number before changing it');
    const login = await post(me.token, 'update-register-phone', { phone: '13700000002', tenantId: T });
    expect(login.json().msg).toBe('Please verify your current phone number before changing it');
    expect(await userRow(me.id)).toMatchObject({ phone: '13700000001', financePhone: '13700000001' });
  });

  it('refuses bank card and e-mail for 24 hours after a phone change, saying when', async () => {
    const me = await account({ phone: '13700000011', financePhone: '13700000011' });
    const held = await proofOf(me.token, '13700000011', 'phone');
    const changed = await post(me.token, 'change-phone', {
      phone: '13700000012',
      ...(await newPhoneCode(me.token, '13700000012')),
      verifyToken: held,
    });
    expect(changed.json().data).toBe(true);
    expect((await userRow(me.id)).phoneChangedAt).toBeInstanceOf(Date);

    // verify-phone on the new phone answers no proof for money, in either language.
    const code = await codeTo(me.token, '13700000012');
    const refused = await post(me.token, 'verify-phone', code);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe(
      'Your phone number was changed less than 24 hours ago; for your safety, the bank card and e-mail can be changed in 24 h',
    );
    const zh = await post(me.token, 'verify-phone', code, 'zh');
    expect(zh.json().msg).toBe('手机号变更未满 24 小时，为保障资金安全，请于 24 小时后再修改银行卡或邮箱');
    // Nor does a proof meant for phone changes, nor one signed before the rule knew of the change.
    const phoneProof = await proofOf(me.token, '13700000012', 'phone');
    expect((await bank(me.token, phoneProof)).json().msg).toBe(
      'The phone verification has expired, please verify again',
    );
    const minted = await signVerifyToken(ctx.config, {
      tenantId: T,
      userId: me.id,
      phone: '13700000012',
      purpose: 'finance',
      method: 'sms',
    });
    expect((await bank(me.token, minted)).json().msg).toMatch(/changed less than 24 hours ago.* in 24 h$/);
    const email = await changeEmail(me.token, 'x@example.edu', minted);
    expect(email.json().msg).toMatch(/changed less than 24 hours ago/);
    expect(await userRow(me.id)).toMatchObject({ bankCard: null, financeEmail: null });

    // 23 hours later it says 1 hour; a day later the phone proves a bank change.
    await db()
      .update(users)
      .set({ phoneChangedAt: sql`now() - interval '23 hours 30 minutes'` })
      .where(eq(users.id, me.id));
    expect((await bank(me.token, minted)).json().msg).toMatch(/ in 1 h$/);
    await db()
      .update(users)
      .set({ phoneChangedAt: sql`now() - interval '24 hours 1 minute'` })
      .where(eq(users.id, me.id));
    const settled = await proofOf(me.token, '13700000012', 'finance');
    expect((await bank(me.token, settled)).json().data).toBe(true);
  });

  it('takes proofs once, for their own purpose, and not after they expire', async () => {
    const me = await account({ phone: '13700000021', financePhone: '13700000021' });
    const finance = await proofOf(me.token, '13700000021', 'finance');
    expect((await bank(me.token, finance)).json().data).toBe(true);
    const replay = await changeEmail(me.token, 'y@example.edu', finance);
    expect(replay.json().msg).toBe('The phone verification has expired, please verify again');
    // A money proof does not change the phone.
    const other = await proofOf(me.token, '13700000021', 'finance');
    const wrongPurpose = await post(me.token, 'change-phone', {
      phone: '13700000022',
      ...(await newPhoneCode(me.token, '13700000022')),
      verifyToken: other,
    });
    expect(wrongPurpose.json().msg).toBe('The phone verification has expired, please verify again');
    expect((await userRow(me.id)).financePhone).toBe('13700000021');

    // Minted eleven minutes ago: dead.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() - (VERIFY_TOKEN_TTL_SECONDS + 60) * 1000);
    const old = await signVerifyToken(ctx.config, {
      tenantId: T,
      userId: me.id,
      phone: '13700000021',
      purpose: 'finance',
      method: 'sms',
    });
    vi.useRealTimers();
    expect((await bank(me.token, old)).json().msg).toBe(
      'The phone verification has expired, please verify again',
    );
  });

  it('lets one of two changes racing with one proof through', async () => {
    const me = await account({ phone: '13700000031', financePhone: '13700000031' });
    const finance = await proofOf(me.token, '13700000031', 'finance');
    const sent = await post(me.token, 'send-email-validate', {
      email: 'race@example.edu',
      verifyToken: finance,
    });
    const mailed = { verifyId: sent.json().data.id, verifyCode: await lastCode(db(), 'race@example.edu') };
    const results = await Promise.all([
      bank(me.token, finance),
      post(me.token, 'change-email', { email: 'race@example.edu', ...mailed, verifyToken: finance }),
    ]);
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(1);
    expect(await db().select().from(stepUpUses).where(eq(stepUpUses.userId, me.id))).toHaveLength(1);
  });

  describe('holding no phone', () => {
    it('proves the password instead, and the new phone waits 24 hours for money', async () => {
      const me = await account({});
      const method = await call(ctx, 'GET', '/api/blade-user/step-up-method', { token: me.token });
      expect(method.json().data).toEqual({ method: 'password', phoneMasked: null });
      expect((await post(me.token, 'send-validate', {})).json().msg).toBe(
        'No finance-reserved phone number is set yet; please set one first',
      );
      const wrong = await post(me.token, 'verify-password', { password: wirePassword('Wrong@2024') });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().msg).toBe('The password is wrong');
      const right = await post(me.token, 'verify-password', { password: wirePassword('Demo@2024') });
      const proof = right.json().data.verifyToken as string;
      const res = await post(me.token, 'change-phone', {
        phone: '13700000041',
        ...(await newPhoneCode(me.token, '13700000041')),
        verifyToken: proof,
      });
      expect(res.json().data).toBe(true);
      expect((await audits(me.id, 'user.verifyPassword')).map((a) => a.detail)).toEqual([
        { ok: true },
        { ok: false },
      ]);
      const [change] = await audits(me.id, 'user.changePhone');
      expect(change!.detail).toMatchObject({ to: '*******0041', proof: 'password', proofPhone: null });
      // Now a phone is held: the password no longer proves anything, and money waits a day.
      const again = await post(me.token, 'verify-password', { password: wirePassword('Demo@2024') });
      expect(again.json().msg).toBe(
        'You have a phone number on file; please verify with the code sent to it',
      );
      const verify = await post(me.token, 'verify-phone', await codeTo(me.token, '13700000041'));
      expect(verify.json().msg).toMatch(/changed less than 24 hours ago/);
    });

    it(`limits password tries to ${PASSWORD_PROOF_TRIES} per half hour`, async () => {
      const me = await account({});
      for (let i = 0; i < PASSWORD_PROOF_TRIES; i++) {
        const res = await post(me.token, 'verify-password', { password: wirePassword('Wrong@2024') });
        expect(res.statusCode).toBe(400);
      }
      const limited = await post(me.token, 'verify-password', { password: wirePassword('Demo@2024') });
      expect(limited.statusCode).toBe(429);
    });

    it('refuses a malformed password in the Blade envelope', async () => {
      const me = await account({});
      const res = await post(me.token, 'verify-password', { password: 'not-base64!' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, success: false, data: null });
    });

    it('sets a first phone on the code alone when there is no password either', async () => {
      const me = await account({ password: false });
      const method = await call(ctx, 'GET', '/api/blade-user/step-up-method', { token: me.token });
      expect(method.json().data).toEqual({ method: 'none', phoneMasked: null });
      const res = await post(me.token, 'change-phone', {
        phone: '13700000051',
        ...(await newPhoneCode(me.token, '13700000051')),
      });
      expect(res.json().data).toBe(true);
      const [change] = await audits(me.id, 'user.changePhone');
      expect(change!.detail).toMatchObject({ proof: 'none' });
      expect((await userRow(me.id)).phoneChangedAt).toBeInstanceOf(Date);
    });
  });

  it('shows the held phone masked and audits every step without secrets', async () => {
    const me = await account({ phone: '13700000061', financePhone: '13700000062' });
    const method = await call(ctx, 'GET', '/api/blade-user/step-up-method', { token: me.token });
    expect(method.json().data).toEqual({ method: 'sms', phoneMasked: '137****0062' });
    const code = await codeTo(me.token, '13700000062');
    const res = await post(me.token, 'verify-phone', { ...code, purpose: 'phone' });
    const proof = res.json().data.verifyToken as string;
    const newCode = await newPhoneCode(me.token, '13700000063');
    expect(
      (await post(me.token, 'change-phone', { phone: '13700000063', ...newCode, verifyToken: proof })).json()
        .data,
    ).toBe(true);
    const rows = await db().select().from(auditLog).where(eq(auditLog.userId, me.id)).orderBy(auditLog.id);
    expect(rows.map((r) => [r.action, r.detail])).toEqual([
      ['user.verifyPhone', { phone: '*******0062', purpose: 'phone' }],
      [
        'user.changePhone',
        { from: '*******0062', to: '*******0063', proof: 'sms', proofPhone: '*******0062' },
      ],
    ]);
    const written = JSON.stringify(rows);
    for (const secret of [proof, code.verifyCode, newCode.verifyCode, code.verifyId]) {
      expect(written).not.toContain(secret);
    }
  });

  it("refuses another user's phone proof", async () => {
    const student = (await signIn(ctx, T, 'student1')).access_token;
    const me = await account({ phone: '13700000071', financePhone: '13700000071' });
    const theirs = await proofOf(student, '13800000001', 'phone');
    const res = await post(me.token, 'change-phone', {
      phone: '13700000072',
      ...(await newPhoneCode(me.token, '13700000072')),
      verifyToken: theirs,
    });
    expect(res.json().msg).toBe('The phone verification has expired, please verify again');
    expect((await userRow(await userId(db(), T, 'student1'))).financePhone).toBe('13800000001');
  });
});
