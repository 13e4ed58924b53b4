/**
 * One trade number per payment attempt: a student starts paying by WeChat, a parent opens the pay
 * link and pays with another openid. WeChat (the simulator) ties a prepay to its payer and never
 * reuses a closed trade number, so the parent pays on a new attempt after the first is closed there.
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { payAttempts, paymentExceptions, paymentInbox } from '@server/db/schema-finance';
import type { PayGateway } from '@server/gateways/types';
import type { WechatPaySimulator } from '@server/gateways/wechat-pay/simulator';
import { expireOrders } from '@server/jobs/expire-orders';
import { createTestApp, type TestContext } from '@server-test/helpers';
import { bladeAuth, tokenFor } from '@server-test/issue-token';
import {
  UNI,
  backdate,
  createPayOrder,
  deliver,
  enableChannels,
  paymentFacts,
  userIdOf,
  type PayOrder,
} from '@server-test/pay-fixtures';
import { closeOrder } from './close';

const SUCCESS_REPLY = JSON.stringify({ code: 'SUCCESS', message: '成功' });
const en = { 'accept-language': 'en' };

let ctx: TestContext;
let student1: string;
let teacher1: string;
let finance1: string;
let studentOpenId: string;
let parentOpenId: string;
let parentUserId: number;
let simulator: WechatPaySimulator;
let wechat: PayGateway;

beforeAll(async () => {
  ctx = await createTestApp();
  await enableChannels(ctx.database.db, UNI);
  student1 = await tokenFor(ctx, UNI, 'student1');
  // teacher1 plays the parent: anyone signed in who holds the pay link.
  teacher1 = await tokenFor(ctx, UNI, 'teacher1');
  finance1 = await tokenFor(ctx, UNI, 'finance1');
  parentUserId = await userIdOf(ctx.database.db, UNI, 'teacher1');
  // Demo mode pays a password sign-in with a stand-in openid per user.
  studentOpenId = `o-demo-payer-${await userIdOf(ctx.database.db, UNI, 'student1')}`;
  parentOpenId = `o-demo-payer-${parentUserId}`;
  simulator = (await ctx.app.gateways.pay.standins!.wechatSimulator(UNI))!;
  wechat = (await ctx.app.gateways.pay.forTenant(UNI, 'wechat'))!;
});
afterAll(async () => ctx?.close());

const db = () => ctx.database.db;

const attemptsOf = (order: PayOrder) =>
  db().select().from(payAttempts).where(eq(payAttempts.orderId, order.id)).orderBy(asc(payAttempts.id));

const inboxOf = (outTradeNo: string) =>
  db().select().from(paymentInbox).where(eq(paymentInbox.orderNo, outTradeNo));

function studentPays(order: PayOrder) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/blade-finance/pay/prepay',
    headers: { ...bladeAuth(student1), ...en },
    payload: { orderNo: order.orderNo, channel: 'wechat' },
  });
}

async function payLinkOf(order: PayOrder): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/blade-finance/pay/link',
    headers: bladeAuth(student1),
    payload: { orderNo: order.orderNo },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.payAuthToken as string;
}

/** The parent opens the pay link, signed in (teacher1) or not (an anonymous visitor). */
async function parentPays(order: PayOrder, options: { signedIn?: boolean; link?: string } = {}) {
  const link = options.link ?? (await payLinkOf(order));
  return ctx.app.inject({
    method: 'POST',
    url: `/api/blade-finance/pay/prepay?payAuthToken=${link}`,
    headers: { ...(options.signedIn === false ? {} : bladeAuth(teacher1)), ...en },
    payload: { orderNo: order.orderNo, channel: 'wechat' },
  });
}

/** The student started paying by WeChat; then the parent took over on a second attempt. */
async function takenOverByParent(amounts?: number[]): Promise<PayOrder> {
  const order = await createPayOrder(ctx, { amounts });
  expect((await studentPays(order)).statusCode).toBe(200);
  expect((await parentPays(order)).statusCode).toBe(200);
  return order;
}

