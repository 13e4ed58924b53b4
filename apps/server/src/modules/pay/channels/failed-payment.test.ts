/**
 * Issue 22, item 1: a failed or abandoned payment. From the payer's side an order is PAYING only while
 * an attempt is live at its channel: after the sandbox's "simulate failure", a cancel on its checkout,
 * a WeChat Pay JSAPI cancel or failure, or a trade the channel closed, the order is NOT_PAY again at
 * once with lastPayFailed, and every screen's source (status, cashier, order list tabs, detail, the
 * fee line, the dashboard, the export) says so. Paying again works, and money that still arrives on
 * the retired attempt is counted exactly once.
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payAttempts } from '@server/db/schema-finance';
import type { Sandbox } from '@server/gateways/sandbox-pay/sandbox-pay';
import type { WechatPaySimulator } from '@server/gateways/wechat-pay/simulator';
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

const SUCCESS_REPLY = JSON.stringify({ code: 'SUCCESS', message: '成功' });

let ctx: TestContext;
let student1: string;
let finance1: string;
let sandbox: Sandbox;
let simulator: WechatPaySimulator;

beforeAll(async () => {
  ctx = await createTestApp();
  await enableChannels(ctx.database.db, UNI);
  student1 = await tokenFor(ctx, UNI, 'student1');
  finance1 = await tokenFor(ctx, UNI, 'finance1');
  sandbox = ctx.app.gateways.pay.standins!.sandbox;
  simulator = (await ctx.app.gateways.pay.standins!.wechatSimulator(UNI))!;
});
afterAll(async () => ctx?.close());

const db = () => ctx.database.db;
const en = { 'accept-language': 'en' };
const get = (url: string, token = student1) =>
  ctx.app.inject({ method: 'GET', url, headers: { ...bladeAuth(token), ...en } });
const post = (url: string, payload: object, token = student1) =>
  ctx.app.inject({ method: 'POST', url, payload, headers: { ...bladeAuth(token), ...en } });

const attemptsOf = (order: PayOrder) =>
  db().select().from(payAttempts).where(eq(payAttempts.orderId, order.id)).orderBy(asc(payAttempts.id));

async function prepay(order: PayOrder, channel: 'sandbox' | 'wechat') {
  const res = await post('/api/blade-finance/pay/prepay', { orderNo: order.orderNo, channel });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { checkoutUrl?: string };
}

/** Presses a button on the sandbox checkout page, as the payer's browser would. */
async function checkout(checkoutUrl: string, action: 'pay' | 'fail' | 'cancel') {
  const page = await ctx.app.inject({ method: 'GET', url: checkoutUrl });
  const ticket = /name="ticket" value="([^"]+)"/.exec(page.body)![1]!;
  return ctx.app.inject({
    method: 'POST',
    url: '/api/blade-finance/pay/sandbox/checkout',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `ticket=${ticket}&action=${action}`,
  });
}

const status = async (order: PayOrder) =>
  (await get(`/api/blade-finance/pay/status?orderNo=${order.orderNo}`)).json().data;

/** The order's card in a tab of My orders, or undefined when the tab does not show it. */
async function inTab(order: PayOrder, tab: string) {
  const res = await get(`/api/blade-finance/order/list?tab=${tab}&current=1&size=100`);
  expect(res.statusCode).toBe(200);
  return (res.json().data.records as { orderNo: string }[]).find((r) => r.orderNo === order.orderNo);
}

async function dashboardCounts(): Promise<Record<'NOT_PAY' | 'PAYING', number>> {
  const res = await get('/api/blade-finance/admin/dashboard', finance1);
  expect(res.statusCode).toBe(200);
  const rows = res.json().data.ordersByState as { payStatus: string; count: number }[];
  const count = (payStatus: string) => rows.find((r) => r.payStatus === payStatus)!.count;
  return { NOT_PAY: count('NOT_PAY'), PAYING: count('PAYING') };
}

