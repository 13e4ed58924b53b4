/**
 * Property: for any sequence of orders, payments (lost, repeated, late), closes, refunds and
 * reconciliations of one person, every receivable's received and refund totals equal its reviewed
 * charge and refund bills; net received = charge bills − refunds never goes negative; and no
 * receivable goes below zero (nobody is credited more than they owe).
 */
import { REFUND_KINDS, type RefundKind } from '@cf/shared/refund-reason';
import { and, eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bills, orderItems, orders, receivables } from '@server/db/schema-finance';
import { paidNotifyBody, type Sandbox } from '@server/gateways/sandbox-pay/sandbox-pay';
import { SIGNATURE_HEADER, signNotify } from '@server/gateways/sandbox-pay/signature';
import type { AlipaySimulator } from '@server/gateways/alipay/simulator';
import type { WechatPaySimulator } from '@server/gateways/wechat-pay/simulator';
import { reconcilePayments } from '@server/jobs/reconcile';
import { createTestApp, type TestContext } from '@server-test/helpers';
import { bladeAuth, tokenFor } from '@server-test/issue-token';
import { UNI, createPayOrder, deliver, enableChannels, testOrderNo } from '@server-test/pay-fixtures';
import { closeOrder } from '@server/modules/pay/channels/close';
import { BILL_REVIEWED } from '@server/modules/fee/bill-status';

let ctx: TestContext;
let student1: string;
let finance1: string;
let simulator: WechatPaySimulator;
let sandbox: Sandbox;
let alipay: AlipaySimulator;
/** The Alipay cashier address each order's prepay answered (an Alipay trade exists once it is opened). */
const alipayAddresses = new Map<string, string>();
const FORM = { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' };

beforeAll(async () => {
  ctx = await createTestApp();
  await enableChannels(ctx.database.db, UNI, { sandbox: {}, wechat: {}, alipay: {} });
  student1 = await tokenFor(ctx, UNI, 'student1');
  finance1 = await tokenFor(ctx, UNI, 'finance1');
  simulator = (await ctx.app.gateways.pay.standins!.wechatSimulator(UNI))!;
  sandbox = ctx.app.gateways.pay.standins!.sandbox;
  // The property delivers Alipay's notifies itself (pay without notify, then its copies).
  alipay = (await ctx.app.gateways.pay.standins!.alipaySimulator(UNI))!;
  // The property delivers the sandbox's copies itself; its own notifier sends each once, at once.
  sandbox.notifier.behaviour = { ...sandbox.notifier.behaviour, duplicateRate: 0, lateRate: 0 };
});
afterAll(async () => ctx?.close());

type PropertyChannel = 'wechat' | 'sandbox' | 'alipay';
type Action =
  | { t: 'create'; r: number; part: number }
  | { t: 'prepay'; o: number; channel: PropertyChannel }
  | { t: 'pay'; o: number; channel: PropertyChannel; copies: number; lose: boolean }
  | { t: 'redeliver'; o: number }
  | { t: 'close'; o: number }
  | { t: 'latePay'; o: number }
  | { t: 'refund'; o: number; part: number; kind: RefundKind }
  | { t: 'reconcile' };

const part = fc.double({ min: 0.05, max: 1, noNaN: true });
/** Counted from the newest order, so that events tend to meet the same orders. */
const index = fc.nat({ max: 3 });
const channel = fc.constantFrom('wechat' as const, 'sandbox' as const, 'alipay' as const);
const action: fc.Arbitrary<Action> = fc.oneof(
  { arbitrary: fc.record({ t: fc.constant('create' as const), r: fc.nat({ max: 2 }), part }), weight: 3 },
  { arbitrary: fc.record({ t: fc.constant('prepay' as const), o: index, channel }), weight: 1 },
  {
    arbitrary: fc.record({
      t: fc.constant('pay' as const),
      o: index,
      channel,
      copies: fc.integer({ min: 1, max: 4 }),
      lose: fc.boolean(),
    }),
    weight: 4,
  },
  { arbitrary: fc.record({ t: fc.constant('redeliver' as const), o: index }), weight: 1 },
  { arbitrary: fc.record({ t: fc.constant('close' as const), o: index }), weight: 1 },
  { arbitrary: fc.record({ t: fc.constant('latePay' as const), o: index }), weight: 1 },
  {
    arbitrary: fc.record({
      t: fc.constant('refund' as const),
      o: index,
      part,
      kind: fc.constantFrom(...REFUND_KINDS),
    }),
    weight: 2,
  },
  { arbitrary: fc.constant({ t: 'reconcile' as const }), weight: 1 },
);

const db = () => ctx.database.db;

async function orderOf(id: number) {
  const [row] = await db().select().from(orders).where(eq(orders.id, id));
  return row!;
}

/** What can still be ordered for a receivable: owed, minus what open orders already hold. */
async function available(receivableId: number): Promise<number> {
  const [r] = await db().select().from(receivables).where(eq(receivables.id, receivableId));
  const [open] = await db()
    .select({ fen: sql<string>`coalesce(sum(${orderItems.amountFen}), 0)` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.receivableId, receivableId), inArray(orders.payStatus, ['NOT_PAY', 'PAYING'])));
  return r!.payableFen - r!.reductionFen - (r!.receivedFen - r!.refundFen) - Number(open!.fen);
}

