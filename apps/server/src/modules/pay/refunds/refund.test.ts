/** Refunds by the finance office: full and part, never more than was paid, through the channel. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refunds } from '@server/db/schema-finance';
import type { WechatPaySimulator } from '@server/gateways/wechat-pay/simulator';
import { reconcilePayments } from '@server/jobs/reconcile';
import { createTestApp, type TestContext } from '@server-test/helpers';
import { bladeAuth, tokenFor } from '@server-test/issue-token';
import {
  UNI,
  createPayOrder,
  deliver,
  enableChannels,
  paymentFacts,
  type PayOrder,
} from '@server-test/pay-fixtures';

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

const refund = (orderId: number, amountFen: number, token = finance1, reason = 'test refund') =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/blade-finance/admin/order/${orderId}/refund`,
    headers: { ...bladeAuth(token), 'accept-language': 'en' },
    payload: { amountFen, reason },
  });

const SUCCESS_REPLY = JSON.stringify({ code: 'SUCCESS', message: '成功' });

/** The request body the simulator received for this refund. */
function refundRequestOf(outRefundNo: string): Record<string, unknown> {
  const call = simulator.calls.find(
    (c) => c.path.endsWith('/v3/refund/domestic/refunds') && c.body.includes(`"${outRefundNo}"`),
  );
  return JSON.parse(call!.body);
}

async function refundRowOf(orderId: number) {
  const rows = await ctx.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

/** A refund the channel accepted but has not finished; its notify is kept back until a test sends it. */
async function processingRefund(amounts: number[]) {
  const order = await paidOrder(amounts);
  const total = amounts.reduce((a, b) => a + b, 0);
  simulator.setRefundStatus('PROCESSING');
  try {
    const res = await refund(order.id, total);
    expect(res.json().data).toMatchObject({ status: 'PROCESSING', refundedFen: 0 });
  } finally {
    simulator.setRefundStatus('SUCCESS');
  }
  return { order, row: await refundRowOf(order.id), total };
}

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
    // Its notify is lost: only the job learns the outcome.
    simulator.holdRefundNotifies(true);
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
      simulator.holdRefundNotifies(false);
    }
  });
});

