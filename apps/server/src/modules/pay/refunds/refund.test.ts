/** Refunds by the finance office: full and part, never more than was paid, through the channel. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { auditLog } from '@server/db/schema';
import { receivables, refunds } from '@server/db/schema-finance';
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

const refund = (
  orderId: number,
  amountFen: number,
  token = finance1,
  reason = 'test refund',
  kind: string | null = 'refundOnly',
) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/blade-finance/admin/order/${orderId}/refund`,
    headers: { ...bladeAuth(token), 'accept-language': 'en' },
    payload: { amountFen, reason, ...(kind === null ? {} : { kind }) },
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
  it('refuses an empty or blank reason with a translated message, and asks the channel nothing', async () => {
    const order = await paidOrder([800]);
    const calls = simulator.calls.length;
    for (const blank of ['', '   ']) {
      const res = await refund(order.id, 800, finance1, blank);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        msg: 'Enter the refund reason (the payer is told it with the refund)',
      });
    }
    const zh = await ctx.app.inject({
      method: 'POST',
      url: `/api/blade-finance/admin/order/${order.id}/refund`,
      headers: bladeAuth(finance1),
      payload: { amountFen: 800, kind: 'refundOnly' },
    });
    expect(zh.statusCode).toBe(400);
    expect(zh.json().msg).toBe('请填写退款原因（将随退款告知缴费人）');
    expect(await ctx.database.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toEqual([]);
    expect(simulator.calls.length).toBe(calls);
    expect((await paymentFacts(ctx.database.db, order)).order.refundedFen).toBe(0);
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

describe('refund kind: what a refund means for the receivable', () => {
  /** The phone's fee line (GET fee/receivable/{id}) and the console's row (admin/person/{id}/receivables). */
  async function receivableSeen(receivableId: number) {
    const phone = await ctx.app.inject({
      method: 'GET',
      url: `/api/blade-finance/fee/receivable/${receivableId}`,
      headers: bladeAuth(student1),
    });
    expect(phone.statusCode).toBe(200);
    const line = phone.json().data;
    const [row] = await ctx.database.db.select().from(receivables).where(eq(receivables.id, receivableId));
    const console = await ctx.app.inject({
      method: 'GET',
      url: `/api/blade-finance/admin/person/${row!.personId}/receivables?personType=student`,
      headers: bladeAuth(finance1),
    });
    expect(console.statusCode).toBe(200);
    const consoleRow = console.json().data.find((r: { id: number }) => r.id === receivableId);
    const fees = await ctx.app.inject({
      method: 'GET',
      url: '/api/blade-finance/fee/student',
      headers: bladeAuth(student1),
    });
    const year = fees.json().data.years.find((y: { schoolYear: string }) => y.schoolYear === row!.schoolYear);
    const feeLine = year.items.find((i: { receivableId: number }) => i.receivableId === receivableId);
    return { line, consoleRow, feeLine };
  }

  it('requires a kind and takes only the two it knows, with a translated message', async () => {
    const order = await paidOrder([1_000]);
    for (const kind of [null, '', 'reduce', 'REFUND_ONLY']) {
      const res = await refund(order.id, 100, finance1, '重复缴费', kind);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('Choose the kind of refund: refund and reduce the fee, or refund only');
    }
    expect(await ctx.database.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toEqual([]);
  });

  it('退费并核减应收: a ¥200 part refund of ¥1,200 住宿费 reduces the fee; nothing is owed again', async () => {
    const order = await paidOrder([120_000]);
    const res = await refund(order.id, 20_000, finance1, '退宿', 'reduceReceivable');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      kind: 'reduceReceivable',
      status: 'SUCCESS',
      refundedFen: 20_000,
    });
    expect(await refundRowOf(order.id)).toMatchObject({ kind: 'reduceReceivable', reason: '退宿' });

    const receivableId = order.receivableIds[0]!;
    const { line, consoleRow, feeLine } = await receivableSeen(receivableId);
    expect(line.summary).toMatchObject({
      payable: 120_000,
      reduction: 20_000,
      received: 120_000,
      refund: 20_000,
      receivable: 0,
      pending: 0,
    });
    expect(line.availableFen).toBe(0);
    expect(feeLine.availableFen).toBe(0);
    expect(feeLine.summary.pending).toBe(0);
    expect(consoleRow.summary.receivable).toBe(0);
    expect(consoleRow.adjustableFen).toBe(0);

    // The refund bill reads as the refunded amount, not the item's unit price.
    const bill = line.bills.find((b: { kind: string }) => b.kind === 'REFUND');
    expect(bill).toMatchObject({ priceFen: 20_000, quantity: 1, amountFen: 20_000, note: '退宿' });
  });

  it('仅退款: money goes back and the same amount is owed again, on the phone and in the console', async () => {
    const order = await paidOrder([120_000]);
    const res = await refund(order.id, 20_000, finance1, '重复缴费', 'refundOnly');
    expect(res.json().data).toMatchObject({ kind: 'refundOnly', status: 'SUCCESS' });

    const { line, consoleRow, feeLine } = await receivableSeen(order.receivableIds[0]!);
    expect(line.summary).toMatchObject({ reduction: 0, refund: 20_000, receivable: 20_000, pending: 20_000 });
    expect(line.availableFen).toBe(20_000);
    expect(feeLine.availableFen).toBe(20_000);
    expect(consoleRow.summary.receivable).toBe(20_000);
  });

  it('a whole item refunded keeps its price and quantity on the bill; the audit row names kind and reason', async () => {
    const order = await paidOrder([6_000, 4_000]);
    const res = await refund(order.id, 7_000, finance1, '退学', 'reduceReceivable');
    expect(res.statusCode).toBe(200);
    const facts = await paymentFacts(ctx.database.db, order);
    expect(facts.refunds.map((b) => [b.priceFen, b.quantity, b.amountFen])).toEqual([
      [6_000, 1, 6_000],
      [1_000, 1, 1_000],
    ]);
    expect(facts.receivables.map((r) => r.reductionFen)).toEqual([6_000, 1_000]);
    const [row] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'order.refund'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row!.detail).toMatchObject({
      orderId: order.id,
      amountFen: 7_000,
      kind: 'reduceReceivable',
      reason: '退学',
    });
  });

  it('never counts money twice: concurrent reduce-receivable refunds take no more than was paid', async () => {
    const order = await paidOrder([10_000]);
    const replies = await Promise.all(
      Array.from({ length: 5 }, () => refund(order.id, 4_000, finance1, '退宿', 'reduceReceivable')),
    );
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(2);
    const facts = await paymentFacts(ctx.database.db, order);
    expect(facts.order.refundedFen).toBe(8_000);
    expect(facts.receivables[0]).toMatchObject({
      refundFen: 8_000,
      reductionFen: 8_000,
      receivedFen: 10_000,
    });
    // The console's refundable room: what is left, and after the rest nothing.
    const detail = await ctx.app.inject({
      method: 'GET',
      url: `/api/blade-finance/admin/order/${order.id}`,
      headers: bladeAuth(finance1),
    });
    expect(detail.json().data.refundableFen).toBe(2_000);
    expect((await refund(order.id, 2_001, finance1, '退宿', 'reduceReceivable')).statusCode).toBe(400);
  });

  it('holds a refund in flight out of the refundable room the console offers', async () => {
    const { order, total } = await processingRefund([3_300]);
    const detail = await ctx.app.inject({
      method: 'GET',
      url: `/api/blade-finance/admin/order/${order.id}`,
      headers: bladeAuth(finance1),
    });
    expect(detail.json().data).toMatchObject({ refundedFen: 0, refundableFen: 0 });
    expect(detail.json().data.refunds).toEqual([
      expect.objectContaining({ amountFen: total, status: 'PROCESSING', kind: 'refundOnly' }),
    ]);
  });
});
