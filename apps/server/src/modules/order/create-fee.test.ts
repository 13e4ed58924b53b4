/** Student-fee orders: amounts from the server, part payments, locks against over-committing a receivable. */
import { summarize } from '@cf/shared/fees';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '@server-test/helpers';
import { orderItems, orders } from '@server/db/schema-finance';
import { markClosed, markPaying } from './pay-status';
import {
  api,
  boundPersonId,
  demoTokens,
  orderRow,
  pay,
  receivableId,
  receivableRow,
  UNI,
  type Tokens,
} from '@server-test/fee-fixtures';
import { transaction } from '@server/db/transaction';

const TOO_MUCH = 'Payment amount cannot be greater than the receivable amount';

describe('create-fee', () => {
  let ctx: TestContext;
  let t: Tokens;
  let tuition: number; // 2025-2026, part payment allowed, 4,500 owed, 1,500 of it deferred: 3,000 due now
  let dorm: number; // 2025-2026, whole amount only, 1,200 owed
  let insurance: number; // 2025-2026, whole amount only, 380 owed
  const db = () => ctx.database.db;
  const createFee = (token: string, items: unknown[]) =>
    api(ctx, 'POST', 'order/create-fee', token, { body: { items } });
  const available = async (id: number) => {
    const res = await api(ctx, 'GET', `fee/receivable/${id}`, t.student1);
    return res.json().data.availableFen as number;
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    t = await demoTokens(ctx);
    const student = await boundPersonId(db(), UNI, 'student1');
    tuition = await receivableId(db(), UNI, student, 'TUITION', '2025-2026');
    dorm = await receivableId(db(), UNI, student, 'DORM', '2025-2026');
    insurance = await receivableId(db(), UNI, student, 'INSURANCE', '2025-2026');
  });
  afterAll(() => ctx.close());
  // Each test starts with nothing committed: open orders of earlier tests are closed.
  beforeEach(async () => {
    const open = await db().select({ id: orders.id }).from(orders).where(eq(orders.payStatus, 'NOT_PAY'));
    for (const o of open) await transaction(db(), (tx) => markClosed(tx, o.id, 'cancelled'));
  });

  it('builds the order from the receivables: whole amounts, type FEE, expiring in 30 minutes', async () => {
    const before = Date.now();
    const res = await createFee(t.student1, [{ receivableId: dorm }, { receivableId: insurance }]);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ totalFen: 158_000, orderNo: expect.stringMatching(/^F\d{23}$/) });
    const expiresIn = Date.parse(data.expireAt) - before;
    expect(expiresIn).toBeGreaterThan(29 * 60_000);
    expect(expiresIn).toBeLessThan(31 * 60_000);

    const order = await orderRow(db(), data.orderId);
    expect(order).toMatchObject({
      orderType: 'FEE',
      payStatus: 'NOT_PAY',
      personType: 'student',
      personName: '张三',
      userName: '张三',
      totalFen: 158_000,
    });
    const items = await db().select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(items.map((i) => [i.receivableId, i.amountFen, i.nameEn])).toEqual(
      expect.arrayContaining([
        [dorm, 120_000, '2025-2026 Accommodation'],
        [insurance, 38_000, '2025-2026 Medical insurance'],
      ]),
    );
    // The open order now holds those amounts.
    expect(await available(dorm)).toBe(0);
    const fees = (await api(ctx, 'GET', 'fee/student', t.student1)).json().data;
    const dormView = fees.years[0].items.find((i: { receivableId: number }) => i.receivableId === dorm);
    expect(dormView).toMatchObject({ openOrderFen: 120_000, availableFen: 0 });
    // Taking it again is more than is receivable.
    const again = await createFee(t.student1, [{ receivableId: dorm, amountFen: 120_000 }]);
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toBe(TOO_MUCH);
  });

  it('takes a part payment where allowed, never above what can be paid now', async () => {
    const part = await createFee(t.student1, [{ receivableId: tuition, amountFen: 100_000 }]);
    expect(part.json().data.totalFen).toBe(100_000);
    // 3,000 due now (the deferred 1,500 is not due yet), 1,000 of it in the order.
    expect(await available(tuition)).toBe(200_000);

    const above = await createFee(t.student1, [{ receivableId: tuition, amountFen: 200_001 }]);
    expect(above.statusCode).toBe(400);
    expect(above.json().msg).toBe(TOO_MUCH);
    const zero = await createFee(t.student1, [{ receivableId: tuition, amountFen: 0 }]);
    expect(zero.json().msg).toBe('Please enter a valid payment amount');
    // The client's total is never asked for; a stray field changes nothing.
    const rest = await createFee(t.student1, [{ receivableId: tuition, totalFen: 1 }]);
    expect(rest.json().data.totalFen).toBe(200_000);
  });

  it('charges the whole amount where part payment is not allowed', async () => {
    const whole = await createFee(t.student1, [{ receivableId: insurance }]);
    expect(whole.json().data.totalFen).toBe(38_000);
    await transaction(db(), (tx) => markClosed(tx, whole.json().data.orderId, 'cancelled'));

    const part = await createFee(t.student1, [{ receivableId: insurance, amountFen: 10_000 }]);
    expect(part.statusCode).toBe(400);
    expect(part.json().msg).toBe('This item must be paid in full');
    const exact = await createFee(t.student1, [{ receivableId: insurance, amountFen: 38_000 }]);
    expect(exact.json().data.totalFen).toBe(38_000);
  });

  it('refuses receivables of someone else, unknown ones, duplicates and empty orders', async () => {
    const other = await createFee(t.student2, [{ receivableId: tuition }]);
    expect(other.statusCode).toBe(400);
    expect(other.json().msg).toBe('The receivable does not exist');
    // Staff have no student fees: told where their fees are.
    const staff = await createFee(t.teacher1, [{ receivableId: tuition }]);
    expect(staff.statusCode).toBe(400);
    expect(staff.json().msg).toBe('Student fees are for students; your fees are under Comprehensive payment');
    const dup = await createFee(t.student1, [{ receivableId: dorm }, { receivableId: dorm }]);
    expect(dup.json().msg).toBe('The same item cannot be chosen twice');
    expect((await createFee(t.student1, [])).json().msg).toBe('Please choose the items to pay');
    const guest = await createFee(t.guest1, [{ receivableId: dorm }]);
    expect(guest.json().msg).toBe('No school identity is bound yet');
    const paidUp = await boundPersonId(db(), UNI, 'student1');
    const old = await receivableId(db(), UNI, paidUp, 'TUITION', '2024-2025');
    expect((await createFee(t.student1, [{ receivableId: old }])).json().msg).toBe(
      'Nothing is left to pay for this item',
    );
    // Nothing was created by any of these.
    expect(await available(dorm)).toBe(120_000);
  });

  it('never commits more than is owed when ten creates race for one receivable', async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        createFee(t.student1, [{ receivableId: tuition, amountFen: 100_000 }]),
      ),
    );
    const won = results.filter((r) => r.statusCode === 200);
    const lost = results.filter((r) => r.statusCode !== 200);
    expect(won).toHaveLength(3); // 3 x 1,000 of the 3,000 due now
    expect(lost.every((r) => r.json().msg === TOO_MUCH)).toBe(true);
    // What the database holds open against the receivable is exactly what the winners were given.
    const committed = await db()
      .select({ amount: orderItems.amountFen })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(eq(orderItems.receivableId, tuition), eq(orders.payStatus, 'NOT_PAY')));
    const given = won.reduce((sum, r) => sum + (r.json().data.totalFen as number), 0);
    expect(given).toBe(300_000);
    expect(committed.reduce((sum, c) => sum + c.amount, 0)).toBe(given);
    expect(await available(tuition)).toBe(0);
  });

  it('gives a whole-amount item to exactly one of ten racing creates', async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, () => createFee(t.student1, [{ receivableId: dorm }])),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 400).map((r) => r.json().msg)).toEqual(
      Array(9).fill('Nothing is left to pay for this item'),
    );
  });

  it('counts a payment as received and frees a closed order’s amount', async () => {
    const first = await createFee(t.student1, [{ receivableId: tuition, amountFen: 150_000 }]);
    await pay(db(), first.json().data.orderId);
    const row = await receivableRow(db(), tuition);
    expect(row.receivedFen).toBe(150_000);
    expect(summarize(row).receivable).toBe(300_000);
    // 3,000 still owed, 1,500 of it deferred: 1,500 can be paid now.
    expect(await available(tuition)).toBe(150_000);

    const second = await createFee(t.student1, [{ receivableId: tuition, amountFen: 150_000 }]);
    expect(await available(tuition)).toBe(0);
    await transaction(db(), (tx) => markClosed(tx, second.json().data.orderId, 'expired'));
    expect(await available(tuition)).toBe(150_000);
  });

  it('names each open order on its receivable with its state and the part it holds', async () => {
    const unpaid = await createFee(t.student1, [{ receivableId: tuition, amountFen: 10_000 }]);
    const paying = await createFee(t.student1, [{ receivableId: tuition, amountFen: 20_000 }]);
    const payingId = paying.json().data.orderId as number;
    await transaction(db(), (tx) => markPaying(tx, payingId, 'sandbox'));

    const res = await api(ctx, 'GET', `fee/receivable/${tuition}`, t.student1);
    const data = res.json().data;
    expect(data.openOrderFen).toBe(30_000);
    expect(data.openOrders).toEqual([
      {
        orderId: unpaid.json().data.orderId,
        orderNo: unpaid.json().data.orderNo,
        payStatus: 'NOT_PAY',
        lastPayFailed: false,
        amountFen: 10_000,
      },
      {
        orderId: payingId,
        orderNo: paying.json().data.orderNo,
        payStatus: 'PAYING',
        lastPayFailed: false,
        amountFen: 20_000,
      },
    ]);
    const list = await api(ctx, 'GET', 'fee/student', t.student1);
    const row = list
      .json()
      .data.years.flatMap((y: { items: { receivableId: number }[] }) => y.items)
      .find((i: { receivableId: number }) => i.receivableId === tuition);
    expect(row.openOrders).toEqual(data.openOrders);
    await transaction(db(), (tx) => markClosed(tx, payingId, 'cancelled'));
  });
});
