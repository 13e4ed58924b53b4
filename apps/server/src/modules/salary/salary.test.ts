/**
 * Salary reads (issue 13): only the staff member themself, after proving their phone on this session
 * in the last 15 minutes; never a student, another person, another tenant; never cached.
 */
import { SALARY_VERIFY_HEADER } from '@cf/shared/salary';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { basicAuth, createTestApp, type TestContext } from '@server-test/helpers';
import { allowResend, call, lastCode, resetRateLimits, signIn, userId } from '@server-test/user-fixtures';
import { employees } from '@server/db/schema';
import { salarySlips } from '@server/db/schema-salary';
import { signVerifyToken, SALARY_PROOF_TTL_SECONDS } from '../user/verify-token';

const T = '100001';

describe('salary: who reads what', () => {
  let ctx: TestContext;
  const db = () => ctx.database.db;

  /** A salary proof earned the way the app earns it: code to the reserved phone, verify-phone. */
  async function salaryProof(token: string, phone: string): Promise<string> {
    await allowResend(db(), phone);
    const sent = await call(ctx, 'POST', '/api/blade-user/send-validate', { token, body: {} });
    expect(sent.statusCode).toBe(200);
    const verifyCode = await lastCode(db(), phone);
    const res = await call(ctx, 'POST', '/api/blade-user/verify-phone', {
      token,
      body: { verifyId: sent.json().data.id, verifyCode, purpose: 'salary' },
    });
    expect(res.statusCode).toBe(200);
    return res.json().data.verifyToken as string;
  }

  const get = (path: string, token: string, proof?: string) =>
    ctx.app.inject({
      method: 'GET',
      url: path,
      headers: {
        authorization: basicAuth(ctx.config),
        'accept-language': 'en',
        'blade-auth': `bearer ${token}`,
        ...(proof ? { [SALARY_VERIFY_HEADER]: proof } : {}),
      },
    });

  async function slipOf(account: string) {
    const [teacher] = await db()
      .select()
      .from(employees)
      .where(and(eq(employees.tenantId, T), eq(employees.employeeNo, account)));
    const [slip] = await db().select().from(salarySlips).where(eq(salarySlips.employeeId, teacher!.id));
    return slip!;
  }

  let teacher1: string;
  let proof1: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    teacher1 = (await signIn(ctx, T, 'teacher1')).access_token;
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await resetRateLimits(db());
  });

  it('asks for the step-up first, then answers a year, its totals and the last 12 months, never cached', async () => {
    const without = await get('/api/blade-finance/salary/index', teacher1);
    expect(without.statusCode).toBe(403);
    expect(without.json()).toMatchObject({
      code: 403,
      msg: 'Please verify your phone number before viewing your salary',
    });
    expect(without.headers['cache-control']).toBe('no-store');

    proof1 = await salaryProof(teacher1, '13800000002');
    const res = await get('/api/blade-finance/salary/index', teacher1, proof1);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json().data;
    expect(data.years).toEqual([2026, 2025, 2024]);
    expect(data.year).toBe(2026);
    expect(data.months).toHaveLength(10);
    expect(data.lastTwelve).toHaveLength(12);
    expect(data.lastTwelve[11].period).toBe('2026-10');
    expect(data.totals.netFen).toBe(
      data.months.reduce((t: number, m: { netFen: number }) => t + m.netFen, 0),
    );
    // The year's totals add up as shown: gross - deductions - tax = net.
    const { grossFen, deductionFen, taxFen, netFen } = data.totals;
    expect(deductionFen).toBeGreaterThan(0);
    expect(grossFen - deductionFen - taxFen).toBe(netFen);

    // The proof is read, not spent: it opens the slips again (15 minutes).
    const again = await get('/api/blade-finance/salary/index?year=2025', teacher1, proof1);
    expect(again.json().data.months).toHaveLength(12);
    const empty = await get('/api/blade-finance/salary/index?year=2020', teacher1, proof1);
    expect(empty.json().data).toMatchObject({ year: 2020, months: [] });
  });

  it('answers a slip with its items in groups that add up, and its neighbours', async () => {
    const slip = await slipOf('E1001');
    const res = await get(`/api/blade-finance/salary/slip/${slip.id}`, teacher1, proof1);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    const sum = (group: string) =>
      data.items
        .filter((i: { group: string }) => i.group === group)
        .reduce((t: number, i: { amountFen: number }) => t + i.amountFen, 0);
    expect(sum('income')).toBe(data.grossFen);
    expect(sum('deduction')).toBe(data.deductionFen);
    expect(sum('tax')).toBe(data.taxFen);
    expect(data.grossFen - data.deductionFen - data.taxFen).toBe(data.netFen);
    expect(data.prevId === null || data.nextId === null).toBe(true);
    expect(data.prevId ?? data.nextId).toEqual(expect.any(Number));
  });

  it('answers other income by year with totals, and a record', async () => {
    const res = await get('/api/blade-finance/salary/other-income', teacher1, proof1);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.records.length).toBeGreaterThan(0);
    expect(data.totals.netFen).toBe(data.totals.amountFen - data.totals.taxFen);
    const one = await get(`/api/blade-finance/salary/other-income/${data.records[0].id}`, teacher1, proof1);
    expect(one.json().data).toEqual(data.records[0]);
    expect(one.headers['cache-control']).toBe('no-store');
  });

  it('refuses another person’s slip, even to a caller with a proof of their own', async () => {
    const other = await slipOf('E1003');
    const res = await get(`/api/blade-finance/salary/slip/${other.id}`, teacher1, proof1);
    expect(res.statusCode).toBe(404);
    const teacher2 = (await signIn(ctx, T, 'teacher2')).access_token;
    // teacher1's proof does not open teacher2's session.
    const borrowed = await get('/api/blade-finance/salary/index', teacher2, proof1);
    expect(borrowed.json().msg).toMatch(/^Please verify your phone/);
    const proof2 = await salaryProof(teacher2, '13800000022');
    const mine = await get(`/api/blade-finance/salary/slip/${other.id}`, teacher2, proof2);
    expect(mine.statusCode).toBe(200);
    const theirs = await get(
      `/api/blade-finance/salary/slip/${(await slipOf('E1001')).id}`,
      teacher2,
      proof2,
    );
    expect(theirs.statusCode).toBe(404);
  });

  it('binds the proof to the session that earned it and to 15 minutes', async () => {
    const elsewhere = (await signIn(ctx, T, 'teacher1')).access_token;
    expect((await get('/api/blade-finance/salary/index', elsewhere, proof1)).json().msg).toMatch(
      /^Please verify your phone/,
    );
    const id = await userId(db(), T, 'teacher1');
    // A proof of another purpose does not open the slips.
    const finance = await signVerifyToken(ctx.config, {
      tenantId: T,
      userId: id,
      phone: '13800000002',
      purpose: 'finance',
      method: 'sms',
    });
    expect((await get('/api/blade-finance/salary/index', teacher1, finance)).json().msg).toMatch(
      /^Please verify your phone/,
    );
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() - (SALARY_PROOF_TTL_SECONDS + 30) * 1000);
    const sid = JSON.parse(Buffer.from(teacher1.split('.')[1]!, 'base64url').toString()).sid as string;
    const old = await signVerifyToken(ctx.config, {
      tenantId: T,
      userId: id,
      phone: '13800000002',
      purpose: 'salary',
      method: 'sms',
      sessionId: sid,
    });
    vi.useRealTimers();
    expect((await get('/api/blade-finance/salary/index', teacher1, old)).json().msg).toMatch(
      /^Please verify your phone/,
    );
  });

  it('refuses students and other tenants, whatever they send', async () => {
    const student = (await signIn(ctx, T, 'student1')).access_token;
    const res = await get('/api/blade-finance/salary/index', student, proof1);
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe('Salary look-up is for staff members only');
    const college = (await signIn(ctx, '100002', 'student2')).access_token;
    const slip = await slipOf('E1001');
    const cross = await get(`/api/blade-finance/salary/slip/${slip.id}`, college, proof1);
    expect(cross.statusCode).toBe(403);
    expect((await get('/api/blade-finance/salary/index', 'not-a-token')).statusCode).toBe(401);
  });
});