describe('a parent pays by WeChat after the student started', () => {
  it('closes the student attempt at WeChat, pays on a second one and credits the order once', async () => {
    const order = await createPayOrder(ctx, { amounts: [20_000, 5_000] });
    expect((await studentPays(order)).statusCode).toBe(200);
    expect(simulator.order(order.orderNo)).toMatchObject({ openId: studentOpenId, state: 'NOTPAY' });

    const parent = await parentPays(order);
    expect(parent.statusCode).toBe(200);
    const second = `${order.orderNo}_2`;
    expect(simulator.order(order.orderNo)!.state).toBe('CLOSED');
    expect(simulator.order(second)).toMatchObject({ openId: parentOpenId, state: 'NOTPAY' });
    expect(parent.json().data.jsapi.package).toBe(`prepay_id=${simulator.order(second)!.prepayId}`);
    expect(await attemptsOf(order)).toMatchObject([
      { outTradeNo: order.orderNo, payerOpenId: studentOpenId, status: 'CLOSED', channel: 'wechat' },
      { outTradeNo: second, payerOpenId: parentOpenId, status: 'OPEN', channel: 'wechat' },
    ]);
    // The parent's repeat reuses the open attempt (same prepay at WeChat).
    const again = await parentPays(order);
    expect(again.json().data.jsapi.package).toBe(parent.json().data.jsapi.package);
    expect(await attemptsOf(order)).toHaveLength(2);

    const notify = simulator.pay(second);
    expect(await deliver(ctx, notify)).toEqual({ status: 200, body: SUCCESS_REPLY });
    expect(await deliver(ctx, simulator.notify(second))).toEqual({ status: 200, body: SUCCESS_REPLY });

    const facts = await paymentFacts(db(), order);
    expect(facts.order).toMatchObject({
      payStatus: 'PAID',
      paymentNo: notify.transactionId,
      payerUserId: parentUserId,
      userId: order.creatorId,
    });
    expect(facts.charges.map((b) => b.amountFen)).toEqual([20_000, 5_000]);
    expect(facts.receivables.map((r) => r.receivedFen)).toEqual([20_000, 5_000]);
    expect((await inboxOf(second)).map((i) => i.outcome)).toEqual(['credited']);
    expect(facts.exceptions).toEqual([]);
    expect((await attemptsOf(order)).map((a) => a.status)).toEqual(['CLOSED', 'PAID']);

    // The student coming back is told it is paid; nothing new reaches WeChat.
    const late = await studentPays(order);
    expect(late.statusCode).toBe(400);
    expect(late.json().msg).toBe('The order has already been paid');
    expect(simulator.order(`${order.orderNo}_3`)).toBeUndefined();
  });

  it('credits the student payment once and tells the parent when the first attempt turns out paid', async () => {
    const order = await createPayOrder(ctx);
    expect((await studentPays(order)).statusCode).toBe(200);
    const lost = simulator.pay(order.orderNo); // paid; its notify is still on its way

    const parent = await parentPays(order);
    expect(parent.statusCode).toBe(400);
    expect(parent.json().msg).toBe('The order has already been paid');
    expect(await deliver(ctx, lost)).toEqual({ status: 200, body: SUCCESS_REPLY });

    const facts = await paymentFacts(db(), order);
    expect(facts.order).toMatchObject({ payStatus: 'PAID', paymentNo: lost.transactionId });
    expect(facts.order.payerUserId).toBe(order.creatorId);
    expect(facts.charges).toHaveLength(1);
    expect(facts.inbox.map((i) => i.outcome)).toEqual(['credited']);
    expect((await attemptsOf(order)).map((a) => a.status)).toEqual(['PAID']);
    expect(simulator.order(`${order.orderNo}_2`)).toBeUndefined();
  });

  it('credits once when the student pays in the instant between the query and the close', async () => {
    const order = await createPayOrder(ctx);
    expect((await studentPays(order)).statusCode).toBe(200);
    const close = wechat.close.bind(wechat);
    let paid: ReturnType<WechatPaySimulator['pay']> | undefined;
    const spy = vi.spyOn(wechat, 'close').mockImplementationOnce(async (outTradeNo) => {
      paid = simulator.pay(outTradeNo);
      return close(outTradeNo); // WeChat answers ORDERPAID
    });
    try {
      const parent = await parentPays(order);
      expect(parent.statusCode).toBe(400);
      expect(parent.json().msg).toBe('The order has already been paid');
    } finally {
      spy.mockRestore();
    }
    expect(await deliver(ctx, paid!)).toEqual({ status: 200, body: SUCCESS_REPLY });
    const facts = await paymentFacts(db(), order);
    expect(facts.order).toMatchObject({ payStatus: 'PAID', paymentNo: paid!.transactionId });
    expect(facts.charges).toHaveLength(1);
    expect(facts.inbox.map((i) => i.outcome)).toEqual(['credited']);
    expect((await attemptsOf(order)).map((a) => a.status)).toEqual(['PAID']);
  });
});

