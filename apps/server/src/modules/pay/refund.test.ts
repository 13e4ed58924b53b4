/** Refunds by the finance office: full and part, never more than was paid, through the channel. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refunds } from '../../db/schema-finance';
import type { WechatPaySimulator } from '../../gateways/wechat-pay/simulator';
import { reconcilePayments } from '../../jobs/reconcile';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { bladeAuth, tokenFor } from '../../../test/issue-token';
import {
  UNI,
  createPayOrder,
  deliver,
  enableChannels,
  paymentFacts,
  type PayOrder,
} from '../../../test/pay-fixtures';

let ctx: TestContext;
let student1: string;
let finance1: string;
let simulator: WechatPaySimulator;

beforeAll(async () => {
  ctx = await createTestApp();
  await enableChannels(ctx.database.db, UNI);
  student1 = await tokenFor(ctx, UNI, 'student1');
  finance1 = await tokenFor(ctx, UNI, 'finance1');
  simulator = (await ctx.app.gateways.pay.standins!.wechatSimulator(UNI))!;
});
afterAll(async () => ctx?.close());

async function paidOrder(amounts: number[]): Promise<PayOrder> {
  const order = await createPayOrder(ctx, { amounts });
  await ctx.app.inject({
    method: 'POST',
    url: '/api/blade-finance/pay/prepay',
    headers: bladeAuth(student1),
    payload: { orderNo: order.orderNo, channel: 'wechat' },
  });
  expect((await deliver(ctx, simulator.pay(order.orderNo))).status).toBe(200);
  return order;
}

const refund = (orderId: number, amountFen: number, token = finance1) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/blade-finance/admin/order/${orderId}/refund`,
    headers: { ...bladeAuth(token), 'accept-language': 'en' },
    payload: { amountFen, reason: 'test refund' },
  });

describe('refunds', () => {
  it('refunds part, then the rest (REFUND), spreading refund bills over the items, and never more', async () => {
    const order = await paidOrder([6_000, 4_000]);

    const part = await refund(order.id, 7_000);
    expect(part.statusCode).toBe(200);
    expect(part.json().data).toMatchObject({ status: 'SUCCESS', refundedFen: 7_000, payStatus: 'PAID' });
    let facts = await paymentFacts(ctx.database.db, order);
    expect(facts.refunds.map((b) => b.amountFen)).toEqual([6_000, 1_000]);
    expect(facts.receivables.map((r) => r.refundFen)).toEqual([6_000, 1_000]);
    expect(simulator.refunds.size).toBeGreaterThan(0);

    const tooMuch = await refund(order.id, 3_001);
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().msg).toBe('The refund cannot be more than the refundable amount (30.00 yuan)');

    const rest = await refund(order.id, 3_000);
    expect(rest.json().data).toMatchObject({
      refundedFen: 10_000,
      payStatus: 'REFUND',
      payStatusColor: 'warning',
    });
    facts = await paymentFacts(ctx.database.db, order);
    expect(facts.receivables.map((r) => r.refundFen)).toEqual([6_000, 4_000]);
    expect(facts.receivables.map((r) => r.receivedFen)).toEqual([6_000, 4_000]);

    const after = await refund(order.id, 1);
    expect(after.statusCode).toBe(400);
    expect(after.json().msg).toBe('Only a paid order can be refunded');
  });

  it('lets concurrent refunds take no more than was paid', async () => {
    const order = await paidOrder([10_000]);
    const replies = await Promise.all(Array.from({ length: 6 }, () => refund(order.id, 4_000)));
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(2);
    const facts = await paymentFacts(ctx.database.db, order);
    expect(facts.order.refundedFen).toBe(8_000);
    expect(facts.refunds.reduce((sum, b) => sum + b.amountFen, 0)).toBe(8_000);
    expect(simulator.order(order.orderNo)!.refundedFen).toBe(8_000);
  });

  it('is for the finance office only', async () => {
    const order = await paidOrder([1_000]);
    const res = await refund(order.id, 1_000, student1);
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe('Only the finance office may do this');
    expect((await paymentFacts(ctx.database.db, order)).order.refundedFen).toBe(0);
  });

  it('records a refund the channel finishes later through the reconciliation job', async () => {
    const order = await paidOrder([2_500]);
    simulator.setRefundStatus('PROCESSING');
    try {
      const res = await refund(order.id, 2_500);
      expect(res.json().data).toMatchObject({ status: 'PROCESSING', refundedFen: 0, payStatus: 'PAID' });
      // While it is in flight its amount is reserved.
      expect((await refund(order.id, 1)).statusCode).toBe(400);

      const [row] = await ctx.database.db.select().from(refunds).where(eq(refunds.orderId, order.id));
      simulator.settleRefund(row!.outRefundNo, 'SUCCESS');
      await reconcilePayments(ctx.app, { olderThanSeconds: 0, leaseSeconds: 0 });
      const facts = await paymentFacts(ctx.database.db, order);
      expect(facts.order).toMatchObject({ payStatus: 'REFUND', refundedFen: 2_500 });
      expect(facts.refunds).toHaveLength(1);
    } finally {
      simulator.setRefundStatus('SUCCESS');
    }
  });
});
