/**
 * Binding in Demo University (100001): by student number + ID card, SMS code on, staff password rule.
 * Issue 9 changed the second factor: the code goes to the phone the finance office holds for the
 * person, not to the typed phone, and a person without one is bound pending the office's approval.
 */
import { encryptPassword } from '@cf/shared/wire-crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, TEST_WIRE_KEY, type TestContext } from '@server-test/helpers';
import { DEMO_STAFF_PASSWORD } from '@server/db/seed/demo';
import {
  auditLog,
  oauthLinks,
  roles,
  students,
  userBindings,
  users,
  verificationCodes,
} from '@server/db/schema';
import { issueTokens } from '../auth/tokens';
import { visitorSubject } from '../auth/subject';
import { outboxMessages } from '@server-test/sms-outbox';
import {
  allowResend,
  call,
  lastCode,
  resetRateLimits,
  signIn,
  userId,
  visitorSignIn,
} from '@server-test/user-fixtures';

const T = '100001';
const student2Form = {
  userType: 'student',
  code: 'S2024002',
  idCard: '110101200402051235',
  realName: '李四',
};
/** The phones the finance office holds (seed/demo.ts). */
const HELD = {
  S2024001: '13800000001',
  S2024002: '13800000011',
  S2024003: '13800000012',
  E1002: '13800000021',
  zhou7: '13800000031',
  wu8: '13800000032',
};

