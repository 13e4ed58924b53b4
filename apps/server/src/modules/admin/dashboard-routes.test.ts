/** The dashboard: takings today and this month by channel and item, orders by state, queue sizes; tenant walls. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bills, paymentExceptions } from '@server/db/schema-finance';
import { createTestApp, type TestContext } from '@server-test/helpers';
import { tokenFor } from '@server-test/issue-token';
import { consoleCall } from '@server-test/console-fixtures';
import { createPayOrder } from '@server-test/pay-fixtures';
import { pay } from '@server-test/fee-fixtures';

let ctx: TestContext;
let call: ReturnType<typeof consoleCall>;
const URL = '/api/blade-finance/admin/dashboard';

beforeAll(async () => {
  ctx = await createTestApp();
  call = consoleCall(ctx);
});
afterAll(() => ctx?.close());

describe('GET /admin/dashboard', () => {
  it('adds a payment made today to today’s and this month’s takings, by channel and by item', async () => {
    const finance1 = await tokenFor(ctx, '100001', 'finance1');
    const before = (await call(finance1, 'GET', URL)).json().data;
    const order = await createPayOrder(ctx, { amounts: [12_300, 4_500] });
    await pay(ctx.database.db, order.id);
    await ctx.database.db.insert(paymentExceptions).values({
      tenantId: '100001',
      channel: 'sandbox',
      transactionId: 'DASH-1',
      amountFen: 1,
      kind: 'paid_after_close',
    });

    const res = await call(finance1, 'GET', URL);
    expect(res.statusCode).toBe(200);
    const after = res.json().data;
    expect(after.total.todayFen - before.total.todayFen).toBe(16_800);
    expect(after.total.monthFen - before.total.monthFen).toBe(16_800);
    expect(after.total.todayCount - before.total.todayCount).toBe(2);
    const sandbox = after.byChannel.find((c: { channel: string }) => c.channel === 'sandbox');
    expect(sandbox.todayFen).toBeGreaterThanOrEqual(16_800);
    expect(after.byItem).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          item: '2030-2031 测试费用1',
          itemEn: '2030-2031 Test fee 1',
          todayFen: 12_300,
          todayCount: 1,
        }),
        expect.objectContaining({
          item: '2030-2031 测试费用2',
          itemEn: '2030-2031 Test fee 2',
          todayFen: 4_500,
        }),
      ]),
    );
    const paid = (d: typeof after) =>
      d.ordersByState.find((s: { payStatus: string }) => s.payStatus === 'PAID').count;
    expect(paid(after) - paid(before)).toBe(1);
    expect(after.ordersByState.map((s: { payStatus: string }) => s.payStatus)).toEqual([
      'NOT_PAY',
      'PAYING',
      'PAID',
      'REFUND',
      'CLOSED',
    ]);
    expect(after.queues.openExceptions - before.queues.openExceptions).toBe(1);
    expect(after.queues).toEqual({
      billsToReview: expect.any(Number),
      openExceptions: expect.any(Number),
      failedInvoices: expect.any(Number),
      pendingBindings: expect.any(Number),
    });
  });

  it('shows one fee as one row with one name, however its bills were written (issue 22 item 7)', async () => {
    const finance1 = await tokenFor(ctx, '100001', 'finance1');
    const order = await createPayOrder(ctx, { amounts: [20_000] });
    await pay(ctx.database.db, order.id);
    const [online] = await ctx.database.db.select().from(bills).where(eq(bills.orderId, order.id));
    // An other-means payment of the same receivable, its bill written under another name (the
    // online line says "<year> <item>", an other-means bill said "<item>").
    await ctx.database.db.insert(bills).values({
      ...online!,
      id: undefined,
      billNo: `O-DASH-${order.id}`,
      orderId: null,
      orderItemId: null,
      project: '测试费用',
      projectEn: 'Test fee',
      amountFen: 5_000,
      priceFen: 5_000,
      method: 'bank_transfer',
      source: 'offline',
    });
    const data = (await call(finance1, 'GET', URL)).json().data;
    const rows = data.byItem.filter(
      (i: { item: string; monthFen: number }) => i.item.includes('测试费用') && i.monthFen >= 5_000,
    );
    expect(rows).toEqual([
      expect.objectContaining({ item: '2030-2031 测试费用1', itemEn: '2030-2031 Test fee 1' }),
    ]);
    const names = data.byItem.map((i: { item: string }) => i.item);
    expect(new Set(names).size).toBe(names.length);
    const mine = data.byItem.find((i: { item: string }) => i.item === '2030-2031 测试费用1');
    expect(mine.todayCount).toBeGreaterThanOrEqual(2);
    expect(data.byChannel.map((c: { channel: string }) => c.channel)).toContain('bank_transfer');
  });

  it('shows another tenant nothing of this one’s takings', async () => {
    const finance2 = await tokenFor(ctx, '100002', 'finance2');
    const res = await call(finance2, 'GET', URL);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.byItem.map((i: { item: string }) => i.item)).not.toContain('2030-2031 测试费用1');
    expect(data.queues.openExceptions).toBe(0);
  });

  it('refuses a student (403, translated)', async () => {
    const res = await call(await tokenFor(ctx, '100001', 'student1'), 'GET', URL);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 403,
      success: false,
      msg: 'Only the finance office may do this',
    });
  });
});
