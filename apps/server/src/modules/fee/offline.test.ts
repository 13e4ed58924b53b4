/** Other-means payments: recorded as bills in status 1, counted only after the finance office reviews them. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '@server-test/helpers';
import { parsePayDate } from './offline-service';
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

describe('other-means payment and bill review', () => {
  let ctx: TestContext;
  let t: Tokens;
  let dorm: number; // 2024-2025, 400 yuan still owed
  const db = () => ctx.database.db;
  const record = (token: string, body: Record<string, unknown>) =>
    api(ctx, 'POST', 'fee/offline', token, { body });
  const today = () => new Date().toISOString().slice(0, 10);
  const available = async () =>
    (await api(ctx, 'GET', `fee/receivable/${dorm}`, t.student1)).json().data.availableFen as number;

  beforeAll(async () => {
    ctx = await createTestApp();
    t = await demoTokens(ctx);
    dorm = await receivableId(db(), UNI, await boundPersonId(db(), UNI, 'student1'), 'DORM', '2024-2025');
  });
  afterAll(() => ctx.close());

  it('needs the payment method and the payment date', async () => {
    const noMethod = await record(t.student1, { receivableId: dorm, amountFen: 10_000, payDate: today() });
    expect(noMethod.statusCode).toBe(400);
    expect(noMethod.json().msg).toBe('Please choose the payment method');
    const noDate = await record(t.student1, { receivableId: dorm, amountFen: 10_000, payMethod: 'bank' });
    expect(noDate.json().msg).toBe('Please choose the payment date');
    const future = await record(t.student1, {
      receivableId: dorm,
      amountFen: 10_000,
      payMethod: 'bank',
      payDate: '2999-01-01',
    });
    expect(future.json().msg).toBe('The payment date is not valid; it cannot be later than today');
    const tooMuch = await record(t.student1, {
      receivableId: dorm,
      amountFen: 40_001,
      payMethod: 'bank',
      payDate: today(),
    });
    expect(tooMuch.json().msg).toBe('Payment amount cannot be greater than the receivable amount');
    const someoneElse = await record(t.teacher1, {
      receivableId: dorm,
      amountFen: 100,
      payMethod: 'bank',
      payDate: today(),
    });
    expect(someoneElse.json().msg).toBe('The receivable does not exist');
  });

  it('reads the payment date as the school’s day and refuses the future', () => {
    const now = Date.parse('2025-03-01T04:00:00Z');
    expect(parsePayDate('2025-03-01', now)?.toISOString()).toBe('2025-02-28T16:00:00.000Z');
    expect(parsePayDate('2025-03-02', now)).toBeNull();
    expect(parsePayDate('not a date', now)).toBeNull();
    // A pay date is a day, not a time (issue 9: it used to take any text Date could read).
    expect(parsePayDate('2025-03-01T04:03:00Z', now)).toBeNull();
  });

  it('takes only real calendar dates, not later than today in China time (issue 9)', async () => {
    // 01:00 on 2 March in Shanghai, still 1 March in UTC.
    const now = Date.parse('2025-03-01T17:00:00Z');
    expect(parsePayDate('2025-03-02', now)?.toISOString()).toBe('2025-03-01T16:00:00.000Z');
    expect(parsePayDate('2025-03-03', now)).toBeNull();
    expect(parsePayDate('2024-02-29', now)).not.toBeNull();
    for (const text of [
      '0',
      '2024-02-30',
      '2023-02-29',
      '2025-13-01',
      '2025-00-10',
      '20250301',
      '1999-12-31',
    ])
      expect(parsePayDate(text, now), text).toBeNull();

    const tomorrow = new Date(Date.now() + 36 * 3600_000).toISOString().slice(0, 10);
    for (const payDate of ['0', '2024-02-30', '2025-02-29', '2024-1-5', tomorrow, '2024-02-29T00:00:00Z']) {
      const res = await record(t.student1, {
        receivableId: dorm,
        amountFen: 100,
        payMethod: 'bank',
        payDate,
      });
      expect(res.statusCode, payDate).toBe(400);
      expect(res.json().msg).toBe('The payment date is not valid; it cannot be later than today');
    }
  });

  it('counts a reviewed record as received, and a voided one never', async () => {
    const first = await record(t.student1, {
      receivableId: dorm,
      amountFen: 30_000,
      payMethod: 'bank transfer',
      payDate: today(),
      note: 'paid at the counter',
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().msg).toBe('Submitted; the finance office will review it');
    expect(first.json().data).toMatchObject({
      kind: 'CHARGE',
      status: 1,
      statusColor: 'warning',
      source: 'offline',
      method: 'bank transfer',
      amountFen: 30_000,
    });
    // Not received yet, but no longer available: it cannot be paid a second time meanwhile.
    expect((await receivableRow(db(), dorm)).receivedFen).toBe(60_000);
    expect(await available()).toBe(10_000);
    const order = await api(ctx, 'POST', 'order/create-fee', t.student1, {
      body: { items: [{ receivableId: dorm }] },
    });
    expect(order.json().data.totalFen).toBe(10_000);
    await api(ctx, 'POST', `order/cancel/${order.json().data.orderId}`, t.student1);

    const second = await record(t.student1, {
      receivableId: dorm,
      amountFen: 5_000,
      payMethod: 'cash',
      payDate: today(),
    });
    const history = await api(ctx, 'GET', 'fee/history', t.student1, { query: { category: 'FEE' } });
    expect(
      history
        .json()
        .data.records.slice(0, 2)
        .map((b: { status: number }) => b.status),
    ).toEqual([1, 1]);

    // The person cannot review their own record.
    const self = await api(ctx, 'POST', `admin/bill/${first.json().data.id}/review`, t.student1);
    expect(self.statusCode).toBe(403);
    expect(self.json().msg).toBe('Only the finance office may do this');

    const list = await api(ctx, 'GET', 'admin/bill/list', t.finance1, { query: { status: 1 } });
    expect(list.json().data).toMatchObject({ total: 2, current: 1 });
    expect(list.json().data.records[0]).toMatchObject({
      personName: '张三',
      personNo: 'S2024001',
      receivableId: dorm,
      status: 1,
    });

    const reviewed = await api(ctx, 'POST', `admin/bill/${first.json().data.id}/review`, t.finance1);
    expect(reviewed.json().data).toMatchObject({ status: 2, statusColor: 'success' });
    expect((await receivableRow(db(), dorm)).receivedFen).toBe(90_000);
    const twice = await api(ctx, 'POST', `admin/bill/${first.json().data.id}/review`, t.finance1);
    expect(twice.json().msg).toBe('The bill does not exist or has already been reviewed');

    const voided = await api(ctx, 'POST', `admin/bill/${second.json().data.id}/void`, t.finance1);
    expect(voided.json().data).toMatchObject({ status: 0, statusColor: 'danger' });
    expect((await receivableRow(db(), dorm)).receivedFen).toBe(90_000);
    // The voided amount is available again; a voided bill cannot be reviewed afterwards.
    expect(await available()).toBe(10_000);
    const late = await api(ctx, 'POST', `admin/bill/${second.json().data.id}/review`, t.finance1);
    expect(late.statusCode).toBe(400);
    expect((await receivableRow(db(), dorm)).receivedFen).toBe(90_000);
  });

  it('keeps review within the finance office’s tenant', async () => {
    const college = await receivableId(
      db(),
      COLLEGE,
      await boundPersonId(db(), COLLEGE, 'student2'),
      'TUITION',
      '2025-2026',
    );
    const bill = await record(t.student2, {
      receivableId: college,
      amountFen: 1_000,
      payMethod: 'cash',
      payDate: today(),
    });
    const res = await api(ctx, 'POST', `admin/bill/${bill.json().data.id}/review`, t.finance1);
    expect(res.statusCode).toBe(400);
    expect((await receivableRow(db(), college)).receivedFen).toBe(0);
    const list = await api(ctx, 'GET', 'admin/bill/list', t.finance1);
    expect(list.json().data.records.map((b: { id: number }) => b.id)).not.toContain(bill.json().data.id);
  });
});