describe('a late payment on a closed attempt', () => {
  it('is credited once while the order is open, and the newer attempt is closed at WeChat', async () => {
    const order = await takenOverByParent();
    // WeChat took the student's money just as the close went through (the inconsistent case).
    const late = simulator.pay(order.orderNo, { allowClosed: true });
    expect(await deliver(ctx, late)).toEqual({ status: 200, body: SUCCESS_REPLY });
    expect(await deliver(ctx, simulator.notify(order.orderNo))).toEqual({ status: 200, body: SUCCESS_REPLY });

    const facts = await paymentFacts(db(), order);
    // The student's money: the student is the payer, though the parent had taken the order since.
    expect(facts.order).toMatchObject({
      payStatus: 'PAID',
      paymentNo: late.transactionId,
      payerUserId: order.creatorId,
    });
    expect(facts.charges).toHaveLength(1);
    expect(facts.inbox.map((i) => i.outcome)).toEqual(['credited']);
    expect(facts.exceptions).toEqual([]);
    expect((await attemptsOf(order)).map((a) => a.status)).toEqual(['PAID', 'CLOSED']);
    // The parent can no longer pay a second time.
    expect(simulator.order(`${order.orderNo}_2`)!.state).toBe('CLOSED');
  });

  it('is kept in payment_exceptions when the order is closed', async () => {
    const order = await takenOverByParent();
    expect(await closeOrder(ctx.app, order.id, 'cancelled')).toBe('closed');
    expect(simulator.order(`${order.orderNo}_2`)!.state).toBe('CLOSED');

    const late = simulator.pay(order.orderNo, { allowClosed: true });
    expect(await deliver(ctx, late)).toEqual({ status: 200, body: SUCCESS_REPLY });
    const facts = await paymentFacts(db(), order);
    expect(facts.order.payStatus).toBe('CLOSED');
    expect(facts.charges).toEqual([]);
    expect(facts.receivables.every((r) => r.receivedFen === 0)).toBe(true);
    expect(facts.inbox.map((i) => i.outcome)).toEqual(['closed_order']);
    const kept = await db()
      .select()
      .from(paymentExceptions)
      .where(eq(paymentExceptions.transactionId, late.transactionId));
    expect(kept).toMatchObject([{ orderId: order.id, kind: 'paid_after_close', amountFen: order.totalFen }]);
    expect((await attemptsOf(order)).map((a) => a.status)).toEqual(['PAID', 'CLOSED']);
  });
});

describe('the payer of an attempt', () => {
  it('is nobody when an anonymous pay-link holder pays after the student started', async () => {
    const order = await createPayOrder(ctx);
    expect((await studentPays(order)).statusCode).toBe(200);
    expect((await paymentFacts(db(), order)).order.payerUserId).toBe(order.creatorId);
    expect((await parentPays(order, { signedIn: false })).statusCode).toBe(200);
    const [first, second] = await attemptsOf(order);
    expect(first).toMatchObject({ status: 'CLOSED', payerUserId: order.creatorId });
    expect(second).toMatchObject({ status: 'OPEN', payerUserId: null, payerOauthId: null, payerName: '' });

    const notify = simulator.pay(second!.outTradeNo);
    expect(await deliver(ctx, notify)).toEqual({ status: 200, body: SUCCESS_REPLY });
    expect((await paymentFacts(db(), order)).order).toMatchObject({
      payStatus: 'PAID',
      payerUserId: null,
      payerOauthId: null,
      payerName: '',
    });
  });
});

