/**
 * Issue 9: in Demo College (100002, SMS waived) knowing name and ID number binds only pending: the
 * binding reads nothing until the finance office approves it (admin routes, finance role, audited);
 * an identity another account holds is bound only through the held phone's code, and that account is told.
 */
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '@server-test/helpers';
import { auditLog, userBindings, users } from '@server/db/schema';
import { outboxMessages } from '@server-test/sms-outbox';
import {
  allowResend,
  call,
  lastCode,
  resetRateLimits,
  signIn,
  visitorSignIn,
} from '@server-test/user-fixtures';

const T = '100002';
const zheng10 = {
  userType: 'student',
  idCard: '320102200502046666',
  realName: '郑十',
  email: 'z10@example.edu',
};
const sun9 = { userType: 'student', idCard: '320102200501005555', realName: '孙九', email: 's9@example.edu' };

describe('pending bindings and the finance office', () => {
  let ctx: TestContext;
  const db = () => ctx.database.db;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());
  beforeEach(() => resetRateLimits(db()));

  /** A WeChat visitor binds with name + ID number only; answers their token and the binding's id. */
  async function bindPending(openId: string, form: Record<string, string>) {
    const { tokens } = await visitorSignIn(ctx, T, openId);
    const res = await call(ctx, 'POST', '/api/blade-user/register-user', {
      token: tokens.access_token,
      query: form,
    });
    expect(res.statusCode).toBe(200);
    const userId = Number(res.json().data.user_id);
    const [binding] = await db().select().from(userBindings).where(eq(userBindings.userId, userId));
    expect(binding).toMatchObject({ status: 'pending', tenantId: T });
    return { token: res.json().data.access_token as string, userId, bindingId: binding!.id };
  }

  /** What a bound person reads: fees, bills, the person's profile, and whether user-info calls it bound. */
  async function reads(token: string) {
    const [fees, bills, info, userInfo] = await Promise.all([
      call(ctx, 'GET', '/api/blade-finance/fee/student', { token }),
      call(ctx, 'GET', '/api/blade-finance/fee/history', { token }),
      call(ctx, 'GET', '/api/blade-user/bind-info', { token }),
      call(ctx, 'GET', '/api/blade-auth/oauth/user-info', { token }),
    ]);
    return {
      fees: fees.statusCode,
      bills: bills.statusCode,
      studentNo: info.json().data.studentNo as string | null,
      bindingStatus: info.json().data.bindingStatus as string | null,
      bound: userInfo.json().data.bound as boolean,
    };
  }

  const admin = (token: string, method: 'GET' | 'POST', path: string, body?: Record<string, unknown>) =>
    call(ctx, method, `/api/blade-finance/admin/binding/${path}`, { token, ...(body ? { body } : {}) });

  it('a pending binding reads nothing; approved by the finance office, it reads the person', async () => {
    const { token, bindingId } = await bindPending('o-review-zheng10', zheng10);
    expect(await reads(token)).toEqual({
      fees: 400,
      bills: 400,
      studentNo: null,
      bindingStatus: 'pending',
      bound: false,
    });

    const finance = await signIn(ctx, T, 'finance2');
    const listed = await admin(finance.access_token, 'GET', 'list?status=pending&current=1&size=10');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.records).toContainEqual(
      expect.objectContaining({
        id: bindingId,
        status: 'pending',
        personNo: 'C2024002',
        personName: '郑十',
        idCardMasked: '320***********6666',
        heldPhoneMasked: '138****0041',
      }),
    );

    const approved = await admin(finance.access_token, 'POST', `${bindingId}/approve`);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data).toMatchObject({ id: bindingId, status: 'active' });
    expect(await reads(token)).toEqual({
      fees: 200,
      bills: 200,
      studentNo: 'C2024002',
      bindingStatus: 'active',
      bound: true,
    });
    const [user] = await db().select().from(users).where(eq(users.id, approved.json().data.userId));
    expect(user!.userType).toBe('student');

    const again = await admin(finance.access_token, 'POST', `${bindingId}/approve`);
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('This binding request was already decided');

    const audits = await db()
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.tenantId, T), like(auditLog.action, 'admin POST /api/blade-finance/admin/binding/%')),
      );
    expect(audits.map((a) => a.action)).toEqual(['admin POST /api/blade-finance/admin/binding/:id/approve']);
  });

  it('shows the office what the applicant typed beside what the school holds, and the held phone only audited', async () => {
    const { bindingId } = await bindPending('o-review-sun9', { ...sun9, code: 'C2021007' });
    const finance = await signIn(ctx, T, 'finance2');
    const listed = await admin(finance.access_token, 'GET', 'list?status=pending&current=1&size=10');
    const row = (listed.json().data.records as { id: number }[]).find((r) => r.id === bindingId);
    expect(row).toMatchObject({
      submitted: {
        userType: 'student',
        realName: '孙九',
        personNo: 'C2021007',
        idCardMasked: '320***********5555',
        phone: '',
        email: 's9@example.edu',
        // The phone was not asked.
        matched: { realName: true, personNo: true, idCard: true, phone: null },
      },
      // Two students of the college hold this ID number (C2024001 and C2021007).
      sameIdCard: 2,
    });
    // A member of staff with the same ID number is counted too.
    const [me] = await db().select().from(userBindings).where(eq(userBindings.id, bindingId));
    await ctx.database.db.execute(
      sql`INSERT INTO employees (tenant_id, employee_no, employee_name, id_card) VALUES (${T}, 'E-SUN9', '孙九', ${sun9.idCard})`,
    );
    const again = await admin(finance.access_token, 'GET', 'list?status=pending&current=1&size=10');
    expect(
      (again.json().data.records as { id: number; sameIdCard: number }[]).find((r) => r.id === me!.id)
        ?.sameIdCard,
    ).toBe(3);

    // The held phone in full, only through its own call, which is audited.
    const phone = await admin(finance.access_token, 'POST', `${bindingId}/phone`);
    expect(phone.statusCode).toBe(200);
    expect(phone.json().data.heldPhone).toMatch(/^1\d{10}$/);
    expect(JSON.stringify(again.json())).not.toContain(phone.json().data.heldPhone);
    const audits = await db()
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.tenantId, T),
          eq(auditLog.action, 'admin POST /api/blade-finance/admin/binding/:id/phone'),
        ),
      );
    expect(audits).toHaveLength(1);
    // Another school's office cannot read it.
    const other = await signIn(ctx, '100001', 'finance1');
    expect((await admin(other.access_token, 'POST', `${bindingId}/phone`)).statusCode).toBe(404);
  });

  it('a refused binding reads nothing and tells the binder why', async () => {
    const { token, bindingId } = await bindPending('o-review-refused', { ...sun9, code: 'C2021007' });
    const finance = await signIn(ctx, T, 'finance2');
    const noReason = await admin(finance.access_token, 'POST', `${bindingId}/refuse`, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().msg).toBe('Please give the reason for refusing');

    const refused = await admin(finance.access_token, 'POST', `${bindingId}/refuse`, {
      reason: 'Not the student',
    });
    expect(refused.json().data).toMatchObject({ status: 'refused', decisionNote: 'Not the student' });
    const info = await call(ctx, 'GET', '/api/blade-user/bind-info', { token });
    expect(info.json().data).toMatchObject({
      bound: false,
      bindingStatus: 'refused',
      refuseReason: 'Not the student',
      studentNo: null,
    });
    expect((await reads(token)).fees).toBe(400);
    const approveLate = await admin(finance.access_token, 'POST', `${bindingId}/approve`);
    expect(approveLate.statusCode).toBe(409);
  });

  it('refuses a user without the finance role and another tenant’s binding', async () => {
    const { bindingId } = await bindPending('o-review-wall', { ...sun9, code: 'C2021007' });
    const student = await signIn(ctx, T, 'student2');
    for (const [method, path] of [
      ['GET', 'list'],
      ['POST', `${bindingId}/approve`],
      ['POST', `${bindingId}/refuse`],
    ] as const) {
      const res = await admin(
        student.access_token,
        method,
        path,
        method === 'POST' ? { reason: 'x' } : undefined,
      );
      expect(res.statusCode).toBe(403);
    }
    const { tokens: visitor } = await visitorSignIn(ctx, T, 'o-review-visitor');
    expect((await admin(visitor.access_token, 'POST', `${bindingId}/approve`)).statusCode).toBe(401);

    // Demo University's finance office neither sees nor decides Demo College's bindings.
    const otherOffice = await signIn(ctx, '100001', 'finance1');
    const list = await admin(otherOffice.access_token, 'GET', 'list');
    expect(list.json().data.records.map((r: { id: number }) => r.id)).not.toContain(bindingId);
    const res = await admin(otherOffice.access_token, 'POST', `${bindingId}/approve`);
    expect(res.statusCode).toBe(404);
    const [row] = await db().select().from(userBindings).where(eq(userBindings.id, bindingId));
    expect(row!.status).toBe('pending');
    const audits = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'admin POST /api/blade-finance/admin/binding/:id/approve'));
    expect(audits.every((a) => a.tenantId === T)).toBe(true);
  });

  it('a user binding again the person they already hold stays active without a code', async () => {
    const student = await signIn(ctx, T, 'student2');
    const res = await call(ctx, 'POST', '/api/blade-user/bind-user', {
      token: student.access_token,
      query: { ...sun9, code: 'C2024001' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ user_type: 'student', role_name: 'student' });
    expect(await reads(res.json().data.access_token)).toMatchObject({ fees: 200, studentNo: 'C2024001' });
  });

  it("binds an identity another account holds only through the held phone's code, and tells that account", async () => {
    // C2024001 is student2's; the finance office holds 13800000004 for it.
    const { tokens } = await visitorSignIn(ctx, T, 'o-review-second');
    const form = { ...sun9, code: 'C2024001' };
    const withoutCode = await call(ctx, 'POST', '/api/blade-user/register-user', {
      token: tokens.access_token,
      query: form,
    });
    expect(withoutCode.statusCode).toBe(400);
    expect(withoutCode.json().msg).toBe(
      'This identity is already bound to another account; get and enter the code sent to the phone the finance office holds (138****0004)',
    );

    await allowResend(db(), '13800000004');
    const sent = await call(ctx, 'POST', '/api/blade-user/check-and-send-validate', {
      token: tokens.access_token,
      query: form,
    });
    expect(sent.json().data).toMatchObject({ phoneMasked: '138****0004', heldPhone: true });
    const res = await call(ctx, 'POST', '/api/blade-user/register-user', {
      token: tokens.access_token,
      query: { ...form, verifyId: sent.json().data.id, verifyCode: await lastCode(db(), '13800000004') },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ user_type: 'student', role_name: 'student' });
    const [told] = await outboxMessages(db(), '13800000004');
    expect(told).toMatchObject({ channel: 'sms' });
    expect(told!.body).toContain('was just bound to another account');
    expect((await reads(res.json().data.access_token)).studentNo).toBe('C2024001');
  });
});
