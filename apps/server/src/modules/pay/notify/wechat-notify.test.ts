/**
 * Reliability of WeChat Pay notifies against the protocol simulator: duplicates credit once, and
 * forged, tampered or misaddressed notifies change nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WechatPaySimulator } from '@server/gateways/wechat-pay/simulator';
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

const SUCCESS_REPLY = JSON.stringify({ code: 'SUCCESS', message: '成功' });

let ctx: TestContext;
let student1: string;
let simulator: WechatPaySimulator;

beforeAll(async () => {
  ctx = await createTestApp();
  await enableChannels(ctx.database.db, UNI);
  student1 = await tokenFor(ctx, UNI, 'student1');
  simulator = (await ctx.app.gateways.pay.standins!.wechatSimulator(UNI))!;
});
afterAll(async () => ctx?.close());

async function prepaidOrder(amounts?: number[]): Promise<PayOrder> {
  const order = await createPayOrder(ctx, { amounts });
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/blade-finance/pay/prepay',
    headers: bladeAuth(student1),
    payload: { orderNo: order.orderNo, channel: 'wechat' },
  });
  expect(res.statusCode).toBe(200);
  return order;
}

/** What an untouched PAYING order looks like: no credit anywhere. */
async function expectUnchanged(order: PayOrder) {
  const facts = await paymentFacts(ctx.database.db, order);
  expect(facts.order.payStatus).toBe('PAYING');
  expect(facts.order.paymentNo).toBeNull();
  expect(facts.charges).toEqual([]);
  expect(facts.receivables.every((r) => r.receivedFen === 0)).toBe(true);
  return facts;
}

describe('WeChat Pay notifies', () => {
  it('prepays with JSAPI parameters signed for WeixinJSBridge', async () => {
    const order = await createPayOrder(ctx);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/blade-finance/pay/prepay',
      headers: bladeAuth(student1),
      payload: { orderNo: order.orderNo, channel: 'wechat' },
    });
    const { jsapi } = res.json().data;
    const atWechat = simulator.order(order.orderNo)!;
    expect(atWechat).toMatchObject({ amountFen: order.totalFen, state: 'NOTPAY' });
    expect(jsapi).toMatchObject({
      appId: atWechat.appId,
      signType: 'RSA',
      package: `prepay_id=${atWechat.prepayId}`,
    });
    // RSA-2048 signature, base64.
    expect(jsapi.paySign).toMatch(/^[A-Za-z0-9+/]{342}==$/);
  });

  it('credits 200 concurrent duplicates of one notify exactly once and acknowledges every one', async () => {
    const order = await prepaidOrder([50_000, 25_000, 5_000]);
    const notify = simulator.pay(order.orderNo);
    const replies = await Promise.all(Array.from({ length: 200 }, () => deliver(ctx, notify)));
    expect(replies.every((r) => r.status === 200 && r.body === SUCCESS_REPLY)).toBe(true);

    const facts = await paymentFacts(ctx.database.db, order);
    expect(facts.order).toMatchObject({
      payStatus: 'PAID',
      paymentNo: notify.transactionId,
      channel: 'wechat',
    });
    expect(facts.charges.map((b) => b.amountFen)).toEqual([50_000, 25_000, 5_000]);
    expect(facts.receivables.map((r) => r.receivedFen)).toEqual([50_000, 25_000, 5_000]);
    expect(facts.inbox.map((i) => i.outcome)).toEqual(['credited']);
    expect(facts.exceptions).toEqual([]);

    // WeChat's later retry of the same notify, one more time: still acknowledged, still one credit.
    expect(await deliver(ctx, simulator.notify(order.orderNo))).toEqual({ status: 200, body: SUCCESS_REPLY });
    expect((await paymentFacts(ctx.database.db, order)).charges).toHaveLength(3);
  });

  it.each([
    ['a forged signature', { forgeSignature: true }],
    ['a body changed after signing', { tamperBody: true }],
    ['a stale signature', { signedAt: Date.now() - 10 * 60_000 }],
    ['an unknown platform certificate', { serial: 'NOT_A_KNOWN_SERIAL' }],
    ['another APIv3 key', { apiV3Key: 'AnotherApiV3Key_0123456789abcdef' }],
    ['another app id', { appId: 'wx0000000000other' }],
    ['another merchant id', { mchId: '1999999999' }],
  ])('refuses %s and changes nothing', async (_what, tamper) => {
    const order = await prepaidOrder();
    const forged = simulator.pay(order.orderNo, tamper);
    const reply = await deliver(ctx, forged);
    expect(reply.status).toBeGreaterThanOrEqual(400);
    expect(JSON.parse(reply.body).code).toBe('FAIL');
    const facts = await expectUnchanged(order);
    expect(facts.inbox).toEqual([]);
    expect(facts.exceptions).toEqual([]);

    // The refused notify did not use up the transaction: WeChat's honest one still credits it.
    expect(await deliver(ctx, simulator.notify(order.orderNo))).toEqual({ status: 200, body: SUCCESS_REPLY });
    expect((await paymentFacts(ctx.database.db, order)).order.payStatus).toBe('PAID');
  });

  it('leaves the order alone when the notify carries another amount, keeping the money for review', async () => {
    const order = await prepaidOrder();
    const reply = await deliver(ctx, simulator.pay(order.orderNo, { amountFen: order.totalFen + 1 }));
    // Signed by WeChat, so answered: retrying would not change the amount.
    expect(reply).toEqual({ status: 200, body: SUCCESS_REPLY });
    const facts = await expectUnchanged(order);
    expect(facts.inbox.map((i) => i.outcome)).toEqual(['mismatch']);
    expect(facts.exceptions).toMatchObject([
      { kind: 'amount_mismatch', amountFen: order.totalFen + 1, status: 'open' },
    ]);
  });

  it('answers an unknown channel or an unconfigured tenant with 404 and an unsigned notify with 400', async () => {
    const order = await prepaidOrder();
    const notify = simulator.pay(order.orderNo);
    const wrongChannel = await ctx.app.inject({
      method: 'POST',
      url: '/api/blade-finance/pay/notify/alipay/100002',
      payload: notify.rawBody,
      headers: notify.headers,
    });
    expect(wrongChannel.statusCode).toBe(404);
    const wrongTenant = await ctx.app.inject({
      method: 'POST',
      url: '/api/blade-finance/pay/notify/wechat/999999',
      payload: notify.rawBody,
      headers: notify.headers,
    });
    expect(wrongTenant.statusCode).toBe(404);
    const unsigned = await ctx.app.inject({
      method: 'POST',
      url: '/api/blade-finance/pay/notify/wechat/100001',
      payload: notify.rawBody,
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(400);
    await expectUnchanged(order);
  });
});

describe('the demo WeChat Pay simulator, served by the app', () => {
  it('lets a browser outside WeChat complete a payment, and speaks the v3 protocol at its mount', async () => {
    const order = await prepaidOrder();
    const paid = await ctx.app.inject({
      method: 'POST',
      url: `/api/dev/wechatpay/${UNI}/pay?outTradeNo=${order.orderNo}`,
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data).toEqual({ notifyStatus: 200, notifyReply: SUCCESS_REPLY });
    expect((await paymentFacts(ctx.database.db, order)).order.payStatus).toBe('PAID');

    // Unsigned requests are refused as WeChat refuses them.
    const unsigned = await ctx.app.inject({
      method: 'GET',
      url: `/api/dev/wechatpay/${UNI}/v3/pay/transactions/out-trade-no/${order.orderNo}?mchid=1900000109`,
    });
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json().code).toBe('SIGN_ERROR');
  });
});