/** The order numbers an export of one pay status lists (by the filter, whatever the cells' words). */
async function exported(payStatus: string): Promise<string> {
  const res = await get(`/api/blade-finance/admin/order/export?payStatus=${payStatus}`, finance1);
  expect(res.statusCode).toBe(200);
  const ExcelJS = (await import('exceljs')).default;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const numbers: string[] = [];
  workbook.worksheets[0]!.eachRow((row) => numbers.push(String(row.getCell(1).value)));
  return numbers.join('\n');
}

describe('a payment that failed at the sandbox', () => {
  it('puts the order back to payable at once, and every view says so; paying again works', async () => {
    const order = await createPayOrder(ctx, { amounts: [30_000, 12_000] });
    const before = await dashboardCounts();
    const { checkoutUrl } = await prepay(order, 'sandbox');
    expect((await dashboardCounts()).PAYING - before.PAYING).toBe(1);
    expect(await inTab(order, 'processing')).toBeDefined();

    await checkout(checkoutUrl!, 'fail');
    // The result page's poll asks the sandbox: the try failed.
    expect(await status(order)).toMatchObject({
      payStatus: 'NOT_PAY',
      result: 'failed',
      lastPayFailed: true,
    });
    // Said on every later reply, without asking the channel again.
    expect(await status(order)).toMatchObject({
      payStatus: 'NOT_PAY',
      result: 'failed',
      lastPayFailed: true,
    });

    // The failed trade is closed at the sandbox: no money can come on it any more.
    expect((await ctx.app.inject({ method: 'GET', url: checkoutUrl! })).body).toContain(
      'This payment is closed or already paid',
    );
    expect((await attemptsOf(order)).map((a) => a.status)).toEqual(['CLOSED']);
    expect((await attemptsOf(order))[0]!.failedAt).not.toBeNull();

    // The order lists: in Unpaid, not in Processing; the card carries the mark.
    expect(await inTab(order, 'unpaid')).toMatchObject({ payStatus: 'NOT_PAY', lastPayFailed: true });
    expect(await inTab(order, 'processing')).toBeUndefined();
    // The detail, the cashier (at no channel: any may be chosen) and the fee line.
    const detail = (await get(`/api/blade-finance/order/detail/${order.id}`)).json().data;
    expect(detail).toMatchObject({ payStatus: 'NOT_PAY', lastPayFailed: true, channel: null });
    const cashier = (await get(`/api/blade-finance/pay/cashier?orderNo=${order.orderNo}`)).json().data;
    expect(cashier).toMatchObject({ payStatus: 'NOT_PAY', lastPayFailed: true, channel: null });
    const line = (await get(`/api/blade-finance/fee/receivable/${order.receivableIds[0]}`)).json().data;
    expect(line.openOrders).toEqual([
      {
        orderId: order.id,
        orderNo: order.orderNo,
        payStatus: 'NOT_PAY',
        lastPayFailed: true,
        amountFen: 30_000,
      },
    ]);
    // The console: counted as unpaid, exported as unpaid.
    const after = await dashboardCounts();
    expect(after.PAYING - before.PAYING).toBe(0);
    expect(after.NOT_PAY - before.NOT_PAY).toBe(0);
    expect(await exported('NOT_PAY')).toContain(order.orderNo);
    expect(await exported('PAYING')).not.toContain(order.orderNo);

    // Paying again: another channel is free to take it now; then the sandbox again, which pays.
    const retry = await prepay(order, 'sandbox');
    expect(retry.checkoutUrl).not.toBe(checkoutUrl);
    expect(await status(order)).toMatchObject({
      payStatus: 'PAYING',
      result: 'processing',
      lastPayFailed: false,
    });
    expect(await inTab(order, 'processing')).toMatchObject({ lastPayFailed: false });
    await checkout(retry.checkoutUrl!, 'pay');
    await sandbox.notifier.idle();
    expect(await status(order)).toMatchObject({ payStatus: 'PAID', result: 'paid', lastPayFailed: false });
    const facts = await paymentFacts(db(), order);
    expect(facts.charges.map((b) => b.amountFen)).toEqual([30_000, 12_000]);
    expect(facts.receivables.map((r) => r.receivedFen)).toEqual([30_000, 12_000]);
    expect((await attemptsOf(order)).map((a) => a.status)).toEqual(['CLOSED', 'PAID']);
  });

  it('lets the payer change channel after a failure', async () => {
    const order = await createPayOrder(ctx);
    await checkout((await prepay(order, 'sandbox')).checkoutUrl!, 'fail');
    expect((await status(order)).payStatus).toBe('NOT_PAY');
    await prepay(order, 'wechat');
    expect((await paymentFacts(db(), order)).order).toMatchObject({ payStatus: 'PAYING', channel: 'wechat' });
  });

  it('treats a cancel on the checkout page as an ended attempt too', async () => {
    const order = await createPayOrder(ctx);
    const { checkoutUrl } = await prepay(order, 'sandbox');
    await checkout(checkoutUrl!, 'cancel');
    expect(await status(order)).toMatchObject({ payStatus: 'NOT_PAY', lastPayFailed: true });
    expect(await inTab(order, 'unpaid')).toBeDefined();
  });
});

