/**
 * Closing orders (cancel, the expiry job) only after the channel confirms they are unpaid; the
 * reconciliation job finding payments whose notify never came; pay and expire racing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '@server/gateways/sandbox-pay/sandbox-pay';
import type { WechatPaySimulator } from '@server/gateways/wechat-pay/simulator';
import { expireOrders } from '@server/jobs/expire-orders';
import { reconcilePayments } from '@server/jobs/reconcile';
import { createTestApp, type TestContext } from '@server-test/helpers';
import { bladeAuth, tokenFor } from '@server-test/issue-token';
import {
  UNI,
  backdate,
  createPayOrder,
  deliver,
  enableChannels,
  paymentFacts,
  type PayOrder,
} from '@server-test/pay-fixtures';
import { closeOrder } from './close';

let ctx: TestContext;
let student1: string;
let simulator: WechatPaySimulator;
let sandbox: Sandbox;

beforeAll(async () => {
  ctx = await createTestApp();
  await enableChannels(ctx.database.db, UNI);
  student1 = await tokenFor(ctx, UNI, 'student1');
  simulator = (await ctx.app.gateways.pay.standins!.wechatSimulator(UNI))!;
  sandbox = ctx.app.gateways.pay.standins!.sandbox;
});
afterAll(async () => ctx?.close());

const db = () => ctx.database.db;

async function prepaid(channel: 'wechat' | 'sandbox', amounts?: number[]): Promise<PayOrder> {
  const order = await createPayOrder(ctx, { amounts });
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/blade-finance/pay/prepay',
    headers: bladeAuth(student1),
    payload: { orderNo: order.orderNo, channel },
  });
  expect(res.statusCode).toBe(200);
  return order;
}

/** Runs the expiry job until it has nothing left (earlier tests may have left expired orders). */
const expireAll = () => expireOrders(ctx.app, { leaseSeconds: 0, limit: 500 });

describe('closing an order', () => {
  it('closes an order that never reached a channel without asking anyone', async () => {
    const order = await createPayOrder(ctx);
    expect(await closeOrder(ctx.app, order.id, 'cancelled')).toBe('closed');
    const facts = await paymentFacts(db(), order);
    expect(facts.order).toMatchObject({ payStatus: 'CLOSED', closeReason: 'cancelled' });
    expect(await closeOrder(ctx.app, order.id, 'cancelled')).toBe('final');
  });

  it('closes a PAYING order at WeChat first, so it cannot be paid there any more', async () => {
    const order = await prepaid('wechat');
    expect(await closeOrder(ctx.app, order.id, 'cancelled')).toBe('closed');
    expect(simulator.order(order.orderNo)!.state).toBe('CLOSED');
    expect(() => simulator.pay(order.orderNo)).toThrow(/closed/);
    expect((await paymentFacts(db(), order)).order.payStatus).toBe('CLOSED');
  });

  it('does not close an order the channel says was paid: it credits it instead', async () => {
    const order = await prepaid('wechat', [7_000, 3_000]);
    simulator.pay(order.orderNo); // the notify is lost on its way
    expect(await closeOrder(ctx.app, order.id, 'cancelled')).toBe('paid');
    const facts = await paymentFacts(db(), order);
    expect(facts.order.payStatus).toBe('PAID');
    expect(facts.receivables.map((r) => r.receivedFen)).toEqual([7_000, 3_000]);
    expect(facts.inbox.map((i) => i.outcome)).toEqual(['credited']);
  });
});

