/**
 * Issue 27: the cashier offers what works where the payer is (WeChat's browser: JSAPI; another phone
 * browser: H5; a desktop: Native), only modes the tenant switched on; switching mode or channel closes
 * the other attempt at its channel first, and H5 and Native are paid through the simulator's pages.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '@server-test/helpers';
import { bladeAuth, tokenFor } from '@server-test/issue-token';
import { UNI, createPayOrder, enableChannels, paymentFacts } from '@server-test/pay-fixtures';
import type { WechatPaySimulator } from '@server/gateways/wechat-pay/simulator';

const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.47';
const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36';
const DESKTOP_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36';

let ctx: TestContext;
let student1: string;
let simulator: WechatPaySimulator;

const ALL_ON = { wechat: { h5Enabled: true, nativeEnabled: true }, sandbox: {} };

beforeAll(async () => {
  ctx = await createTestApp();
  student1 = await tokenFor(ctx, UNI, 'student1');
  await enableChannels(ctx.database.db, UNI, ALL_ON);
  simulator = (await ctx.app.gateways.pay.standins!.wechatSimulator(UNI))!;
});
afterAll(async () => ctx?.close());
beforeEach(async () => enableChannels(ctx.database.db, UNI, ALL_ON));

const headers = (userAgent: string) => ({
  ...bladeAuth(student1),
  'user-agent': userAgent,
  'accept-language': 'en',
});

async function offers(orderNo: string, userAgent: string, place?: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/blade-finance/pay/cashier?orderNo=${orderNo}${place ? `&place=${place}` : ''}`,
    headers: headers(userAgent),
  });
  expect(res.statusCode).toBe(200);
  const data = res.json().data;
  return {
    place: data.place as string,
    mode: data.mode as string | null,
    offers: (data.offers as { channel: string; mode: string; here: boolean }[]).map(
      (o) => `${o.channel}:${o.mode}${o.here ? '' : ' (not here)'}`,
    ),
  };
}

const prepay = (payload: object, userAgent = PHONE_UA) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/blade-finance/pay/prepay',
    headers: headers(userAgent),
    payload,
  });

describe('offers per place', () => {
  it('offers JSAPI in WeChat, H5 in another phone browser and Native on a desktop', async () => {
    const { orderNo } = await createPayOrder(ctx);
    expect(await offers(orderNo, WECHAT_UA)).toMatchObject({
      place: 'wechat',
      offers: ['wechat:jsapi', 'sandbox:checkout', 'alipay:wap (not here)'],
    });
    expect(await offers(orderNo, PHONE_UA)).toMatchObject({
      place: 'phone',
      offers: ['wechat:h5', 'sandbox:checkout', 'alipay:wap'],
    });
    expect(await offers(orderNo, DESKTOP_UA)).toMatchObject({
      place: 'desktop',
      offers: ['wechat:native', 'sandbox:checkout', 'alipay:page'],
    });
  });

  it("takes the page's word for phone or desktop, but WeChat's browser only from its User-Agent", async () => {
    const { orderNo } = await createPayOrder(ctx);
    expect((await offers(orderNo, DESKTOP_UA, 'phone')).offers).toEqual([
      'wechat:h5',
      'sandbox:checkout',
      'alipay:wap',
    ]);
    expect((await offers(orderNo, PHONE_UA, 'desktop')).offers).toEqual([
      'wechat:native',
      'sandbox:checkout',
      'alipay:page',
    ]);
    expect((await offers(orderNo, DESKTOP_UA, 'wechat')).place).toBe('desktop');
    expect((await offers(orderNo, WECHAT_UA, 'desktop')).place).toBe('wechat');
  });

  it('offers only modes the tenant switched on; a channel with none here says so (not here)', async () => {
    await enableChannels(ctx.database.db, UNI, { wechat: { nativeEnabled: true }, sandbox: {} });
    const { orderNo } = await createPayOrder(ctx);
    expect((await offers(orderNo, PHONE_UA)).offers).toEqual([
      'wechat:jsapi (not here)',
      'sandbox:checkout',
      'alipay:wap',
    ]);
    expect((await offers(orderNo, DESKTOP_UA)).offers).toEqual([
      'wechat:native',
      'sandbox:checkout',
      'alipay:page',
    ]);
    const refused = await prepay({ orderNo, channel: 'wechat', mode: 'h5' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe('This way of paying is not switched on; choose another one');
  });
});

describe('paying by H5 and Native', () => {
  it("H5: sends the payer's address, answers the simulator's h5_url, whose page pays and goes back", async () => {
    const order = await createPayOrder(ctx);
    const res = await prepay({ orderNo: order.orderNo, channel: 'wechat', mode: 'h5' });
    expect(res.statusCode).toBe(200);
    const { h5Url } = res.json().data as { h5Url: string };
    const atWechat = simulator.order(order.orderNo)!;
    expect(atWechat.tradeType).toBe('MWEB');
    expect(JSON.parse(atWechat.prepayBody).scene_info).toEqual({
      payer_client_ip: '127.0.0.1',
      h5_info: { type: 'Wap' },
    });

    // The simulator's page, as a path: opened on whatever address the payer reached the app at.
    expect(h5Url).toMatch(new RegExp(`^/api/dev/wechatpay/${UNI}/h5\\?prepay_id=wx`));
    const url = new URL(h5Url, 'http://campus.example');
    const back = `http://${url.host}/#/pay?orderNo=${order.orderNo}&view=result`;
    const page = await ctx.app.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}&redirect_url=${encodeURIComponent(back)}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('data-testid="wechat-sim-pay"');
    const paid = await ctx.app.inject({
      method: 'POST',
      url: url.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded', host: url.host },
      payload: new URLSearchParams({
        prepay_id: url.searchParams.get('prepay_id')!,
        redirect_url: back,
        action: 'pay',
      }).toString(),
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(back);
    const facts = await paymentFacts(ctx.database.db, order);
    expect(facts.order.payStatus).toBe('PAID');
    expect(facts.charges).toHaveLength(1);
  });

  it('H5 page: a redirect_url on another host is not followed', async () => {
    const order = await createPayOrder(ctx);
    const { h5Url } = (await prepay({ orderNo: order.orderNo, channel: 'wechat', mode: 'h5' })).json().data;
    const url = new URL(h5Url, 'http://campus.example');
    const failed = await ctx.app.inject({
      method: 'POST',
      url: url.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded', host: url.host },
      payload: `prepay_id=${url.searchParams.get('prepay_id')}&redirect_url=${encodeURIComponent('https://evil.example/')}&action=fail`,
    });
    expect(failed.statusCode).toBe(200);
    expect(failed.body).toContain('The payment did not go through');
    // The result page asks: the failed try is closed at WeChat, the order payable again.
    const status = await ctx.app.inject({
      method: 'GET',
      url: `/api/blade-finance/pay/status?orderNo=${order.orderNo}`,
      headers: headers(PHONE_UA),
    });
    expect(status.json().data).toMatchObject({ payStatus: 'NOT_PAY', result: 'failed' });
    expect(simulator.order(order.orderNo)!.state).toBe('CLOSED');
  });

  it('switching from H5 to Native closes the H5 trade at WeChat first; the scanned code pays the order', async () => {
    const order = await createPayOrder(ctx);
    await prepay({ orderNo: order.orderNo, channel: 'wechat', mode: 'h5' });
    expect((await offers(order.orderNo, PHONE_UA)).mode).toBe('h5');

    const res = await prepay({ orderNo: order.orderNo, channel: 'wechat', mode: 'native' }, DESKTOP_UA);
    expect(res.statusCode).toBe(200);
    const { codeUrl } = res.json().data as { codeUrl: string };
    expect(simulator.order(order.orderNo)!.state).toBe('CLOSED');
    const second = simulator.order(`${order.orderNo}_2`)!;
    expect(second).toMatchObject({ tradeType: 'NATIVE', codeUrl, state: 'NOTPAY' });
    expect((await offers(order.orderNo, DESKTOP_UA)).mode).toBe('native');
    // Asking for Native again keeps the same attempt and code.
    const again = await prepay({ orderNo: order.orderNo, channel: 'wechat', mode: 'native' }, DESKTOP_UA);
    expect(again.json().data.codeUrl).toBe(codeUrl);

    const scan = `/api/dev/wechatpay/${UNI}/scan`;
    const page = await ctx.app.inject({
      method: 'GET',
      url: `${scan}?code_url=${encodeURIComponent(codeUrl)}`,
    });
    expect(page.body).toContain('data-testid="wechat-sim-amount"');
    const paid = await ctx.app.inject({
      method: 'POST',
      url: scan,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `code_url=${encodeURIComponent(codeUrl)}&action=pay`,
    });
    expect(paid.body).toContain('支付成功 / Paid');
    const facts = await paymentFacts(ctx.database.db, order);
    expect(facts.order.payStatus).toBe('PAID');
    expect(facts.charges).toHaveLength(1);
  });

  it('switching channel (sandbox to WeChat Native) closes the sandbox checkout first', async () => {
    const order = await createPayOrder(ctx);
    const sandbox = await prepay({ orderNo: order.orderNo, channel: 'sandbox' });
    const { checkoutUrl } = sandbox.json().data;
    const native = await prepay({ orderNo: order.orderNo, channel: 'wechat', mode: 'native' }, DESKTOP_UA);
    expect(native.statusCode).toBe(200);
    const checkout = await ctx.app.inject({ method: 'GET', url: checkoutUrl });
    expect(checkout.body).toContain('This payment is closed or already paid');
    expect((await paymentFacts(ctx.database.db, order)).order).toMatchObject({
      payStatus: 'PAYING',
      channel: 'wechat',
    });
  });
});
