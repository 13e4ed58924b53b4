/**
 * Alipay end to end against its protocol simulator (served by the app in demo mode): the prepay's
 * cashier address, the simulator's cashier and its notifies, the twins of every WeChat Pay notify
 * refusal, the status route asking alipay.trade.query, TRADE_CLOSED, a partial refund, and money
 * that arrives by Alipay on an order WeChat Pay already paid (kept apart, sent back through Alipay).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlipaySimulator } from '@server/gateways/alipay/simulator';
import type { WechatPaySimulator } from '@server/gateways/wechat-pay/simulator';
import { closeOrder } from '@server/modules/pay/channels/close';
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

const FORM = { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' };
const SUCCESS = { status: 200, body: 'success' };

let ctx: TestContext;
let student1: string;
let finance1: string;
let alipay: AlipaySimulator;
let wechat: WechatPaySimulator;

beforeAll(async () => {
  ctx = await createTestApp();
  await enableChannels(ctx.database.db, UNI, { wechat: {}, alipay: {} });
  student1 = await tokenFor(ctx, UNI, 'student1');
  finance1 = await tokenFor(ctx, UNI, 'finance1');
  alipay = (await ctx.app.gateways.pay.standins!.alipaySimulator(UNI))!;
  wechat = (await ctx.app.gateways.pay.standins!.wechatSimulator(UNI))!;
});
afterAll(async () => ctx?.close());

const post = (url: string, payload: object, token = student1) =>
  ctx.app.inject({ method: 'POST', url, headers: bladeAuth(token), payload });

async function prepayAlipay(order: PayOrder, mode: 'wap' | 'page' = 'wap'): Promise<string> {
  const res = await post('/api/blade-finance/pay/prepay', {
    orderNo: order.orderNo,
    channel: 'alipay',
    mode,
    returnUrl: `/#/pay?orderNo=${order.orderNo}&view=result`,
  });
  expect(res.statusCode).toBe(200);
  expect(res.json().data.channel).toBe('alipay');
  return res.json().data.checkoutUrl as string;
}

/** The payer's browser at the cashier address: the simulator verifies it and opens the trade. */
async function openCashier(checkoutUrl: string) {
  const res = await ctx.app.inject({ method: 'GET', url: checkoutUrl });
  expect(res.statusCode).toBe(200);
  expect(res.body).toContain('支付宝收银台（模拟）');
  return res;
}

/** An order whose Alipay trade the payer paid, with the notify still on its way. */
async function paidAtAlipay(amounts?: number[]): Promise<PayOrder> {
  const order = await createPayOrder(ctx, { amounts });
  await openCashier(await prepayAlipay(order));
  alipay.pay(order.orderNo, { notify: false });
  return order;
}

const deliverAlipay = (notify: { notifyUrl: string; rawBody: string }) =>
  deliver(ctx, { ...notify, headers: FORM });

async function expectUnchanged(order: PayOrder) {
  const facts = await paymentFacts(ctx.database.db, order);
  expect(facts.order.payStatus).toBe('PAYING');
  expect(facts.order.paymentNo).toBeNull();
  expect(facts.charges).toEqual([]);
  return facts;
}