/** What the receivables still owe in all, before any clamping. */
async function owedOf(receivableIds: number[]): Promise<number> {
  const rows = await db().select().from(receivables).where(inArray(receivables.id, receivableIds));
  return rows.reduce(
    (sum, r) => sum + r.payableFen - r.reductionFen - r.deferredDeductionFen - (r.receivedFen - r.refundFen),
    0,
  );
}

async function orderFor(
  receivableId: number,
  amountFen: number,
  template: { personId: number; personName: string; userId: number },
) {
  return db().transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({
        tenantId: UNI,
        orderNo: testOrderNo(),
        orderType: 'FEE',
        personType: 'student',
        personId: template.personId,
        personName: template.personName,
        userId: template.userId,
        totalFen: amountFen,
        expireAt: new Date(Date.now() + 30 * 60_000),
      })
      .returning();
    await tx.insert(orderItems).values({
      tenantId: UNI,
      orderId: order!.id,
      receivableId,
      name: 'property',
      priceFen: amountFen,
      amountFen,
    });
    return order!;
  });
}

function sandboxCopy(orderNo: string) {
  const trade = sandbox.book.find(UNI, orderNo)!;
  const rawBody = paidNotifyBody(trade);
  return {
    notifyUrl: trade.notifyUrl,
    rawBody,
    headers: {
      'content-type': 'application/json',
      [SIGNATURE_HEADER]: signNotify(ctx.config.pay.sandboxKey, rawBody, Date.now()),
    },
  };
}

/** The payer opens the order's Alipay address (the trade exists from then on) and pays; undefined: cannot. */
async function payAtAlipay(orderNo: string, copies: number, lose: boolean): Promise<void> {
  const address = alipayAddresses.get(orderNo);
  if (!address) return;
  const tradeNo = JSON.parse(
    new URL(address, 'http://app.test').searchParams.get('biz_content')!,
  ).out_trade_no;
  if (!alipay.trades.has(tradeNo)) await ctx.app.inject({ method: 'GET', url: address });
  if (alipay.trades.get(tradeNo)?.status !== 'WAIT_BUYER_PAY') return;
  alipay.pay(tradeNo, { notify: false });
  if (!lose)
    await Promise.all(
      Array.from({ length: copies }, () => deliver(ctx, { ...alipay.notifyOf(tradeNo), headers: FORM })),
    );
}

