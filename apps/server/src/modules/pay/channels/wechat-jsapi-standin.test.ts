/**
 * Demo mode's stand-in for the WeChat app's side of JSAPI payment: the browser hands it the
 * getBrandWCPayRequest parameters the cashier got from prepay; it checks paySign and the prepay,
 * the payer pays, and WeChat's notify credits the order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '@server-test/helpers';
import { bladeAuth, tokenFor } from '@server-test/issue-token';
import { UNI, createPayOrder, enableChannels, paymentFacts } from '@server-test/pay-fixtures';

let ctx: TestContext;
let student1: string;

beforeAll(async () => {
  ctx = await createTestApp();
  await enableChannels(ctx.database.db, UNI);
  student1 = await tokenFor(ctx, UNI, 'student1');
});
afterAll(async () => ctx?.close());

async function jsapiOf(orderNo: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/blade-finance/pay/prepay',
    headers: bladeAuth(student1),
    payload: { orderNo, channel: 'wechat' },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.jsapi as Record<string, string>;
}

const bridge = (params: unknown, tenantId = UNI) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/dev/wechatpay/${tenantId}/jsapi`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(params),
  });

describe('the demo WeChat app (getBrandWCPayRequest)', () => {
  it('pays a prepay whose paySign verifies, once; WeChat’s notify credits the order', async () => {
    const order = await createPayOrder(ctx);
    const jsapi = await jsapiOf(order.orderNo);
    const paid = await bridge(jsapi);
    expect(paid.json()).toEqual({ err_msg: 'get_brand_wcpay_request:ok' });
    const facts = await paymentFacts(ctx.database.db, order);
    expect(facts.order.payStatus).toBe('PAID');
    expect(facts.charges).toHaveLength(1);
    // Paying the same prepay again is refused by the app itself.
    expect((await bridge(jsapi)).json()).toEqual({
      err_msg: 'get_brand_wcpay_request:fail',
      reason: 'trade is SUCCESS',
    });
  });

  it('refuses a changed or incomplete request and pays nothing', async () => {
    const order = await createPayOrder(ctx);
    const jsapi = await jsapiOf(order.orderNo);
    const refusals = await Promise.all([
      bridge({ ...jsapi, nonceStr: `${jsapi.nonceStr}x` }),
      bridge({ ...jsapi, package: 'prepay_id=wx-someone-else' }),
      bridge({ ...jsapi, paySign: undefined }),
    ]);
    expect(refusals.map((r) => r.json().reason)).toEqual([
      'paySign does not verify',
      'paySign does not verify',
      'missing parameters',
    ]);
    expect((await paymentFacts(ctx.database.db, order)).order.payStatus).toBe('PAYING');
    const broken = await ctx.app.inject({
      method: 'POST',
      url: `/api/dev/wechatpay/${UNI}/jsapi`,
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(broken.statusCode).toBe(400);
  });
});