describe('refund notifies (REFUND.SUCCESS / ABNORMAL / CLOSED)', () => {
  beforeAll(() => simulator.holdRefundNotifies(true));
  afterAll(() => simulator.holdRefundNotifies(false));

  it('sends notify_url with the refund: the same notify address as payments', async () => {
    const order = await paidOrder([1_000]);
    await refund(order.id, 400);
    const row = await refundRowOf(order.id);
    expect(refundRequestOf(row.outRefundNo).notify_url).toBe(
      `http://app.test/api/blade-finance/pay/notify/wechat/${UNI}`,
    );
  });

  it('completes a refund from its REFUND.SUCCESS notify exactly once; repeats and the job change nothing', async () => {
    const { order, row, total } = await processingRefund([3_000, 1_000]);
    simulator.settleRefund(row.outRefundNo, 'SUCCESS');
    const notify = simulator.refundNotify(row.outRefundNo);
    expect(notify.notifyUrl).toBe(`http://app.test/api/blade-finance/pay/notify/wechat/${UNI}`);

    const replies = await Promise.all(Array.from({ length: 5 }, () => deliver(ctx, notify)));
    expect(replies.every((r) => r.status === 200 && r.body === SUCCESS_REPLY)).toBe(true);
    const facts = await paymentFacts(ctx.database.db, order);
    expect(facts.order).toMatchObject({ payStatus: 'REFUND', refundedFen: total });
    expect(facts.refunds.map((b) => b.amountFen)).toEqual([3_000, 1_000]);
    expect(await refundRowOf(order.id)).toMatchObject({
      status: 'SUCCESS',
      channelRefundId: simulator.refunds.get(row.outRefundNo)!.refundId,
    });

    // A retry later, and the job's late question: nothing more.
    expect((await deliver(ctx, simulator.refundNotify(row.outRefundNo))).status).toBe(200);
    await reconcilePayments(ctx.app, { olderThanSeconds: 0, leaseSeconds: 0 });
    const after = await paymentFacts(ctx.database.db, order);
    expect(after.order.refundedFen).toBe(total);
    expect(after.refunds).toHaveLength(2);
  });

  it('acknowledges a notify for a refund the job already completed, without counting it again', async () => {
    const { order, row, total } = await processingRefund([2_000]);
    simulator.settleRefund(row.outRefundNo, 'SUCCESS');
    await reconcilePayments(ctx.app, { olderThanSeconds: 0, leaseSeconds: 0 });
    expect((await paymentFacts(ctx.database.db, order)).order.refundedFen).toBe(total);

    const res = await deliver(ctx, simulator.refundNotify(row.outRefundNo));
    expect(res).toEqual({ status: 200, body: SUCCESS_REPLY });
    const facts = await paymentFacts(ctx.database.db, order);
    expect(facts.order.refundedFen).toBe(total);
    expect(facts.refunds).toHaveLength(1);
  });

  it('refuses a forged or tampered refund notify and changes nothing', async () => {
    const { order, row } = await processingRefund([1_500]);
    simulator.settleRefund(row.outRefundNo, 'SUCCESS');
    for (const tamper of [{ forgeSignature: true }, { tamperBody: true }, { serial: 'UNKNOWN_SERIAL' }]) {
      const res = await deliver(ctx, simulator.refundNotify(row.outRefundNo, tamper));
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body).code).toBe('FAIL');
    }
    // Honestly signed, but another amount than we asked for: acknowledged, not applied.
    expect((await deliver(ctx, simulator.refundNotify(row.outRefundNo, { amountFen: 1 }))).status).toBe(200);
    expect((await refundRowOf(order.id)).status).toBe('PROCESSING');
    expect((await paymentFacts(ctx.database.db, order)).order.refundedFen).toBe(0);
  });

  it('marks a refund FAILED from REFUND.ABNORMAL or REFUND.CLOSED; a closed one may be refunded again', async () => {
    const abnormal = await processingRefund([1_100]);
    simulator.settleRefund(abnormal.row.outRefundNo, 'ABNORMAL');
    expect((await deliver(ctx, simulator.refundNotify(abnormal.row.outRefundNo))).status).toBe(200);
    expect((await refundRowOf(abnormal.order.id)).status).toBe('FAILED');
    expect((await paymentFacts(ctx.database.db, abnormal.order)).order.refundedFen).toBe(0);

    const { order, row, total } = await processingRefund([1_200]);
    simulator.settleRefund(row.outRefundNo, 'CLOSED');
    expect((await deliver(ctx, simulator.refundNotify(row.outRefundNo))).status).toBe(200);
    expect((await refundRowOf(order.id)).status).toBe('FAILED');
    expect((await paymentFacts(ctx.database.db, order)).order.refundedFen).toBe(0);
    expect((await refund(order.id, total)).json().data).toMatchObject({
      status: 'SUCCESS',
      refundedFen: total,
    });
  });

  it('is sent by the simulator on its own when the refund finishes (demo mode), no job needed', async () => {
    const { order, row, total } = await processingRefund([900]);
    simulator.holdRefundNotifies(false);
    try {
      simulator.settleRefund(row.outRefundNo, 'SUCCESS');
      await expect
        .poll(async () => (await paymentFacts(ctx.database.db, order)).order.refundedFen, { timeout: 5_000 })
        .toBe(total);
    } finally {
      simulator.holdRefundNotifies(true);
    }
  });
});

describe('refund reason', () => {
  it('leaves an empty reason out of the request (WeChat takes 1-80 bytes when present)', async () => {
    const order = await paidOrder([800]);
    const res = await refund(order.id, 800, finance1, '');
    expect(res.json().data).toMatchObject({ status: 'SUCCESS' });
    const body = refundRequestOf((await refundRowOf(order.id)).outRefundNo);
    expect(body).not.toHaveProperty('reason');
  });

  it('takes 26 Chinese characters (78 bytes) and refuses 27 (81 bytes) with a translated message', async () => {
    const order = await paidOrder([700]);
    const tooLong = await refund(order.id, 700, finance1, '退'.repeat(27));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().msg).toBe(
      'The refund reason cannot be longer than 80 bytes (about 26 Chinese characters)',
    );
    expect(await ctx.database.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toEqual([]);

    const fits = await refund(order.id, 700, finance1, '退'.repeat(26));
    expect(fits.json().data).toMatchObject({ status: 'SUCCESS', refundedFen: 700 });
    expect(refundRequestOf((await refundRowOf(order.id)).outRefundNo).reason).toBe('退'.repeat(26));
  });
});