describe('binding in a tenant that binds by student number with SMS verification', () => {
  let ctx: TestContext;
  const db = () => ctx.database.db;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());
  beforeEach(() => resetRateLimits(db()));

  /** check-and-send-validate, then the code the held phone received. */
  async function sendBindCode(token: string, form: Record<string, string>, held: string) {
    await allowResend(db(), held);
    const res = await call(ctx, 'POST', '/api/blade-user/check-and-send-validate', { token, query: form });
    expect(res.json()).toMatchObject({ code: 200, success: true, data: { heldPhone: true } });
    return { verifyId: res.json().data.id as string, verifyCode: await lastCode(db(), held) };
  }

  describe('check-and-send-validate', () => {
    let token: string;
    beforeAll(async () => {
      token = (await visitorSignIn(ctx, T, 'o-bind-check')).tokens.access_token;
    });
    const send = (query: Record<string, string>, lang: 'en' | 'zh' = 'en') =>
      call(ctx, 'POST', '/api/blade-user/check-and-send-validate', { token, query, lang });

    it.each([
      [{ ...student2Form, phone: '' }, 'Phone number is empty'],
      [{ ...student2Form, phone: '12345678901' }, 'Please enter a valid phone number'],
      [{ ...student2Form, idCard: '', phone: '13900000001' }, 'ID number is empty'],
      [{ ...student2Form, email: 'li@', phone: '13900000001' }, 'Email format is incorrect'],
      [
        { userType: 'other', idType: '1', idCard: '1101011990', realName: '周七', phone: '13900000001' },
        'Please enter a valid ID number',
      ],
      [{ ...student2Form, code: '', phone: '13900000001' }, 'Please enter the student number'],
      [{ ...student2Form, realName: '', phone: '13900000001' }, 'Please enter your name'],
      [
        { ...student2Form, realName: '张三', phone: '13900000001' },
        'No student matches; please check the student number, name and ID number',
      ],
      [
        {
          userType: 'employee',
          code: 'E1002',
          idCard: '110101198204022222',
          realName: '刘老师',
          phone: '13900000001',
        },
        'Please enter the password',
      ],
    ])('refuses %j with "%s"', async (form, message) => {
      const res = await send(form);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 400, success: false, data: null, msg: message });
    });

    it('answers in Chinese by default', async () => {
      const res = await send({ ...student2Form, phone: '' }, 'zh');
      expect(res.json().msg).toBe('手机号为空');
    });

    it("sends the code to the phone the finance office holds, not to the binder's own phone", async () => {
      await allowResend(db(), HELD.S2024002);
      const res = await send({ ...student2Form, phone: '13900000001' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ phoneMasked: '138****0011', heldPhone: true });
      expect(res.json().data.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(await lastCode(db(), HELD.S2024002)).toMatch(/^\d{6}$/);
      expect(await outboxMessages(db(), '13900000001')).toEqual([]);
      const [row] = await db()
        .select()
        .from(verificationCodes)
        .where(eq(verificationCodes.id, res.json().data.id));
      expect(row).toMatchObject({ tenantId: T, phone: HELD.S2024002, purpose: 'bind' });
    });

    it('needs a token', async () => {
      const res = await call(ctx, 'POST', '/api/blade-user/check-and-send-validate', { query: student2Form });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 401, success: false });
    });

    it('refuses a form naming another tenant', async () => {
      const res = await send({ ...student2Form, phone: '13900000001', tenantId: '100002' });
      expect(res.statusCode).toBe(403);
    });
  });

  describe('a signed-in unbound user (guest1) binds', () => {
    it('binds as a student with phone + code and gets tokens for the new state', async () => {
      const guest = await signIn(ctx, T, 'guest1');
      const guestId = await userId(db(), T, 'guest1');
      const form = { ...student2Form, phone: '13900000002', email: 'li4@example.edu' };
      const code = await sendBindCode(guest.access_token, form, HELD.S2024002);

      const res = await call(ctx, 'POST', '/api/blade-user/bind-user', {
        token: guest.access_token,
        query: { ...form, ...code },
      });
      expect(res.statusCode).toBe(200);
      const tokens = res.json().data;
      expect(tokens).toMatchObject({
        token_type: 'bearer',
        tenant_id: T,
        user_id: String(guestId),
        account: 'guest1',
        user_type: 'student',
        role_name: 'student',
      });
      expect(tokens.refresh_token).not.toBe(guest.refresh_token);

      const [user] = await db().select().from(users).where(eq(users.id, guestId));
      const [studentRole] = await db()
        .select()
        .from(roles)
        .where(and(eq(roles.tenantId, T), eq(roles.roleAlias, 'student')));
      expect(user).toMatchObject({
        userType: 'student',
        realName: '李四',
        // The phone the code proved, not the typed one.
        phone: HELD.S2024002,
        email: 'li4@example.edu',
        financePhone: HELD.S2024002,
        roleIds: String(studentRole!.id),
      });

      // The old access token belongs to the same session, which is now the bound user's.
      for (const token of [guest.access_token, tokens.access_token]) {
        const info = await call(ctx, 'GET', '/api/blade-user/bind-info', { token });
        expect(info.json().data).toMatchObject({
          bound: true,
          userType: 'student',
          code: 'S2024002',
          studentNo: 'S2024002',
          realName: '李四',
          idCardMasked: '110***********1235',
          startYear: 2024,
          major: '金融学',
          className: '金融2401',
          phone: HELD.S2024002,
        });
      }
      const audits = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.userId, guestId), eq(auditLog.action, 'user.bind')));
      expect(audits).toHaveLength(1);
      expect(audits[0]!.detail).toMatchObject({ userType: 'student', person: 'S2024002', status: 'active' });
    });

    it('refuses a code that has expired, and one whose tries are used up', async () => {
      const guest = await signIn(ctx, T, 'guest1');
      const form = { ...student2Form, phone: '13900000002' };

      const expired = await sendBindCode(guest.access_token, form, HELD.S2024002);
      await db()
        .update(verificationCodes)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(verificationCodes.id, expired.verifyId));
      const late = await call(ctx, 'POST', '/api/blade-user/bind-user', {
        token: guest.access_token,
        query: { ...form, ...expired },
      });
      expect(late.statusCode).toBe(400);
      expect(late.json().msg).toBe('The verification code has expired, please get a new one');

      const fresh = await sendBindCode(guest.access_token, form, HELD.S2024002);
      const wrong = fresh.verifyCode === '000000' ? '111111' : '000000';
      const messages: string[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await call(ctx, 'POST', '/api/blade-user/bind-user', {
          token: guest.access_token,
          query: { ...form, verifyId: fresh.verifyId, verifyCode: wrong },
        });
        messages.push(res.json().msg);
      }
      expect(messages.slice(0, 4)).toEqual(Array(4).fill('The verification code is wrong'));
      expect(messages[4]).toBe('Too many wrong tries for this code, please get a new one');
      const right = await call(ctx, 'POST', '/api/blade-user/bind-user', {
        token: guest.access_token,
        query: { ...form, ...fresh },
      });
      expect(right.statusCode).toBe(400);
      expect(right.json().msg).toBe('Too many wrong tries for this code, please get a new one');
    });

    it("binds an identity another account holds only through the held phone's code, and tells that account", async () => {
      // S2024001 is student1's (active); the finance office holds 13800000001, also student1's login phone.
      const { tokens } = await visitorSignIn(ctx, T, 'o-second-account-zhang3');
      const form = {
        userType: 'student',
        code: 'S2024001',
        idCard: '110101200401071234',
        realName: '张三',
        phone: '13900000009',
      };
      await db().update(users).set({ email: 'zhang3@example.edu' }).where(eq(users.account, 'student1'));
      const ownPhone = await call(ctx, 'POST', '/api/blade-user/bind-user', {
        token: tokens.access_token,
        query: { ...form, verifyId: 'not-a-code', verifyCode: '123456' },
      });
      expect(ownPhone.statusCode).toBe(400);
      expect(ownPhone.json().msg).toBe('The verification code has expired, please get a new one');

      const code = await sendBindCode(tokens.access_token, form, HELD.S2024001);
      const res = await call(ctx, 'POST', '/api/blade-user/register-user', {
        token: tokens.access_token,
        query: { ...form, ...code },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ user_type: 'student' });
      const [told] = await outboxMessages(db(), HELD.S2024001);
      expect(told!.body).toContain('(张三) was just bound to another account (wx_o-second-account-zha)');
      const mails = await outboxMessages(db(), 'zhang3@example.edu');
      expect(mails[0]).toMatchObject({
        channel: 'mail',
        subject: 'Your school identity was bound to another account',
      });
      // The held phone stays student1's login phone; the new account keeps none.
      const [created] = await db()
        .select()
        .from(users)
        .where(eq(users.id, Number(res.json().data.user_id)));
      expect(created!.phone).toBeNull();
    });

    it('binds a person the finance office holds no phone for only pending its approval', async () => {
      await db()
        .insert(students)
        .values({ tenantId: T, studentNo: 'S2024099', studentName: '无电话', idCard: '110101200409071239' });
      const guest = await signIn(ctx, T, 'guest1');
      const form = {
        userType: 'student',
        code: 'S2024099',
        idCard: '110101200409071239',
        realName: '无电话',
        phone: '13900000010',
      };
      await allowResend(db(), form.phone);
      const sent = await call(ctx, 'POST', '/api/blade-user/check-and-send-validate', {
        token: guest.access_token,
        query: form,
      });
      // No held phone: the typed phone gets the code, which proves only the binder's own phone.
      expect(sent.json().data).toMatchObject({ phoneMasked: '139****0010', heldPhone: false });
      const res = await call(ctx, 'POST', '/api/blade-user/bind-user', {
        token: guest.access_token,
        query: { ...form, verifyId: sent.json().data.id, verifyCode: await lastCode(db(), form.phone) },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ user_type: '', role_name: 'visitor' });
      const token = res.json().data.access_token as string;
      const info = await call(ctx, 'GET', '/api/blade-user/bind-info', { token });
      expect(info.json().data).toMatchObject({
        bound: false,
        bindingStatus: 'pending',
        code: null,
        studentNo: null,
        idCardMasked: null,
      });
      const userInfo = await call(ctx, 'GET', '/api/blade-auth/oauth/user-info', { token });
      expect(userInfo.json().data).toMatchObject({ bound: false, bindingStatus: 'pending' });
      const fees = await call(ctx, 'GET', '/api/blade-finance/fee/student', { token });
      expect(fees.statusCode).toBe(400);
      expect(fees.json().msg).toBe('No school identity is bound yet');

      // Bound pending to one account, the identity cannot be bound by another without a held phone.
      const [pending] = await db()
        .select()
        .from(userBindings)
        .where(eq(userBindings.userId, await userId(db(), T, 'guest1')));
      await db().update(userBindings).set({ status: 'active' }).where(eq(userBindings.id, pending!.id));
      const { tokens: second } = await visitorSignIn(ctx, T, 'o-second-no-phone');
      const refused = await call(ctx, 'POST', '/api/blade-user/register-user', {
        token: second.access_token,
        query: { ...form, phone: '13900000011', verifyId: 'x', verifyCode: '123456' },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().msg).toBe(
        'This identity is already bound to another account and the finance office holds no phone for it; please contact the finance office',
      );
    });
  });

  describe('a WeChat visitor registers', () => {
    const teacherForm = {
      userType: 'employee',
      code: 'E1002',
      idCard: '110101198204022222',
      realName: '刘老师',
    };

    it('as an employee with the staff password (employee rule 1): user created, WeChat linked, token bound', async () => {
      const { link, tokens: visitor } = await visitorSignIn(ctx, T, 'o-visitor-teacher-0001');
      expect(visitor.user_id).toBe('0');
      const form = { ...teacherForm, phone: '13900000003' };

      const wrongPassword = await call(ctx, 'POST', '/api/blade-user/check-and-send-validate', {
        token: visitor.access_token,
        query: { ...form, password: encryptPassword('not-it', TEST_WIRE_KEY) },
      });
      expect(wrongPassword.statusCode).toBe(400);
      expect(wrongPassword.json().msg).toBe('Wrong staff number or password');

      const password = encryptPassword(DEMO_STAFF_PASSWORD, TEST_WIRE_KEY);
      const code = await sendBindCode(visitor.access_token, { ...form, password }, HELD.E1002);
      // register-user takes the form as a JSON body too, with the visitor's oauth id.
      const res = await call(ctx, 'POST', '/api/blade-user/register-user', {
        token: visitor.access_token,
        body: { ...form, password, ...code, oauthId: String(link.id), idType: 1 },
      });
      expect(res.statusCode).toBe(200);
      const tokens = res.json().data;
      expect(tokens.user_id).not.toBe('0');
      expect(tokens).toMatchObject({
        tenant_id: T,
        oauth_id: String(link.id),
        account: 'wx_o-visitor-teacher-00',
        user_type: 'employee',
        role_name: 'employee',
        // The bound person's name, no longer the WeChat nickname (issue 11, item 13: greet by the bound name).
        nick_name: '刘老师',
      });
      const [linked] = await db().select().from(oauthLinks).where(eq(oauthLinks.id, link.id));
      expect(linked!.userId).toBe(Number(tokens.user_id));
      const [binding] = await db()
        .select()
        .from(userBindings)
        .where(eq(userBindings.userId, Number(tokens.user_id)));
      expect(binding).toMatchObject({ tenantId: T, userType: 'employee' });

      // The visitor's own token now acts for the bound user.
      const info = await call(ctx, 'GET', '/api/blade-user/bind-info', { token: visitor.access_token });
      expect(info.json().data).toMatchObject({
        bound: true,
        userType: 'employee',
        code: 'E1002',
        realName: '刘老师',
        department: '教务处',
        phone: HELD.E1002,
      });
      const userInfo = await call(ctx, 'GET', '/api/blade-auth/oauth/user-info', {
        token: tokens.access_token,
      });
      expect(userInfo.json().data).toMatchObject({
        userId: tokens.user_id,
        bound: true,
        userType: 'employee',
      });
      const [audit] = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.userId, Number(tokens.user_id)), eq(auditLog.action, 'user.register')));
      expect(audit!.detail).toMatchObject({ userType: 'employee', person: 'E1002', oauthId: link.id });

      // Another session of the same WeChat identity, still a visitor, cannot register it twice.
      const again = await issueTokens(db(), ctx.config, visitorSubject(link));
      const twice = await call(ctx, 'POST', '/api/blade-user/register-user', {
        token: again.access_token,
        query: {
          ...form,
          password,
          ...(await sendBindCode(again.access_token, { ...form, password }, HELD.E1002)),
        },
      });
      expect(twice.statusCode).toBe(400);
      expect(twice.json().msg).toBe('This WeChat account is already bound');
    });

    it('as an outside person by ID type and number', async () => {
      const { tokens: visitor } = await visitorSignIn(ctx, T, 'o-visitor-other-0001');
      const form = {
        userType: 'other',
        idType: '2',
        idCard: 'E12345678',
        realName: '吴八',
        phone: '13900000004',
      };
      const res = await call(ctx, 'POST', '/api/blade-user/bind-user', {
        token: visitor.access_token,
        query: { ...form, ...(await sendBindCode(visitor.access_token, form, HELD.wu8)) },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ user_type: 'other', role_name: 'other' });
      const info = await call(ctx, 'GET', '/api/blade-user/bind-info', {
        token: res.json().data.access_token,
      });
      expect(info.json().data).toMatchObject({
        bound: true,
        userType: 'other',
        realName: '吴八',
        idCardMasked: 'E******78',
      });
    });

    it('lets a student and a parent, each on their own WeChat, bind the same student with the held phone', async () => {
      const form = { userType: 'student', code: 'S2024003', idCard: '110101200403031236', realName: '王五' };
      const ids: string[] = [];
      for (const [openId, phone] of [
        ['o-student-wang5', '13900000005'],
        ['o-parent-wang5', '13900000006'],
      ] as const) {
        const { tokens } = await visitorSignIn(ctx, T, openId);
        const res = await call(ctx, 'POST', '/api/blade-user/register-user', {
          token: tokens.access_token,
          query: {
            ...form,
            phone,
            ...(await sendBindCode(tokens.access_token, { ...form, phone }, HELD.S2024003)),
          },
        });
        expect(res.statusCode).toBe(200);
        ids.push(res.json().data.user_id);
      }
      expect(new Set(ids).size).toBe(2);
    });

    it("refuses an oauth id that is not the caller's", async () => {
      const { link, tokens } = await visitorSignIn(ctx, T, 'o-visitor-mismatch');
      const res = await call(ctx, 'POST', '/api/blade-user/register-user', {
        token: tokens.access_token,
        query: {
          ...student2Form,
          phone: '13900000007',
          verifyId: 'x',
          verifyCode: '123456',
          oauthId: String(link.id + 1000),
        },
      });
      expect(res.statusCode).toBe(403);
    });
  });

  it('rebinds a bound user to another identity and replaces the role of the old type', async () => {
    const teacher = await signIn(ctx, T, 'teacher1');
    const teacherId = await userId(db(), T, 'teacher1');
    const form = {
      userType: 'other',
      idType: '1',
      idCard: '110101199001003333',
      realName: '周七',
      phone: '13900000008',
    };
    const res = await call(ctx, 'POST', '/api/blade-user/bind-user', {
      token: teacher.access_token,
      query: { ...form, ...(await sendBindCode(teacher.access_token, form, HELD.zhou7)) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      user_id: String(teacherId),
      user_type: 'other',
      role_name: 'other',
    });
    const bindings = await db().select().from(userBindings).where(eq(userBindings.userId, teacherId));
    expect(bindings).toHaveLength(1);
    expect(bindings[0]).toMatchObject({ userType: 'other', employeeId: null });
  });
});