describe('the expiry job', () => {
  it('closes expired unpaid orders (and their sandbox trades) but credits the one paid at the last moment', async () => {
    const untouched = await createPayOrder(ctx);
    const atSandbox = await prepaid('sandbox');
    const paidLate = await prepaid('wechat');
    const fresh = await prepaid('wechat');
    simulator.pay(paidLate.orderNo);
    for (const o of [untouched, atSandbox, paidLate]) await backdate(db(), o.id, 'expire', 60);

    const run = await expireAll();
    expect(run.claimed).toBeGreaterThanOrEqual(3);
    expect((await paymentFacts(db(), untouched)).order.payStatus).toBe('CLOSED');
    expect((await paymentFacts(db(), atSandbox)).order).toMatchObject({
      payStatus: 'CLOSED',
      closeReason: 'expired',
    });
    expect(sandbox.book.find(UNI, atSandbox.orderNo)!.state).toBe('CLOSED');
    expect((await paymentFacts(db(), paidLate)).order.payStatus).toBe('PAID');
    expect((await paymentFacts(db(), fresh)).order.payStatus).toBe('PAYING');
  });

  it('shares the work between runs at the same moment: each order is claimed once', async () => {
    const batch = await Promise.all(Array.from({ length: 6 }, () => createPayOrder(ctx)));
    for (const o of batch) await backdate(db(), o.id, 'expire', 60);
    const lease = { leaseSeconds: 60, limit: 500 };
    const runs = await Promise.all([expireOrders(ctx.app, lease), expireOrders(ctx.app, lease)]);
    expect(runs[0].claimed + runs[1].claimed).toBe(6);
    for (const o of batch) expect((await paymentFacts(db(), o)).order.payStatus).toBe('CLOSED');
  });

  it('keeps a paid notify that arrives after the close for refund, and leaves the order closed', async () => {
    const order = await prepaid('wechat');
    await backdate(db(), order.id, 'expire', 60);
    await expireAll();
    // A channel that took the money anyway: the notify must not be lost, and must not reopen the order.
    const late = simulator.pay(order.orderNo, { allowClosed: true });
    expect((await deliver(ctx, late)).status).toBe(200);
    expect((await deliver(ctx, late)).status).toBe(200);
    const facts = await paymentFacts(db(), order);
    expect(facts.order.payStatus).toBe('CLOSED');
    expect(facts.charges).toEqual([]);
    expect(facts.receivables[0]!.receivedFen).toBe(0);
    expect(facts.inbox.map((i) => i.outcome)).toEqual(['closed_order']);
    expect(facts.exceptions).toMatchObject([
      {
        kind: 'paid_after_close',
        status: 'open',
        amountFen: order.totalFen,
        transactionId: late.transactionId,
      },
    ]);
  });

  it('reaches one consistent end when the payment and the expiry race', async () => {
    for (let round = 0; round < 12; round++) {
      const order = await prepaid('wechat', [4_000, 1_000]);
      await backdate(db(), order.id, 'expire', 60);
      let paidAtChannel = false;
      const payer = (async () => {
        // From "before the close asks the channel" to "after it closed there".
        if (round % 4 > 0) await new Promise((resolve) => setTimeout(resolve, (round % 4) * 3));
        try {
          const notify = simulator.pay(order.orderNo);
          paidAtChannel = true;
          await deliver(ctx, notify);
        } catch {
          // The channel closed it first: the payer's attempt fails, as at WeChat.
        }
      })();
      await Promise.all([closeOrder(ctx.app, order.id, 'expired').catch(() => 'failed'), payer]);

      const facts = await paymentFacts(db(), order);
      const received = facts.receivables.map((r) => r.receivedFen);
      if (facts.order.payStatus === 'PAID') {
        expect(paidAtChannel).toBe(true);
        expect(facts.charges).toHaveLength(2);
        expect(received).toEqual([4_000, 1_000]);
        expect(facts.exceptions).toEqual([]);
      } else {
        expect(facts.order.payStatus).toBe('CLOSED');
        expect(facts.charges).toEqual([]);
        expect(received).toEqual([0, 0]);
        // Money taken for a closed order is never dropped.
        expect(facts.exceptions.length).toBe(paidAtChannel ? 1 : 0);
      }
      expect(['SUCCESS', 'CLOSED']).toContain(simulator.order(order.orderNo)!.state);
      expect(simulator.order(order.orderNo)!.state === 'SUCCESS').toBe(paidAtChannel);
    }
  });
});

describe('the reconciliation job', () => {
  it('credits a PAYING order whose notify never came, once it is old enough', async () => {
    const order = await prepaid('wechat');
    const young = await prepaid('wechat');
    simulator.pay(order.orderNo);
    simulator.pay(young.orderNo);
    await backdate(db(), order.id, 'paying', 600);

    const run = await reconcilePayments(ctx.app, { olderThanSeconds: 180, leaseSeconds: 0, limit: 500 });
    expect(run.results.credited).toBeGreaterThanOrEqual(1);
    expect((await paymentFacts(db(), order)).order.payStatus).toBe('PAID');
    expect((await paymentFacts(db(), young)).order.payStatus).toBe('PAYING');

    // The notify arrives after all: acknowledged, nothing more.
    expect((await deliver(ctx, simulator.notify(order.orderNo))).status).toBe(200);
    const facts = await paymentFacts(db(), order);
    expect(facts.charges).toHaveLength(1);
    expect(facts.inbox.map((i) => i.outcome)).toEqual(['credited']);
  });

  it('asks about an unpaid PAYING order without changing it', async () => {
    const order = await prepaid('sandbox');
    await backdate(db(), order.id, 'paying', 600);
    const run = await reconcilePayments(ctx.app, { olderThanSeconds: 180, leaseSeconds: 0, limit: 500 });
    expect(run.results.NOTPAY).toBeGreaterThanOrEqual(1);
    expect((await paymentFacts(db(), order)).order.payStatus).toBe('PAYING');
  });
});
