/** Profile changes: codes, phone proof, login phone, reserved phone, bank card, e-mail; own data only. */
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '@server-test/helpers';
import { auditLog, devOutbox, users, verificationCodes } from '@server/db/schema';
import { sendCode } from '../sms/codes';
import {
  allowResend,
  call,
  captchaWithText,
  lastCode,
  resetRateLimits,
  signIn,
  userId,
  visitorSignIn,
} from '@server-test/user-fixtures';

const T = '100001';

describe('profile changes', () => {
  let ctx: TestContext;
  let student: string;
  let teacher: string;
  let studentId: number;
  let teacherId: number;
  const db = () => ctx.database.db;
  const post = (token: string, path: string, body: Record<string, unknown>) =>
    call(ctx, 'POST', `/api/blade-user/${path}`, { token, body });
  const userRow = async (id: number) => (await db().select().from(users).where(eq(users.id, id)))[0]!;
  const lastAudit = async (id: number) =>
    (
      await db().select().from(auditLog).where(eq(auditLog.userId, id)).orderBy(desc(auditLog.id)).limit(1)
    )[0]!;

  /** send-validate to the reserved phone, then verify-phone with the code texted there. */
  async function verifyToken(
    token: string,
    reservedPhone: string,
    purpose: 'finance' | 'phone' = 'finance',
  ): Promise<string> {
    await allowResend(db(), reservedPhone);
    const sent = await post(token, 'send-validate', {});
    expect(sent.statusCode).toBe(200);
    const res = await post(token, 'verify-phone', {
      verifyId: sent.json().data.id,
      verifyCode: await lastCode(db(), reservedPhone),
      purpose,
    });
    expect(res.statusCode).toBe(200);
    return res.json().data.verifyToken as string;
  }

  beforeAll(async () => {
    ctx = await createTestApp();
    student = (await signIn(ctx, T, 'student1')).access_token;
    teacher = (await signIn(ctx, T, 'teacher1')).access_token;
    studentId = await userId(db(), T, 'student1');
    teacherId = await userId(db(), T, 'teacher1');
  });
  afterAll(() => ctx.close());
  beforeEach(() => resetRateLimits(db()));

  describe('send-validate and verify-phone', () => {
    it('texts the reserved phone and trades the right code for a verifyToken', async () => {
      await allowResend(db(), '13800000001');
      const sent = await post(student, 'send-validate', {});
      expect(sent.json()).toMatchObject({ code: 200, data: { id: expect.any(String) } });
      const code = await lastCode(db(), '13800000001');
      const wrong = await post(student, 'verify-phone', {
        verifyId: sent.json().data.id,
        verifyCode: code === '000000' ? '111111' : '000000',
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().msg).toBe('The verification code is wrong');
      const right = await post(student, 'verify-phone', { verifyId: sent.json().data.id, verifyCode: code });
      expect(right.json().data.verifyToken.split('.')).toHaveLength(3);
      // The proof is not a session: it never passes as Blade-Auth.
      const asAccess = await call(ctx, 'GET', '/api/blade-user/bind-info', {
        token: right.json().data.verifyToken,
      });
      expect(asAccess.statusCode).toBe(401);
    });

    it('asks for the code', async () => {
      const res = await post(student, 'verify-phone', { verifyId: 'x' });
      expect(res.json().msg).toBe('Please enter the verification code');
    });

    it('says a code typed without the id of the code sent has expired (the page reloaded)', async () => {
      const res = await post(student, 'verify-phone', { verifyCode: '123456' });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('The code has expired; please get a new one');
    });

    it('needs a captcha, used once and case-insensitive, to text a new phone', async () => {
      const none = await post(student, 'send-validate', { phone: '13900000101' });
      expect(none.json().msg).toBe('Please enter the captcha');
      const key = await captchaWithText(db(), 'AbCd');
      const wrong = await post(student, 'send-validate', {
        phone: '13900000101',
        captchaKey: key,
        captchaCode: 'abce',
      });
      expect(wrong.json().msg).toBe('The captcha is wrong');
      // Spent by the wrong guess: the right answer is too late now.
      const replay = await post(student, 'send-validate', {
        phone: '13900000101',
        captchaKey: key,
        captchaCode: 'abcd',
      });
      expect(replay.json().msg).toBe('The captcha has expired or was used, please get a new one');
      const fresh = await captchaWithText(db(), 'AbCd');
      const ok = await post(student, 'send-validate', {
        phone: '13900000101',
        captchaKey: fresh,
        captchaCode: 'aBcD',
      });
      expect(ok.statusCode).toBe(200);
      expect(await lastCode(db(), '13900000101')).toMatch(/^\d{6}$/);
    });

    it('refuses a visitor (no user yet) with a 401', async () => {
      const { tokens } = await visitorSignIn(ctx, T, 'o-profile-visitor');
      const res = await post(tokens.access_token, 'send-validate', {});
      expect(res.statusCode).toBe(401);
    });
  });

  describe('change-bank-account', () => {
    const card = { bankName: '中国建设银行', bankProvince: '北京市', bankCity: '海淀区' };
    it.each([
      [{ ...card, bankCard: '' }, 'Please enter a valid bank card number'],
      [{ ...card, bankCard: '6222 0202' }, 'The bank card number must have 16 to 19 digits'],
      [{ ...card, bankCard: '62220202001122334455' }, 'The bank card number must have 16 to 19 digits'],
      [
        { ...card, bankCard: '6222020200112233445' },
        'This bank card number fails its check digit; please check it',
      ],
      [{ ...card, bankCard: '4111111111111111', bankName: ' ' }, 'Please enter the bank name'],
      [{ ...card, bankCard: '4111111111111111', bankName: 'ICBC' }, 'Please choose the bank from the list'],
      [
        { ...card, bankCard: '4111111111111111', bankCity: '' },
        'Please choose the province and city of the bank',
      ],
      [
        { ...card, bankCard: '4111111111111111', bankCity: '南京市' },
        'The province and city do not match; please choose them again',
      ],
      [{ ...card, bankCard: '4111111111111111' }, 'Please verify your phone number first'],
      [
        { ...card, bankCard: '4111111111111111', verifyToken: 'not-a-token' },
        'The phone verification has expired, please verify again',
      ],
    ])('refuses %j with "%s"', async (body, message) => {
      const res = await post(student, 'change-bank-account', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(message);
    });

    it('says the card rules in Chinese too', async () => {
      const res = await call(ctx, 'POST', '/api/blade-user/change-bank-account', {
        token: student,
        body: { ...card, bankCard: '6222020200112233445' },
        lang: 'zh',
      });
      expect(res.json().msg).toBe('银行卡号校验未通过，请核对后重新输入');
    });

    it('refuses a person whose roles do not grant bank_change', async () => {
      const guest = (await signIn(ctx, T, 'guest1')).access_token;
      const res = await post(guest, 'change-bank-account', { ...card, bankCard: '4111111111111111' });
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe(
        'Your school does not allow changing the bank card online; please contact the finance office',
      );
    });

    it("refuses an access token, and another user's verifyToken", async () => {
      const teachersProof = await verifyToken(teacher, '13800000002');
      for (const proof of [teachersProof, student]) {
        const res = await post(student, 'change-bank-account', {
          ...card,
          bankCard: '4111111111111111',
          verifyToken: proof,
        });
        expect(res.json().msg).toBe('The phone verification has expired, please verify again');
      }
      expect((await userRow(studentId)).bankCard).toBe('6222020200112233446');
    });

    it("changes the caller's card only, whatever the body names, once per proof, and audits it", async () => {
      const proof = await verifyToken(student, '13800000001');
      const body = { ...card, bankCard: '6217 0000 0000 1234 560', verifyToken: proof };
      const res = await post(student, 'change-bank-account', {
        ...body,
        userId: teacherId,
        tenantId: '100002',
      });
      expect(res.json()).toEqual({ code: 200, success: true, data: true, msg: expect.any(String) });
      expect(await userRow(studentId)).toMatchObject({
        bankCard: '6217000000001234560',
        bankName: '中国建设银行',
        bankProvince: '北京市',
        bankCity: '海淀区',
      });
      expect((await userRow(teacherId)).bankCard).toBeNull();
      const info = await call(ctx, 'GET', '/api/blade-user/bind-info', { token: student });
      expect(info.json().data).toMatchObject({
        bankCardMasked: '***************4560',
        bankName: '中国建设银行',
        bankProvince: '北京市',
        bankCity: '海淀区',
      });
      expect(JSON.stringify(info.json())).not.toContain('6217000000001234560');
      expect(await lastAudit(studentId)).toMatchObject({
        tenantId: T,
        action: 'user.changeBankAccount',
        detail: {
          from: '***************3446',
          to: '***************4560',
          bankName: '中国建设银行',
          proof: 'sms',
          proofPhone: '*******0001',
        },
      });
      expect(JSON.stringify((await lastAudit(studentId)).detail)).not.toContain('6217000000001234560');
      // The proof is spent: the same body again is refused and changes nothing.
      const again = await post(student, 'change-bank-account', { ...body, bankCard: '4111111111111111' });
      expect(again.json().msg).toBe('The phone verification has expired, please verify again');
      expect((await userRow(studentId)).bankCard).toBe('6217000000001234560');
    });
  });

  describe('change-email', () => {
    /** send-email-validate with a finance proof: the verify id and the code mailed to the address. */
    async function mailCode(token: string, email: string, proof: string) {
      await allowResend(db(), email);
      const sent = await post(token, 'send-email-validate', { email, verifyToken: proof });
      expect(sent.statusCode).toBe(200);
      return {
        verifyId: sent.json().data.id as string,
        verifyCode: await lastCode(db(), email.toLowerCase()),
      };
    }

    it.each([
      [{ email: '' }, 'Please enter your e-mail'],
      [{ email: 'zhang3@' }, 'Email format is incorrect'],
      [{ email: `${'z'.repeat(60)}@example.edu` }, 'The e-mail address can have at most 64 characters'],
      [{ email: 'zhang3@example.edu' }, 'Please verify your phone number first'],
    ])('refuses %j with "%s" (send-email-validate and change-email alike)', async (body, message) => {
      for (const path of ['send-email-validate', 'change-email']) {
        const res = await post(student, path, body);
        expect(res.statusCode).toBe(400);
        expect(res.json().msg).toBe(message);
      }
    });

    it('needs the code mailed to the new address, then changes it, audits and tells the address', async () => {
      const proof = await verifyToken(student, '13800000001');
      const noCode = await post(student, 'change-email', { email: 'zhang3@example.edu', verifyToken: proof });
      expect(noCode.json().msg).toBe('Please enter the verification code');
      const mailed = await mailCode(student, 'Zhang3@Example.edu', proof);
      const [codeMail] = await db()
        .select()
        .from(devOutbox)
        .where(and(eq(devOutbox.channel, 'mail'), eq(devOutbox.recipient, 'zhang3@example.edu')))
        .orderBy(desc(devOutbox.id));
      expect(codeMail!.subject).toBe('[Campus finance] Your e-mail verification code');
      expect(await lastAudit(studentId)).toMatchObject({
        action: 'user.sendEmailCode',
        detail: { to: 'z***3@example.edu' },
      });
      // A code for another address does not change this one.
      const other = await post(student, 'change-email', {
        email: 'li4@example.edu',
        ...mailed,
        verifyToken: proof,
      });
      expect(other.json().msg).toBe('The verification code has expired, please get a new one');

      const res = await post(student, 'change-email', {
        email: 'zhang3@example.edu',
        ...mailed,
        verifyToken: proof,
      });
      expect(res.json().data).toBe(true);
      expect((await userRow(studentId)).financeEmail).toBe('zhang3@example.edu');
      const mails = await db()
        .select()
        .from(devOutbox)
        .where(and(eq(devOutbox.channel, 'mail'), eq(devOutbox.recipient, 'zhang3@example.edu')));
      expect(mails).toHaveLength(2);
      expect(mails.some((m) => m.body.includes('zhang3@example.edu'))).toBe(true);
      expect(await lastAudit(studentId)).toMatchObject({
        action: 'user.changeEmail',
        detail: { to: 'z***3@example.edu', proof: 'sms' },
      });
      // The same address again is refused before anything is mailed.
      const same = await post(student, 'send-email-validate', {
        email: 'zhang3@example.edu',
        verifyToken: proof,
      });
      expect(same.json().msg).toBe('This is already your finance-reserved e-mail');
    });

    it('counts wrong codes: the fifth wrong one kills the code', async () => {
      const proof = await verifyToken(teacher, '13800000002');
      const mailed = await mailCode(teacher, 'tries@example.edu', proof);
      const wrong = String((Number(mailed.verifyCode) + 1) % 1_000_000).padStart(6, '0');
      const body = { email: 'tries@example.edu', verifyId: mailed.verifyId, verifyToken: proof };
      for (let i = 1; i <= 5; i++) {
        const res = await post(teacher, 'change-email', { ...body, verifyCode: wrong });
        expect(res.json().msg).toBe(
          i < 5
            ? 'The verification code is wrong'
            : 'Too many wrong tries for this code, please get a new one',
        );
      }
      const right = await post(teacher, 'change-email', { ...body, verifyCode: mailed.verifyCode });
      expect(right.json().msg).toBe('Too many wrong tries for this code, please get a new one');
      expect((await userRow(teacherId)).financeEmail).toBeNull();
    });

    it('refuses an expired code', async () => {
      const proof = await verifyToken(teacher, '13800000002');
      const mailed = await mailCode(teacher, 'late@example.edu', proof);
      await db()
        .update(verificationCodes)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(verificationCodes.id, mailed.verifyId));
      const res = await post(teacher, 'change-email', {
        email: 'late@example.edu',
        ...mailed,
        verifyToken: proof,
      });
      expect(res.json().msg).toBe('The verification code has expired, please get a new one');
      expect((await userRow(teacherId)).financeEmail).toBeNull();
    });
  });

  describe('change-phone (finance-reserved)', () => {
    it.each([
      [{ phone: '' }, 'Phone number is empty'],
      [{ phone: '12000000000' }, 'enter a correct phone'],
      // Issue 9: the phone held now is proven before anything else about the new one.
      [{ phone: '13900000102' }, 'Please verify your current phone number before changing it'],
    ])('refuses %j with "%s"', async (body, message) => {
      const res = await post(teacher, 'change-phone', body);
      expect(res.json().msg).toBe(message);
    });

    it('asks for the code to the new phone once the held phone is proven', async () => {
      const proof = await verifyToken(teacher, '13800000002', 'phone');
      const res = await post(teacher, 'change-phone', { phone: '13900000102', verifyToken: proof });
      expect(res.json().msg).toBe('Please enter the verification code');
    });

    it('takes a proof of the held phone and a code texted to the new phone; proofs of the old phone stop working', async () => {
      const oldProof = await verifyToken(teacher, '13800000002');
      const heldProof = await verifyToken(teacher, '13800000002', 'phone');
      const key = await captchaWithText(db(), 'q7Zx');
      await allowResend(db(), '13900000102');
      const sent = await post(teacher, 'send-validate', {
        phone: '13900000102',
        captchaKey: key,
        captchaCode: 'Q7ZX',
      });
      // A code for another phone does not fit the new one.
      const mismatch = await post(teacher, 'change-phone', {
        phone: '13900000103',
        verifyId: sent.json().data.id,
        verifyCode: await lastCode(db(), '13900000102'),
        verifyToken: heldProof,
      });
      expect(mismatch.json().msg).toBe('The verification code has expired, please get a new one');
      const res = await post(teacher, 'change-phone', {
        phone: '13900000102',
        verifyId: sent.json().data.id,
        verifyCode: await lastCode(db(), '13900000102'),
        verifyToken: heldProof,
      });
      expect(res.json().data).toBe(true);
      expect(await userRow(teacherId)).toMatchObject({ financePhone: '13900000102', phone: '13800000002' });
      expect(await lastAudit(teacherId)).toMatchObject({
        action: 'user.changePhone',
        detail: { to: '*******0102', proof: 'sms', proofPhone: '*******0002' },
      });

      const stale = await post(teacher, 'change-email', { email: 'chen@example.edu', verifyToken: oldProof });
      expect(stale.json().msg).toBe('The phone verification has expired, please verify again');
    });
  });

  describe('update-register-phone (login phone)', () => {
    it('needs a code when account_registerPhone is 1, and refuses a phone of another account', async () => {
      const proof = await verifyToken(student, '13800000001', 'phone');
      const noCode = await post(student, 'update-register-phone', {
        phone: '13900000104',
        tenantId: T,
        verifyToken: proof,
      });
      expect(noCode.json().msg).toBe('Please enter the verification code');
      const taken = await post(student, 'update-register-phone', {
        phone: '13800000002',
        verifyId: 'x',
        verifyCode: '123456',
        verifyToken: proof,
      });
      expect(taken.json().msg).toBe('This phone number is used by another account');
      const otherTenant = await post(student, 'update-register-phone', {
        phone: '13900000104',
        tenantId: '100002',
      });
      expect(otherTenant.statusCode).toBe(403);
    });

    it('changes the login phone with the code from sms/endpoint/send-validate', async () => {
      const proof = await verifyToken(student, '13800000001', 'phone');
      await allowResend(db(), '13900000104');
      const { id } = await sendCode(db(), ctx.app.gateways.sms, {
        tenantId: T,
        phone: '13900000104',
        purpose: 'phone',
        lang: 'en',
      });
      const res = await post(student, 'update-register-phone', {
        phone: '13900000104',
        verifyId: id,
        verifyCode: await lastCode(db(), '13900000104'),
        tenantId: T,
        verifyToken: proof,
      });
      expect(res.json().data).toBe(true);
      expect((await userRow(studentId)).phone).toBe('13900000104');
      expect(await lastAudit(studentId)).toMatchObject({
        action: 'user.updateRegisterPhone',
        detail: { from: '*******0001', to: '*******0104', verified: true, proof: 'sms' },
      });
      // The finance phone 13800000001 is still the one held: the 24-hour clock did not move.
      expect((await userRow(studentId)).phoneChangedAt).toBeNull();
    });

    it('needs no code in a tenant where account_registerPhone is 0, but still the proof', async () => {
      const college = (await signIn(ctx, '100002', 'student2')).access_token;
      const unproven = await post(college, 'update-register-phone', { phone: '13900000105' });
      expect(unproven.json().msg).toBe('Please verify your current phone number before changing it');
      const proof = await verifyToken(college, '13800000004', 'phone');
      const res = await post(college, 'update-register-phone', { phone: '13900000105', verifyToken: proof });
      expect(res.json().data).toBe(true);
      expect((await userRow(await userId(db(), '100002', 'student2'))).phone).toBe('13900000105');
    });
  });
});