async function payAtChannel(order: typeof orders.$inferSelect, copies: number, lose: boolean) {
  if (order.channel === 'alipay') return payAtAlipay(order.orderNo, copies, lose);
  if (order.channel === 'wechat') {
    const state = simulator.order(order.orderNo)?.state;
    if (state !== 'NOTPAY') return;
    const notify = simulator.pay(order.orderNo);
    if (!lose) await Promise.all(Array.from({ length: copies }, () => deliver(ctx, notify)));
  } else if (order.channel === 'sandbox') {
    const trade = sandbox.book.find(UNI, order.orderNo);
    if (!trade || (trade.state !== 'NOTPAY' && trade.state !== 'PAYERROR')) return;
    if (lose) sandbox.book.pay(trade);
    else {
      sandbox.act(trade, 'pay');
      await Promise.all(Array.from({ length: copies - 1 }, () => deliver(ctx, sandboxCopy(order.orderNo))));
      await sandbox.notifier.idle();
    }
  }
}

async function run(
  act: Action,
  orderIds: number[],
  receivableIds: number[],
  template: Parameters<typeof orderFor>[2],
) {
  const pick = (o: number) =>
    orderIds.length ? orderIds[orderIds.length - 1 - (o % orderIds.length)] : undefined;
  const prepay = async (orderNo: string, channel: PropertyChannel) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/blade-finance/pay/prepay',
      headers: bladeAuth(student1),
      payload: { orderNo, channel },
    });
    if (channel === 'alipay' && res.statusCode === 200)
      alipayAddresses.set(orderNo, res.json().data.checkoutUrl);
    return res;
  };
  switch (act.t) {
    case 'create': {
      const receivableId = receivableIds[act.r]!;
      const left = await available(receivableId);
      if (left > 0)
        orderIds.push((await orderFor(receivableId, Math.max(1, Math.floor(left * act.part)), template)).id);
      return;
    }
    case 'prepay': {
      const id = pick(act.o);
      if (id !== undefined) await prepay((await orderOf(id)).orderNo, act.channel);
      return;
    }
    case 'pay': {
      const id = pick(act.o);
      if (id === undefined) return;
      const order = await orderOf(id);
      if (order.payStatus === 'NOT_PAY') await prepay(order.orderNo, act.channel);
      await payAtChannel(await orderOf(id), act.copies, act.lose);
      return;
    }
    case 'redeliver': {
      const id = pick(act.o);
      if (id === undefined) return;
      const order = await orderOf(id);
      if (order.channel === 'wechat' && simulator.order(order.orderNo)?.transactionId)
        await deliver(ctx, simulator.notify(order.orderNo));
      if (order.channel === 'sandbox' && sandbox.book.find(UNI, order.orderNo)?.transactionId)
        await deliver(ctx, sandboxCopy(order.orderNo));
      const alipayTrade = [...alipay.trades.values()].find(
        (t) => t.paidAt && t.outTradeNo.startsWith(order.orderNo),
      );
      if (alipayTrade) await deliver(ctx, { ...alipay.notifyOf(alipayTrade.outTradeNo), headers: FORM });
      return;
    }
    case 'close': {
      const id = pick(act.o);
      if (id !== undefined) await closeOrder(ctx.app, id, 'expired');
      return;
    }
    case 'latePay': {
      const id = pick(act.o);
      if (id === undefined) return;
      const order = await orderOf(id);
      if (
        order.payStatus === 'CLOSED' &&
        order.channel === 'wechat' &&
        simulator.order(order.orderNo)?.state === 'CLOSED'
      )
        await deliver(ctx, simulator.pay(order.orderNo, { allowClosed: true }));
      // An Alipay address handed out before the close, opened and paid only now.
      if (order.payStatus === 'CLOSED') await payAtAlipay(order.orderNo, 1, false);
      return;
    }
    case 'refund': {
      const id = pick(act.o);
      if (id === undefined) return;
      const order = await orderOf(id);
      if (order.payStatus !== 'PAID') return;
      const amountFen = Math.max(1, Math.ceil((order.totalFen - order.refundedFen) * act.part));
      const before = await owedOf(receivableIds);
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/blade-finance/admin/order/${id}/refund`,
        headers: bladeAuth(finance1),
        payload: { amountFen, reason: 'property', kind: act.kind },
      });
      expect(res.statusCode).toBe(200);
      // Reducing the receivable leaves what is owed as it was; a refund only makes the amount owed again.
      if (res.json().data.status === 'SUCCESS')
        expect(await owedOf(receivableIds)).toBe(before + (act.kind === 'refundOnly' ? amountFen : 0));
      return;
    }
    case 'reconcile':
      await reconcilePayments(ctx.app, { olderThanSeconds: 0, leaseSeconds: 0 });
  }
}

async function checkInvariants(receivableIds: number[], orderIds: number[]) {
  const rows = await db().select().from(receivables).where(inArray(receivables.id, receivableIds));
  const sums = await db()
    .select({
      receivableId: bills.receivableId,
      kind: bills.kind,
      fen: sql<string>`sum(${bills.amountFen})`,
    })
    .from(bills)
    .where(and(inArray(bills.receivableId, receivableIds), eq(bills.status, BILL_REVIEWED)))
    .groupBy(bills.receivableId, bills.kind);
  const billed = (id: number, kind: string) =>
    Number(sums.find((s) => s.receivableId === id && s.kind === kind)?.fen ?? 0);
  let personCharges = 0;
  let personRefunds = 0;
  let personNet = 0;
  for (const r of rows) {
    expect(r.receivedFen).toBe(billed(r.id, 'CHARGE'));
    expect(r.refundFen).toBe(billed(r.id, 'REFUND'));
    expect(r.refundFen).toBeGreaterThanOrEqual(0);
    expect(r.receivedFen - r.refundFen).toBeGreaterThanOrEqual(0);
    // Still owed, before any clamping: never below zero.
    expect(
      r.payableFen - r.reductionFen - r.deferredDeductionFen - (r.receivedFen - r.refundFen),
    ).toBeGreaterThanOrEqual(0);
    personCharges += billed(r.id, 'CHARGE');
    personRefunds += billed(r.id, 'REFUND');
    personNet += r.receivedFen - r.refundFen;
  }
  expect(personNet).toBe(personCharges - personRefunds);
  if (orderIds.length === 0) return;
  const orderRows = await db().select().from(orders).where(inArray(orders.id, orderIds));
  for (const o of orderRows) {
    expect(o.refundedFen).toBeLessThanOrEqual(o.totalFen);
    const charged = await db()
      .select({ fen: sql<string>`coalesce(sum(${bills.amountFen}), 0)` })
      .from(bills)
      .where(and(eq(bills.orderId, o.id), eq(bills.kind, 'CHARGE')));
    // A paid order has exactly its total charged; any other none.
    expect(Number(charged[0]!.fen)).toBe(o.payStatus === 'PAID' || o.payStatus === 'REFUND' ? o.totalFen : 0);
    expect(o.payStatus === 'REFUND').toBe(
      o.refundedFen === o.totalFen && o.totalFen > 0 && o.paymentNo !== null,
    );
  }
}

describe('money in and out, for any sequence of events', () => {
  it('keeps received = charge bills − refunds, and no receivable below zero', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 5, maxLength: 30 }), async (actions) => {
        // Fresh receivables per run: a base order gives the person and three receivables.
        const base = await createPayOrder(ctx, { amounts: [80_000, 35_000, 9_999] });
        await closeOrder(ctx.app, base.id, 'cancelled');
        const baseRow = await orderOf(base.id);
        const template = {
          personId: baseRow.personId,
          personName: baseRow.personName,
          userId: base.creatorId,
        };
        const orderIds: number[] = [];
        for (const act of actions) {
          await run(act, orderIds, base.receivableIds, template);
          await checkInvariants(base.receivableIds, orderIds);
        }
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 15) },
    );
  }, 120_000);
});
