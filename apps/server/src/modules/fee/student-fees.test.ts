/** Student fees by school year, the fee summary from stored facts, payment detail and bill history. */
import { summarize } from '@cf/shared/fees';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '@server-test/helpers';
import {
  api,
  boundPersonId,
  COLLEGE,
  demoTokens,
  receivableId,
  receivableRow,
  UNI,
  type Tokens,
} from '@server-test/fee-fixtures';

describe('student fees', () => {
  let ctx: TestContext;
  let t: Tokens;
  const db = () => ctx.database.db;

  beforeAll(async () => {
    ctx = await createTestApp();
    t = await demoTokens(ctx);
  });
  afterAll(() => ctx.close());

  it('lists the bound student’s receivables by school year, newest first, with summaries', async () => {
    const res = await api(ctx, 'GET', 'fee/student', t.student1);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.years.map((y: { schoolYear: string }) => y.schoolYear)).toEqual(['2025-2026', '2024-2025']);

    const [current, previous] = data.years;
    const tuition = current.items.find((i: { itemCode: string }) => i.itemCode === 'TUITION');
    // 5,000 payable, a 2,000 deferral of which a loan settled 500: 4,500 owed, 3,000 of it due now.
    expect(tuition).toMatchObject({
      allowPartial: true,
      openOrderFen: 0,
      pendingReviewFen: 0,
      // What can be paid now is what is due now: the deferred 1,500 is not.
      availableFen: 300_000,
      payNow: { payNowFen: 300_000, inOrdersFen: 0, inReviewFen: 0, deferredOwedFen: 150_000 },
      summary: {
        payable: 500_000,
        deferred: 200_000,
        deferredDeduction: 50_000,
        receivable: 450_000,
        pending: 300_000,
      },
    });
    const oldDorm = previous.items.find((i: { itemCode: string }) => i.itemCode === 'DORM');
    // 1,200 payable, 200 reduced, 600 paid at the bank: 400 owed.
    expect(oldDorm.summary).toMatchObject({ reduction: 20_000, received: 60_000, receivable: 40_000 });
    expect(previous.items.find((i: { itemCode: string }) => i.itemCode === 'TUITION').availableFen).toBe(0);

    // Each year's and the overall summary are the sums of their items.
    const all = data.years.flatMap((y: { items: { summary: Record<string, number> }[] }) => y.items);
    for (const key of Object.keys(data.summary)) {
      expect(data.summary[key]).toBe(
        all.reduce((s: number, i: { summary: Record<string, number> }) => s + i.summary[key]!, 0),
      );
      for (const year of data.years)
        expect(year.summary[key]).toBe(
          year.items.reduce((s: number, i: { summary: Record<string, number> }) => s + i.summary[key]!, 0),
        );
    }
    // Nothing is overpaid in the demo data, so the identity of the definitions holds exactly.
    const s = data.summary;
    expect(s.receivable).toBe(s.payable - s.reduction - s.deferredDeduction - (s.received - s.refund));
  });

  it('computes every summary from the stored row (the shared definitions)', async () => {
    const personId = await boundPersonId(db(), UNI, 'student1');
    const id = await receivableId(db(), UNI, personId, 'TUITION', '2025-2026');
    const res = await api(ctx, 'GET', `fee/receivable/${id}`, t.student1);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.summary).toEqual(summarize(await receivableRow(db(), id)));
    expect(res.json().data.bills).toEqual([]);
  });

  it('shows only the caller’s own fees: another tenant’s student sees theirs only', async () => {
    const res = await api(ctx, 'GET', 'fee/student', t.student2);
    const items = res
      .json()
      .data.years.flatMap((y: { items: { receivableId: number }[] }) => y.items.map((i) => i.receivableId));
    const collegeStudent = await boundPersonId(db(), COLLEGE, 'student2');
    expect(items).toContain(await receivableId(db(), COLLEGE, collegeStudent, 'DORM', '2025-2026'));
    const uniStudent = await boundPersonId(db(), UNI, 'student1');
    expect(items).not.toContain(await receivableId(db(), UNI, uniStudent, 'DORM', '2025-2026'));
    // Student fees are a student's: staff are told where their fees are, not shown a page of zeros.
    const staff = await api(ctx, 'GET', 'fee/student', t.teacher1);
    expect(staff.statusCode).toBe(400);
    expect(staff.json()).toMatchObject({
      success: false,
      data: null,
      msg: 'Student fees are for students; your fees are under Comprehensive payment',
    });
  });

  it('answers another person’s receivable as not found', async () => {
    const uniStudent = await boundPersonId(db(), UNI, 'student1');
    const id = await receivableId(db(), UNI, uniStudent, 'DORM', '2024-2025');
    for (const token of [t.student2, t.teacher1]) {
      const res = await api(ctx, 'GET', `fee/receivable/${id}`, token);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('The receivable does not exist');
    }
    const own = await api(ctx, 'GET', `fee/receivable/${id}`, t.student1);
    expect(own.json().data.bills).toMatchObject([
      { kind: 'CHARGE', amountFen: 60_000, status: 2, statusColor: 'success', source: 'offline' },
    ]);
  });

  it('asks an unbound user to bind first', async () => {
    const res = await api(ctx, 'GET', 'fee/student', t.guest1);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('No school identity is bound yet');
  });

  it('lists bill history by category with MyBatis-Plus paging', async () => {
    const fee = await api(ctx, 'GET', 'fee/history', t.student1, { query: { category: 'FEE', size: 1 } });
    expect(fee.statusCode).toBe(200);
    expect(fee.json().data).toMatchObject({ total: 2, size: 1, current: 1, pages: 2 });
    expect(fee.json().data.records).toHaveLength(1);
    const second = await api(ctx, 'GET', 'fee/history', t.student1, {
      query: { category: 'FEE', size: 1, current: 2 },
    });
    const projects = [fee, second].map((r) => r.json().data.records[0].projectEn);
    expect(projects.sort()).toEqual(['Accommodation', 'Tuition']);
    const other = await api(ctx, 'GET', 'fee/history', t.student1, { query: { category: 'OTHER' } });
    expect(other.json().data).toMatchObject({ total: 0, records: [], pages: 0 });
  });
});