describe('a WeChat Pay JSAPI payment cancelled or failed in WeChat', () => {
  const abandon = (order: PayOrder) => post('/api/blade-finance/pay/abandon', { orderNo: order.orderNo });

  it('closes the attempt at WeChat on the payer’s cancel and makes the order payable again', async () => {
    const order = await createPayOrder(ctx);
    await prepay(order, 'wechat');
    const res = await abandon(order);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ payStatus: 'NOT_PAY', result: 'failed', lastPayFailed: true });
    expect(simulator.order(order.orderNo)!.state).toBe('CLOSED');
    expect(await inTab(order, 'unpaid')).toMatchObject({ lastPayFailed: true });

    // A second cancel, or one on an order that is not being paid, changes nothing.
    expect((await abandon(order)).json().data).toMatchObject({ payStatus: 'NOT_PAY' });
    // Paying again takes a new trade number (WeChat never reuses a closed one).
    await prepay(order, 'wechat');
    expect(simulator.order(`${order.orderNo}_2`)!.state).toBe('NOTPAY');
    const notify = simulator.pay(`${order.orderNo}_2`);
    expect(await deliver(ctx, notify)).toEqual({ status: 200, body: SUCCESS_REPLY });
    expect((await status(order)).result).toBe('paid');
  });

  it('leaves another payer’s attempt alone', async () => {
    const order = await createPayOrder(ctx);
    await prepay(order, 'wechat');
    const teacher = await tokenFor(ctx, UNI, 'teacher1');
    const link = (await post('/api/blade-finance/pay/link', { orderNo: order.orderNo })).json().data
      .payAuthToken as string;
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/blade-finance/pay/abandon?payAuthToken=${link}`,
      headers: { ...bladeAuth(teacher), ...en },
      payload: { orderNo: order.orderNo },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.payStatus).toBe('PAYING');
    expect(simulator.order(order.orderNo)!.state).toBe('NOTPAY');
  });

  it('credits a payment found at WeChat when the cancel arrives after all', async () => {
    const order = await createPayOrder(ctx);
    await prepay(order, 'wechat');
    simulator.pay(order.orderNo); // paid; the notify is still on its way
    expect((await abandon(order)).json().data).toMatchObject({ payStatus: 'PAID', result: 'paid' });
    expect((await paymentFacts(db(), order)).charges).toHaveLength(1);
  });

  it('follows a failure (PAYERROR) that the result page finds at WeChat', async () => {
    const order = await createPayOrder(ctx);
    await prepay(order, 'wechat');
    simulator.setState(order.orderNo, 'PAYERROR');
    expect(await status(order)).toMatchObject({
      payStatus: 'NOT_PAY',
      result: 'failed',
      lastPayFailed: true,
    });
    expect(simulator.order(order.orderNo)!.state).toBe('CLOSED');
  });
});

describe('a trade the channel closed, found by the reconcile job', () => {
  it('makes the PAYING order payable again', async () => {
    const order = await createPayOrder(ctx);
    await prepay(order, 'wechat');
    await wechatClose(order.orderNo);
    await backdate(db(), order.id, 'paying', 600);
    const run = await reconcilePayments(ctx.app, { olderThanSeconds: 300, leaseSeconds: 60 });
    expect(run.results.payable_again).toBeGreaterThanOrEqual(1);
    expect((await paymentFacts(db(), order)).order).toMatchObject({ payStatus: 'NOT_PAY', channel: null });
    expect(await inTab(order, 'unpaid')).toMatchObject({ lastPayFailed: true });
  });
});

async function wechatClose(outTradeNo: string) {
  const wechat = (await ctx.app.gateways.pay.forTenant(UNI, 'wechat'))!;
  await wechat.close(outTradeNo);
}

describe('money that still arrives on a failed attempt', () => {
  it('is credited once while the order is open again, and the newer attempt is closed', async () => {
    const order = await createPayOrder(ctx, { amounts: [8_000, 2_000] });
    await prepay(order, 'wechat');
    simulator.setState(order.orderNo, 'PAYERROR');
    expect((await status(order)).payStatus).toBe('NOT_PAY');
    await prepay(order, 'wechat'); // a new attempt, _2

    // WeChat took the money on the first trade after all (the inconsistent case).
    const late = simulator.pay(order.orderNo, { allowClosed: true });
    expect(await deliver(ctx, late)).toEqual({ status: 200, body: SUCCESS_REPLY });
    expect(await deliver(ctx, simulator.notify(order.orderNo))).toEqual({ status: 200, body: SUCCESS_REPLY });
    const facts = await paymentFacts(db(), order);
    expect(facts.order).toMatchObject({ payStatus: 'PAID', paymentNo: late.transactionId });
    expect(facts.order.payFailedAt).toBeNull();
    expect(facts.charges.map((b) => b.amountFen)).toEqual([8_000, 2_000]);
    expect(facts.receivables.map((r) => r.receivedFen)).toEqual([8_000, 2_000]);
    expect(facts.inbox.map((i) => i.outcome)).toEqual(['credited']);
    expect(facts.exceptions).toEqual([]);
    // The newer attempt can take no second payment.
    expect(simulator.order(`${order.orderNo}_2`)!.state).toBe('CLOSED');
  });

  it('is kept aside for refund when the order was paid on the new attempt meanwhile', async () => {
    const order = await createPayOrder(ctx, { amounts: [8_000, 2_000] });
    await prepay(order, 'wechat');
    simulator.setState(order.orderNo, 'PAYERROR');
    expect((await status(order)).payStatus).toBe('NOT_PAY');
    await prepay(order, 'wechat');
    const paid = simulator.pay(`${order.orderNo}_2`);
    expect(await deliver(ctx, paid)).toEqual({ status: 200, body: SUCCESS_REPLY });

    const late = simulator.pay(order.orderNo, { allowClosed: true });
    expect(await deliver(ctx, late)).toEqual({ status: 200, body: SUCCESS_REPLY });
    const facts = await paymentFacts(db(), order);
    expect(facts.order).toMatchObject({ payStatus: 'PAID', paymentNo: paid.transactionId });
    expect(facts.charges).toHaveLength(2); // one per item, once
    expect(facts.receivables.map((r) => r.receivedFen)).toEqual([8_000, 2_000]);
    expect(facts.exceptions).toMatchObject([
      { kind: 'duplicate_payment', transactionId: late.transactionId, amountFen: 10_000 },
    ]);
  });
});
