/**
 * The daily reconciliation of Alipay: the statement (a zip of GBK CSV files, fetched through
 * alipay.data.dataservice.bill.downloadurl.query from the simulator) is matched against our payments
 * and refunds of the day like WeChat's bill, with the same difference report.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlipaySimulator } from '@server/gateways/alipay/simulator';
import { beijingTime } from '@server/gateways/wechat-pay/wire';
import { createTestApp, type TestContext } from '@server-test/helpers';
import { bladeAuth, tokenFor } from '@server-test/issue-token';
import { UNI, createPayOrder, deliver, enableChannels, type PayOrder } from '@server-test/pay-fixtures';

const BASE = '/api/blade-finance/admin/reconciliation/runs';
const FORM = { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' };
const today = () => beijingTime(new Date()).slice(0, 10);

let ctx: TestContext;
let student1: string;
let finance1: string;
let alipay: AlipaySimulator;

beforeAll(async () => {
  ctx = await createTestApp();
  await enableChannels(ctx.database.db, UNI, { alipay: {} });
  student1 = await tokenFor(ctx, UNI, 'student1');
  finance1 = await tokenFor(ctx, UNI, 'finance1');
  alipay = (await ctx.app.gateways.pay.standins!.alipaySimulator(UNI))!;
});
afterAll(async () => ctx?.close());

/** An order the payer paid at Alipay's cashier; notified: the notify reached us. */
async function paidByAlipay(amountFen: number, notified = true): Promise<PayOrder> {
  const order = await createPayOrder(ctx, { amounts: [amountFen] });
  const prepay = await ctx.app.inject({
    method: 'POST',
    url: '/api/blade-finance/pay/prepay',
    headers: bladeAuth(student1),
    payload: { orderNo: order.orderNo, channel: 'alipay', mode: 'page' },
  });
  expect(prepay.statusCode).toBe(200);
  expect((await ctx.app.inject({ url: prepay.json().data.checkoutUrl })).statusCode).toBe(200);
  alipay.pay(order.orderNo, { notify: false });
  if (notified) {
    const reply = await deliver(ctx, { ...alipay.notifyOf(order.orderNo), headers: FORM });
    expect(reply).toEqual({ status: 200, body: 'success' });
  }
  return order;
}

const run = (billDate: string) =>
  ctx.app.inject({
    method: 'POST',
    url: BASE,
    headers: { ...bladeAuth(finance1), 'accept-language': 'en' },
    payload: { billDate, channel: 'alipay' },
  });

describe('reconciling a day of Alipay', () => {
  it('matches the payments and a partial refund of the day, then reports the one payment whose notify never came', async () => {
    await paidByAlipay(12_000);
    const b = await paidByAlipay(3_000);
    const refunded = await ctx.app.inject({
      method: 'POST',
      url: `/api/blade-finance/admin/order/${b.id}/refund`,
      headers: bladeAuth(finance1),
      payload: { amountFen: 1_000, reason: 'part', kind: 'refundOnly' },
    });
    expect(refunded.json().data.status).toBe('SUCCESS');

    const clean = await run(today());
    expect(clean.statusCode).toBe(200);
    expect(clean.json().data).toMatchObject({
      status: 'done',
      channel: 'alipay',
      differenceCount: 0,
      statement: { payments: { count: 2, fen: 15_000 }, refunds: { count: 1, fen: 1_000 } },
      ours: { payments: { count: 2, fen: 15_000 }, refunds: { count: 1, fen: 1_000 } },
    });

    // Alipay took this one, but its notify never reached us (nobody asked since).
    const lost = await paidByAlipay(500, false);
    const res = await run(today());
    expect(res.json().data).toMatchObject({ status: 'done', differenceCount: 1 });
    const lines = (
      await ctx.app.inject({ url: `${BASE}/${res.json().data.id}`, headers: bladeAuth(finance1) })
    ).json().data.lines;
    expect(lines).toMatchObject([
      // Our order is still PAYING while Alipay lists it paid.
      { difference: 'state', outNo: lost.orderNo, statementFen: 500, ourFen: 500 },
    ]);
  });
});