describe('paying by Alipay', () => {
  it('answers a wap.pay address for a phone and a page.pay one for a desktop, both opening the cashier', async () => {
    const order = await createPayOrder(ctx);
    const phone = new URL(await prepayAlipay(order), 'http://app.test');
    expect(phone.pathname).toBe(`/api/dev/alipay/${UNI}/gateway.do`);
    expect(phone.searchParams.get('method')).toBe('alipay.trade.wap.pay');
    expect(phone.searchParams.get('notify_url')).toBe(
      `http://app.test/api/blade-finance/pay/notify/alipay/${UNI}`,
    );
    expect(phone.searchParams.get('return_url')).toBe(`/#/pay?orderNo=${order.orderNo}&view=result`);
    const desktop = await createPayOrder(ctx);
    const page = new URL(await prepayAlipay(desktop, 'page'), 'http://app.test');
    expect(page.searchParams.get('method')).toBe('alipay.trade.page.pay');
    await openCashier(page.pathname + page.search);
    // A changed amount breaks the signature: the simulator refuses it.
    const forged = new URL(phone);
    forged.searchParams.set(
      'biz_content',
      forged.searchParams.get('biz_content')!.replace(/"total_amount":"[^"]+"/, '"total_amount":"0.01"'),
    );
    expect((await ctx.app.inject({ method: 'GET', url: forged.pathname + forged.search })).statusCode).toBe(
      400,
    );
  });

  it("pays at the cashier, returns to return_url with Alipay's parameters and credits the notify once", async () => {
    const order = await createPayOrder(ctx, { amounts: [30_000, 5_000] });
    await openCashier(await prepayAlipay(order));
    const chosen = await ctx.app.inject({
      method: 'POST',
      url: `/api/dev/alipay/${UNI}/checkout`,
      headers: FORM,
      payload: new URLSearchParams({ ticket: order.orderNo, action: 'pay' }).toString(),
    });
    expect(chosen.statusCode).toBe(303);
    const back = chosen.headers.location as string;
    expect(back.startsWith('/?')).toBe(true);
    expect(back).toContain(`out_trade_no=${order.orderNo}`);
    expect(back.endsWith(`#/pay?orderNo=${order.orderNo}&view=result`)).toBe(true);
    await alipay.idle();
    const facts = await paymentFacts(ctx.database.db, order);
    expect(facts.order).toMatchObject({
      payStatus: 'PAID',
      channel: 'alipay',
      paymentNo: alipay.trades.get(order.orderNo)!.tradeNo,
    });
    expect(facts.charges.map((b) => b.amountFen)).toEqual([30_000, 5_000]);
    expect(facts.inbox.map((i) => i.outcome)).toEqual(['credited']);
  });

  it('credits 100 concurrent copies of one notify once and answers every one "success"', async () => {
    const order = await paidAtAlipay([8_000]);
    const notify = alipay.notifyOf(order.orderNo);
    const replies = await Promise.all(Array.from({ length: 100 }, () => deliverAlipay(notify)));
    expect(replies.every((r) => r.status === 200 && r.body === 'success')).toBe(true);
    // Alipay's later retry, signed again: still one credit.
    expect(await deliverAlipay(alipay.notifyOf(order.orderNo))).toEqual(SUCCESS);
    const facts = await paymentFacts(ctx.database.db, order);
    expect(facts.order.payStatus).toBe('PAID');
    expect(facts.charges).toHaveLength(1);
    expect(facts.inbox.map((i) => i.outcome)).toEqual(['credited']);
  });

  it.each([
    ['a forged signature', { forgeSignature: true }],
    ['a body changed after signing', { tamperBody: true }],
    ['a stale notify', { notifyTime: Date.now() - 60 * 60_000 }],
    ['another app id', { appId: '2021009999999999' }],
    ['another seller', { sellerId: '2088009999999999' }],
  ])('refuses %s with "fail" and changes nothing', async (_what, tamper) => {
    const order = await paidAtAlipay();
    const reply = await deliverAlipay(alipay.notifyOf(order.orderNo, tamper));
    expect(reply).toEqual({ status: 400, body: 'fail' });
    const facts = await expectUnchanged(order);
    expect(facts.inbox).toEqual([]);
    expect(facts.exceptions).toEqual([]);
    // The honest notify still credits it.
    expect(await deliverAlipay(alipay.notifyOf(order.orderNo))).toEqual(SUCCESS);
    expect((await paymentFacts(ctx.database.db, order)).order.payStatus).toBe('PAID');
  });

  it('leaves the order alone when the notify carries another amount, keeping the money for review', async () => {
    const order = await paidAtAlipay();
    expect(await deliverAlipay(alipay.notifyOf(order.orderNo, { amountFen: order.totalFen + 1 }))).toEqual(
      SUCCESS,
    );
    const facts = await expectUnchanged(order);
    expect(facts.inbox.map((i) => i.outcome)).toEqual(['mismatch']);
    expect(facts.exceptions).toMatchObject([
      { kind: 'amount_mismatch', channel: 'alipay', amountFen: order.totalFen + 1 },
    ]);
  });

  it('keeps money for a trade we never made as an unknown-order exception', async () => {
    const gateway = (await ctx.app.gateways.pay.forTenant(UNI, 'alipay'))!;
    const answer = await gateway.prepay({
      outTradeNo: 'NOTOURS000001',
      description: 'x',
      amountFen: 900,
      expireAt: new Date(Date.now() + 600_000),
    });
    await openCashier((answer as { checkoutUrl: string }).checkoutUrl);
    alipay.pay('NOTOURS000001', { notify: false });
    expect(await deliverAlipay(alipay.notifyOf('NOTOURS000001'))).toEqual(SUCCESS);
    expect(await deliverAlipay(alipay.notifyOf('NOTOURS000001'))).toEqual(SUCCESS);
    const res = await ctx.app.inject({
      url: '/api/blade-finance/admin/payment-exception/list?size=100',
      headers: bladeAuth(finance1),
    });
    expect(res.statusCode).toBe(200);
    const rows = res
      .json()
      .data.records.filter(
        (r: { channel: string; kind: string }) => r.channel === 'alipay' && r.kind === 'unknown_order',
      );
    expect(rows).toMatchObject([{ amountFen: 900 }]);
  });

  it('answers an unconfigured tenant 404 and an unsigned notify "fail"', async () => {
    const order = await paidAtAlipay();
    const notify = alipay.notifyOf(order.orderNo);
    const elsewhere = await deliverAlipay({
      ...notify,
      notifyUrl: notify.notifyUrl.replace(`/${UNI}`, '/999999'),
    });
    expect(elsewhere.status).toBe(404);
    const unsigned = await deliverAlipay({ ...notify, rawBody: notify.rawBody.replace(/&?sign=[^&]+/, '') });
    expect(unsigned).toEqual({ status: 400, body: 'fail' });
    await expectUnchanged(order);
  });

  it('learns a payment whose notify was lost from alipay.trade.query on the status route', async () => {
    const order = await paidAtAlipay();
    const res = await ctx.app.inject({
      url: `/api/blade-finance/pay/status?orderNo=${order.orderNo}`,
      headers: bladeAuth(student1),
    });
    expect(res.json().data).toMatchObject({ payStatus: 'PAID', result: 'paid' });
    expect((await paymentFacts(ctx.database.db, order)).inbox.map((i) => i.outcome)).toEqual(['credited']);
  });

  it('ends the attempt on TRADE_CLOSED; the order is payable again', async () => {
    const order = await createPayOrder(ctx);
    await openCashier(await prepayAlipay(order));
    const trade = alipay.trades.get(order.orderNo)!;
    trade.status = 'TRADE_CLOSED';
    expect(await deliverAlipay(alipay.notifyOf(order.orderNo))).toEqual(SUCCESS);
    const facts = await paymentFacts(ctx.database.db, order);
    expect(facts.order.payStatus).toBe('NOT_PAY');
    expect(facts.inbox).toEqual([]);
    // A repeat changes nothing; paying again opens a new trade.
    expect(await deliverAlipay(alipay.notifyOf(order.orderNo))).toEqual(SUCCESS);
    const again = new URL(await prepayAlipay(order), 'http://app.test');
    expect(JSON.parse(again.searchParams.get('biz_content')!).out_trade_no).toBe(`${order.orderNo}_2`);
  });

  it('closes the Alipay trade when the order expires (alipay.trade.close); an address never opened closes here', async () => {
    const opened = await createPayOrder(ctx);
    await openCashier(await prepayAlipay(opened));
    expect(await closeOrder(ctx.app, opened.id, 'expired')).toBe('closed');
    expect(alipay.trades.get(opened.orderNo)!.status).toBe('TRADE_CLOSED');
    expect((await paymentFacts(ctx.database.db, opened)).order.payStatus).toBe('CLOSED');

    // Never opened: Alipay has no trade to close. The address paid later anyway is money kept apart.
    const unopened = await createPayOrder(ctx);
    const address = await prepayAlipay(unopened);
    expect(await closeOrder(ctx.app, unopened.id, 'cancelled')).toBe('closed');
    expect(alipay.trades.has(unopened.orderNo)).toBe(false);
    await openCashier(address);
    alipay.pay(unopened.orderNo, { notify: false });
    expect(await deliverAlipay(alipay.notifyOf(unopened.orderNo))).toEqual(SUCCESS);
    const facts = await paymentFacts(ctx.database.db, unopened);
    expect(facts.order.payStatus).toBe('CLOSED');
    expect(facts.charges).toEqual([]);
    expect(facts.exceptions).toMatchObject([{ kind: 'paid_after_close', channel: 'alipay', status: 'open' }]);
  });

  it('refunds part of an Alipay payment through Alipay, with the refund number as out_request_no', async () => {
    const order = await paidAtAlipay([10_000]);
    expect(await deliverAlipay(alipay.notifyOf(order.orderNo))).toEqual(SUCCESS);
    const res = await post(
      `/api/blade-finance/admin/order/${order.id}/refund`,
      { amountFen: 2_500, reason: 'part', kind: 'refundOnly' },
      finance1,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('SUCCESS');
    const refunds = [...alipay.trades.get(order.orderNo)!.refunds.entries()];
    expect(refunds).toEqual([[res.json().data.outRefundNo, expect.objectContaining({ fen: 2_500 })]]);
    const facts = await paymentFacts(ctx.database.db, order);
    expect(facts.refunds.map((b) => b.amountFen)).toEqual([2_500]);
  });
});

describe('money on two channels for one order', () => {
  it('keeps an Alipay payment on an order WeChat Pay already paid apart, and sends it back through Alipay', async () => {
    const order = await createPayOrder(ctx, { amounts: [6_000] });
    // The payer gets Alipay's cashier address, leaves it, and pays by WeChat Pay instead.
    const alipayAddress = await prepayAlipay(order);
    expect((await post('/api/blade-finance/pay/abandon', { orderNo: order.orderNo })).statusCode).toBe(200);
    const wx = await post('/api/blade-finance/pay/prepay', { orderNo: order.orderNo, channel: 'wechat' });
    expect(wx.statusCode).toBe(200);
    const wxTrade = `${order.orderNo}_2`;
    expect((await deliver(ctx, wechat.pay(wxTrade))).status).toBe(200);
    // Then the old Alipay address is opened and paid too: the second payment.
    await openCashier(alipayAddress);
    alipay.pay(order.orderNo, { notify: false });
    expect(await deliverAlipay(alipay.notifyOf(order.orderNo))).toEqual(SUCCESS);

    const facts = await paymentFacts(ctx.database.db, order);
    expect(facts.order).toMatchObject({ payStatus: 'PAID', channel: 'wechat' });
    expect(facts.charges).toHaveLength(1);
    expect(facts.exceptions).toMatchObject([
      { kind: 'duplicate_payment', channel: 'alipay', amountFen: 6_000, status: 'open' },
    ]);

    const refund = await post(
      `/api/blade-finance/admin/payment-exception/refund/${facts.exceptions[0]!.id}`,
      {},
      finance1,
    );
    expect(refund.statusCode).toBe(200);
    expect(refund.json().data).toMatchObject({ status: 'refunded', refundStatus: 'SUCCESS' });
    expect([...alipay.trades.get(order.orderNo)!.refunds.values()]).toEqual([
      expect.objectContaining({ fen: 6_000 }),
    ]);
    // WeChat's payment stays: one credit, one refund, on their own channels.
    expect(wechat.order(wxTrade)).toMatchObject({ state: 'SUCCESS' });
  });
});
