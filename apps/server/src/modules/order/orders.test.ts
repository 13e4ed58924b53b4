/** My orders by tab with paging, other people's orders, order detail and cancel: each caller sees only theirs. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '@server-test/helpers';
import { userBindings } from '@server/db/schema';
import { markPaying, recordRefund } from './pay-status';
import {
  api,
  boundPersonId,
  demoTokens,
  feeItemId,
  orderRow,
  pay,
  UNI,
  userIdOf,
  type Tokens,
} from '@server-test/fee-fixtures';
import { transaction } from '@server/db/transaction';

describe('orders', () => {
  let ctx: TestContext;
  let t: Tokens;
  const ids: Record<'open' | 'paying' | 'paid' | 'refunded' | 'closed', number> = {
    open: 0,
    paying: 0,
    paid: 0,
    refunded: 0,
    closed: 0,
  };
  const db = () => ctx.database.db;
  const list = (token: string, query: Record<string, string | number> = {}, path = 'order/list') =>
    api(ctx, 'GET', path, token, { query });

  beforeAll(async () => {
    ctx = await createTestApp();
    t = await demoTokens(ctx);
    const textbooks = await feeItemId(db(), UNI, 'Textbooks');
    const buy = async (quantity: number) => {
      const res = await api(ctx, 'POST', 'order/create-other', t.student1, {
        body: { feeItemId: textbooks, quantity },
      });
      return res.json().data.orderId as number;
    };
    // Created oldest first: closed, refunded, paid, paying, open.
    ids.closed = await buy(1);
    ids.refunded = await buy(2);
    ids.paid = await buy(3);
    ids.paying = await buy(4);
    ids.open = await buy(5);
    const teacher = await userIdOf(db(), UNI, 'teacher1');
    // A parent-like payer: teacher1 pays student1's order through a pay link.
    await pay(db(), ids.paid, { userId: teacher, oauthId: null, name: '陈老师' });
    await pay(db(), ids.refunded);
    await transaction(db(), (tx) =>
      recordRefund(tx, {
        orderId: ids.refunded,
        amountFen: 17_000,
        method: 'sandbox',
        refundedAt: new Date(),
        createdBy: null,
        note: 'test',
        kind: 'refundOnly',
      }),
    );
    await transaction(db(), (tx) => markPaying(tx, ids.paying, 'sandbox'));
    const cancelled = await api(ctx, 'POST', `order/cancel/${ids.closed}`, t.student1);
    expect(cancelled.json().data).toEqual({
      result: 'closed',
      payStatus: 'CLOSED',
      payStatusColor: 'danger',
    });
  });
  afterAll(() => ctx.close());

  it('lists my orders newest first, by tab, with colours and a summary of the items', async () => {
    const all = (await list(t.student1)).json().data;
    expect(all.records.map((r: { id: number }) => r.id)).toEqual([
      ids.open,
      ids.paying,
      ids.paid,
      ids.refunded,
      ids.closed,
    ]);
    expect(all.records[0]).toMatchObject({
      orderType: 'OTHER',
      totalFen: 42_500,
      payStatus: 'NOT_PAY',
      payStatusColor: 'primary',
      personName: '张三',
      userName: '张三',
      itemsSummary: 'Textbooks',
    });
    const tabs = {
      unpaid: ids.open,
      processing: ids.paying,
      paid: ids.paid,
      refunded: ids.refunded,
      expired: ids.closed,
    };
    const colours = {
      unpaid: 'primary',
      processing: 'info',
      paid: 'success',
      refunded: 'warning',
      expired: 'danger',
    };
    for (const [tab, id] of Object.entries(tabs)) {
      const records = (await list(t.student1, { tab })).json().data.records;
      expect(records.map((r: { id: number }) => r.id)).toEqual([id]);
      expect(records[0].payStatusColor).toBe(colours[tab as keyof typeof colours]);
    }
    const zh = await ctx.app.inject({
      method: 'GET',
      url: '/api/blade-finance/order/list?tab=unpaid',
      headers: { 'blade-auth': `bearer ${t.student1}`, 'accept-language': 'zh-CN' },
    });
    expect(zh.json().data.records[0].itemsSummary).toBe('教材费');
    expect((await list(t.student1, { tab: 'nonsense' })).statusCode).toBe(400);
  });

  it('pages the list the MyBatis-Plus way', async () => {
    const first = (await list(t.student1, { size: 2 })).json().data;
    expect(first).toMatchObject({ total: 5, size: 2, current: 1, pages: 3 });
    const last = (await list(t.student1, { size: 2, current: 3 })).json().data;
    expect(last.records.map((r: { id: number }) => r.id)).toEqual([ids.closed]);
    const beyond = (await list(t.student1, { size: 2, current: 4 })).json().data;
    expect(beyond).toMatchObject({ records: [], total: 5, current: 4 });
  });

  it('lists orders I paid for someone else under other people’s orders', async () => {
    const theirs = (await list(t.teacher1, {}, 'order/other-list')).json().data;
    expect(theirs.records.map((r: { id: number }) => r.id)).toEqual([ids.paid]);
    expect((await list(t.teacher1)).json().data.total).toBe(0);
    expect((await list(t.student1, {}, 'order/other-list')).json().data.total).toBe(0);
  });

  it('shows the detail with items and bills to the creator and the payer', async () => {
    const res = await api(ctx, 'GET', `order/detail/${ids.refunded}`, t.student1);
    expect(res.statusCode).toBe(200);
    const detail = res.json().data;
    expect(detail).toMatchObject({
      orderType: 'OTHER',
      totalFen: 17_000,
      refundedFen: 17_000,
      payStatus: 'REFUND',
      payStatusColor: 'warning',
      payMethod: 'sandbox',
      paymentNo: expect.any(String),
      paidAt: expect.any(String),
      invoiceStatus: 'none',
      signatureStatus: 'none',
      items: [{ name: '教材费', priceFen: 8_500, quantity: 2, amountFen: 17_000 }],
    });
    expect(detail.bills.map((b: { kind: string; amountFen: number }) => [b.kind, b.amountFen])).toEqual([
      ['CHARGE', 17_000],
      ['REFUND', 17_000],
    ]);
    expect(detail.bills[0]).toMatchObject({
      project: '教材费',
      quantity: 2,
      status: 2,
      statusColor: 'success',
    });

    const asPayer = await api(ctx, 'GET', `order/detail/${ids.paid}`, t.teacher1);
    expect(asPayer.json().data).toMatchObject({ payerName: '陈老师', userName: '张三', personName: '张三' });
  });

  it('hides an order from another user (403) and another tenant (404)', async () => {
    const other = await api(ctx, 'GET', `order/detail/${ids.open}`, t.teacher1);
    expect(other.statusCode).toBe(403);
    expect(other.json().msg).toBe('You may not view this order');
    const tenant = await api(ctx, 'GET', `order/detail/${ids.open}`, t.student2);
    expect(tenant.statusCode).toBe(404);
    expect(tenant.json().msg).toBe('The order does not exist');

    expect((await api(ctx, 'POST', `order/cancel/${ids.open}`, t.teacher1)).statusCode).toBe(403);
    expect((await api(ctx, 'POST', `order/cancel/${ids.open}`, t.student2)).statusCode).toBe(404);
    // The payer may look but not cancel.
    expect((await api(ctx, 'POST', `order/cancel/${ids.paid}`, t.teacher1)).statusCode).toBe(403);
    expect((await orderRow(db(), ids.open)).payStatus).toBe('NOT_PAY');
  });

  it('shows the detail to another user bound to the order’s person', async () => {
    const guest = await userIdOf(db(), UNI, 'guest1');
    await db()
      .insert(userBindings)
      .values({
        tenantId: UNI,
        userId: guest,
        userType: 'student',
        studentId: await boundPersonId(db(), UNI, 'student1'),
      });
    const res = await api(ctx, 'GET', `order/detail/${ids.open}`, t.guest1);
    expect(res.statusCode).toBe(200);
    // Bound to the person is enough to look, not to cancel someone else's order.
    expect((await api(ctx, 'POST', `order/cancel/${ids.open}`, t.guest1)).statusCode).toBe(403);
  });

  it('cancels only an open order of mine', async () => {
    const paid = await api(ctx, 'POST', `order/cancel/${ids.paid}`, t.student1);
    expect(paid.statusCode).toBe(400);
    expect(paid.json().msg).toBe('The order is already paid or closed and cannot be cancelled');
    const open = await api(ctx, 'POST', `order/cancel/${ids.open}`, t.student1);
    expect(open.json().data).toMatchObject({ result: 'closed', payStatus: 'CLOSED' });
    expect(await orderRow(db(), ids.open)).toMatchObject({ payStatus: 'CLOSED', closeReason: 'cancelled' });
    const again = await api(ctx, 'POST', `order/cancel/${ids.open}`, t.student1);
    expect(again.json().msg).toBe('The order is already paid or closed and cannot be cancelled');
  });
});