describe('payers racing', () => {
  it('leaves one open attempt when several payers prepay at once', async () => {
    for (let round = 0; round < 3; round++) {
      const order = await createPayOrder(ctx);
      const link = await payLinkOf(order);
      if (round === 2) expect((await studentPays(order)).statusCode).toBe(200);
      const replies = await Promise.all([
        studentPays(order),
        parentPays(order, { link }),
        parentPays(order, { link, signedIn: false }),
      ]);
      for (const reply of replies) expect([200, 409]).toContain(reply.statusCode);
      expect(replies.some((r) => r.statusCode === 200)).toBe(true);

      const attempts = await attemptsOf(order);
      const open = attempts.filter((a) => a.status === 'OPEN');
      expect(open).toHaveLength(1);
      // Every other trade is closed at WeChat (or never reached it): only the open one can be paid.
      for (const attempt of attempts) {
        const atWechat = simulator.order(attempt.outTradeNo);
        if (attempt.status === 'OPEN') expect(atWechat?.state).toBe('NOTPAY');
        else expect(atWechat?.state ?? 'CLOSED').toBe('CLOSED');
      }
      expect((await paymentFacts(db(), order)).order.payStatus).toBe('PAYING');

      // The payer holding the open attempt pays; the order is credited once.
      expect(await deliver(ctx, simulator.pay(open[0]!.outTradeNo))).toEqual({
        status: 200,
        body: SUCCESS_REPLY,
      });
      const facts = await paymentFacts(db(), order);
      expect(facts.order.payStatus).toBe('PAID');
      expect(facts.charges).toHaveLength(1);
    }
  });

  it('answers 409 to a payer whose attempt another payer retired while WeChat was asked', async () => {
    const order = await createPayOrder(ctx);
    const link = await payLinkOf(order);
    const prepay = wechat.prepay.bind(wechat);
    let parent: Awaited<ReturnType<typeof parentPays>> | undefined;
    const spy = vi.spyOn(wechat, 'prepay').mockImplementationOnce(async (input) => {
      parent = await parentPays(order, { link }); // takes over before the student's prepay lands
      return prepay(input);
    });
    let student: Awaited<ReturnType<typeof studentPays>>;
    try {
      student = await studentPays(order);
    } finally {
      spy.mockRestore();
    }
    expect(parent!.statusCode).toBe(200);
    expect(student.statusCode).toBe(409);
    expect(student.json().msg).toBe(
      'Someone else is paying this order right now; refresh in a moment to see how it went',
    );
    // The trade the student's prepay made at WeChat after all is closed there again.
    expect(simulator.order(order.orderNo)!.state).toBe('CLOSED');
    expect(await attemptsOf(order)).toMatchObject([
      { outTradeNo: order.orderNo, payerOpenId: studentOpenId, status: 'CLOSED' },
      { outTradeNo: `${order.orderNo}_2`, payerOpenId: parentOpenId, status: 'OPEN' },
    ]);
    expect((await paymentFacts(db(), order)).order).toMatchObject({
      payStatus: 'PAYING',
      payerUserId: parentUserId,
    });
  });
});

describe('closing, expiry and refunds follow the attempt', () => {
  it('the expiry job closes the open attempt at WeChat', async () => {
    const order = await takenOverByParent();
    await backdate(db(), order.id, 'expire', 60);
    await expireOrders(ctx.app, { leaseSeconds: 0, limit: 500 });
    expect((await paymentFacts(db(), order)).order).toMatchObject({
      payStatus: 'CLOSED',
      closeReason: 'expired',
    });
    expect(simulator.order(order.orderNo)!.state).toBe('CLOSED');
    expect(simulator.order(`${order.orderNo}_2`)!.state).toBe('CLOSED');
    expect((await attemptsOf(order)).map((a) => a.status)).toEqual(['CLOSED', 'CLOSED']);
    expect(() => simulator.pay(`${order.orderNo}_2`)).toThrow(/closed/);
  });

  it('the expiry job credits an open attempt paid at the last moment', async () => {
    const order = await takenOverByParent();
    const paid = simulator.pay(`${order.orderNo}_2`); // the notify is lost
    await backdate(db(), order.id, 'expire', 60);
    await expireOrders(ctx.app, { leaseSeconds: 0, limit: 500 });
    expect((await paymentFacts(db(), order)).order).toMatchObject({
      payStatus: 'PAID',
      paymentNo: paid.transactionId,
    });
  });

  it('refunds an order paid on a second attempt on that trade at WeChat', async () => {
    const order = await takenOverByParent([8_000, 2_000]);
    const second = `${order.orderNo}_2`;
    const paid = simulator.pay(second);
    expect((await deliver(ctx, paid)).status).toBe(200);

    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/blade-finance/admin/order/${order.id}/refund`,
      headers: { ...bladeAuth(finance1), ...en },
      payload: { amountFen: 3_000, reason: 'test refund', kind: 'refundOnly' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'SUCCESS', refundedFen: 3_000, payStatus: 'PAID' });
    const refund = simulator.refunds.get(res.json().data.outRefundNo)!;
    expect(refund).toMatchObject({ outTradeNo: second, transactionId: paid.transactionId, refundFen: 3_000 });
    expect(simulator.order(second)!.refundedFen).toBe(3_000);
    expect(simulator.order(order.orderNo)!.refundedFen).toBe(0);
  });
});
