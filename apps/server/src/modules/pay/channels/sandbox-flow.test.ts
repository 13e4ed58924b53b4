import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '@server/gateways/sandbox-pay/sandbox-pay';
import { createTestApp, type TestContext } from '@server-test/helpers';
import { bladeAuth, tokenFor } from '@server-test/issue-token';
import { UNI, createPayOrder, enableChannels, paymentFacts } from '@server-test/pay-fixtures';

let ctx: TestContext;
let student1: string;
let sandbox: Sandbox;

beforeAll(async () => {
  ctx = await createTestApp();
  await enableChannels(ctx.database.db, UNI);
  student1 = await tokenFor(ctx, UNI, 'student1');
  sandbox = ctx.app.gateways.pay.standins!.sandbox;
});
afterAll(async () => ctx?.close());

const get = (url: string, headers: Record<string, string> = bladeAuth(student1)) =>
  ctx.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en', ...headers } });
const post = (url: string, payload: object, headers: Record<string, string> = bladeAuth(student1)) =>
  ctx.app.inject({ method: 'POST', url, payload, headers: { 'accept-language': 'en', ...headers } });

/** Presses a button on the sandbox checkout page, as the payer's browser would. */
async function checkout(checkoutUrl: string, action: 'pay' | 'fail' | 'cancel') {
  const page = await ctx.app.inject({ method: 'GET', url: checkoutUrl });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('沙箱收银台 / Sandbox checkout');
  const ticket = /name="ticket" value="([^"]+)"/.exec(page.body)![1]!;
  return ctx.app.inject({
    method: 'POST',
    url: '/api/blade-finance/pay/sandbox/checkout',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `ticket=${ticket}&action=${action}`,
  });
}

describe('paying with the sandbox channel', () => {
  it('shows the cashier, takes the payment on the checkout page and credits the order once, despite duplicate notifies', async () => {
    const order = await createPayOrder(ctx, { amounts: [30_000, 12_000] });
    sandbox.notifier.behaviour = {
      ...sandbox.notifier.behaviour,
      duplicateRate: 1,
      lateRate: 0,
      random: () => 0,
    };

    const cashier = await get(`/api/blade-finance/pay/cashier?orderNo=${order.orderNo}`);
    expect(cashier.statusCode).toBe(200);
    const view = cashier.json().data;
    expect(view).toMatchObject({ orderNo: order.orderNo, totalFen: 42_000, payStatus: 'NOT_PAY' });
    expect(view.items).toHaveLength(2);
    expect(view.secondsLeft).toBeGreaterThan(29 * 60);
    expect(view.channels.map((c: { channel: string }) => c.channel).sort()).toEqual([
      'alipay',
      'sandbox',
      'wechat',
    ]);

    const prepay = await post('/api/blade-finance/pay/prepay', {
      orderNo: order.orderNo,
      channel: 'sandbox',
      returnUrl: `/#/pay?orderNo=${order.orderNo}`,
    });
    expect(prepay.statusCode).toBe(200);
    const { checkoutUrl } = prepay.json().data;
    expect(checkoutUrl).toMatch(/^\/api\/blade-finance\/pay\/sandbox\/checkout\?ticket=/);
    expect((await paymentFacts(ctx.database.db, order)).order).toMatchObject({
      payStatus: 'PAYING',
      channel: 'sandbox',
      payerUserId: order.creatorId,
    });

    const done = await checkout(checkoutUrl, 'pay');
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe(`/#/pay?orderNo=${order.orderNo}`);
    await sandbox.notifier.idle();

    const facts = await paymentFacts(ctx.database.db, order);
    expect(facts.order.payStatus).toBe('PAID');
    expect(facts.order.paymentNo).toMatch(/^SBX/);
    expect(facts.charges.map((b) => b.amountFen)).toEqual([30_000, 12_000]);
    expect(facts.receivables.map((r) => r.receivedFen)).toEqual([30_000, 12_000]);
    expect(facts.inbox).toHaveLength(1);
    expect(facts.inbox[0]!.outcome).toBe('credited');

    const status = await get(`/api/blade-finance/pay/status?orderNo=${order.orderNo}`);
    expect(status.json().data).toMatchObject({
      payStatus: 'PAID',
      payStatusColor: 'success',
      result: 'paid',
    });
    // A paid order cannot be paid again.
    const again = await post('/api/blade-finance/pay/prepay', { orderNo: order.orderNo, channel: 'sandbox' });
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toBe('The order has already been paid');
  });

  it('reports a failed attempt as failed and lets the payer try again', async () => {
    const order = await createPayOrder(ctx);
    const prepay = await post('/api/blade-finance/pay/prepay', {
      orderNo: order.orderNo,
      channel: 'sandbox',
    });
    const { checkoutUrl } = prepay.json().data;
    const failed = await checkout(checkoutUrl, 'fail');
    expect(failed.statusCode).toBe(200);
    expect(failed.body).toContain('The payment failed');
    const status = await get(`/api/blade-finance/pay/status?orderNo=${order.orderNo}`);
    // Payable again at once: the failed trade is closed at the sandbox and the order is at no channel.
    expect(status.json().data).toMatchObject({ payStatus: 'NOT_PAY', result: 'failed', lastPayFailed: true });

    const retry = await post('/api/blade-finance/pay/prepay', { orderNo: order.orderNo, channel: 'sandbox' });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data.checkoutUrl).not.toBe(checkoutUrl);
    // Switching channel keeps one live attempt: the sandbox trade is closed there first (issue 27).
    const other = await post('/api/blade-finance/pay/prepay', { orderNo: order.orderNo, channel: 'wechat' });
    expect(other.statusCode).toBe(200);
    expect(other.json().data.jsapi).toBeDefined();
    const closed = await ctx.app.inject({ method: 'GET', url: retry.json().data.checkoutUrl });
    expect(closed.body).toContain('This payment is closed or already paid');
    expect((await paymentFacts(ctx.database.db, order)).order).toMatchObject({
      payStatus: 'PAYING',
      channel: 'wechat',
    });
  });

  it('keeps a failed try failed on every later status reply, until the payer tries again', async () => {
    const order = await createPayOrder(ctx, { amounts: [12_345] });
    const prepay = await post('/api/blade-finance/pay/prepay', {
      orderNo: order.orderNo,
      channel: 'sandbox',
    });
    const { checkoutUrl } = prepay.json().data;
    await checkout(checkoutUrl, 'fail');
    const statusUrl = `/api/blade-finance/pay/status?orderNo=${order.orderNo}`;
    // The first reply asks the channel; the next ones read what was stored.
    for (let i = 0; i < 3; i++) {
      const status = await get(statusUrl);
      expect(status.json().data).toMatchObject({ payStatus: 'NOT_PAY', result: 'failed' });
    }
    await post('/api/blade-finance/pay/prepay', { orderNo: order.orderNo, channel: 'sandbox' });
    expect((await get(statusUrl)).json().data.result).toBe('processing');
  });

  it('tells the result page what was paid, by whom, how and when', async () => {
    const order = await createPayOrder(ctx, { amounts: [30_000, 12_000] });
    const prepay = await post('/api/blade-finance/pay/prepay', {
      orderNo: order.orderNo,
      channel: 'sandbox',
    });
    await checkout(prepay.json().data.checkoutUrl, 'pay');
    await sandbox.notifier.idle();
    const status = (await get(`/api/blade-finance/pay/status?orderNo=${order.orderNo}`)).json().data;
    expect(status).toMatchObject({
      result: 'paid',
      totalFen: 42_000,
      payMethod: { channel: 'sandbox', nameEn: 'Sandbox payment (demo)' },
    });
    expect(status.items.map((i: { amountFen: number }) => i.amountFen)).toEqual([30_000, 12_000]);
    expect(status.payerName).not.toBe('');
    expect(status.paidAt).not.toBeNull();
    expect(status.createdAt).toMatch(/^\d{4}-/);

    // Back from the result page opens the checkout again: it says the order is paid, with no buttons.
    const again = await ctx.app.inject({ method: 'GET', url: prepay.json().data.checkoutUrl });
    expect(again.statusCode).toBe(200);
    expect(again.headers['cache-control']).toBe('no-store');
    expect(again.body).toContain('This order has been paid');
    expect(again.body).not.toContain('<button');
  });

  it("answers the page's script with the return address, so the checkout leaves by location.replace", async () => {
    const order = await createPayOrder(ctx);
    const returnUrl = `/#/pay?orderNo=${order.orderNo}&view=result`;
    const prepay = await post('/api/blade-finance/pay/prepay', {
      orderNo: order.orderNo,
      channel: 'sandbox',
      returnUrl,
    });
    const page = await ctx.app.inject({ method: 'GET', url: prepay.json().data.checkoutUrl });
    expect(page.body).toContain('data-leave="replace"');
    expect(page.body).toContain('<script src="checkout.js" defer></script>');
    const script = await ctx.app.inject({ method: 'GET', url: '/api/blade-finance/pay/sandbox/checkout.js' });
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect(script.body).toContain('location.replace(reply.next)');

    const ticket = /name="ticket" value="([^"]+)"/.exec(page.body)![1]!;
    const chosen = await ctx.app.inject({
      method: 'POST',
      url: '/api/blade-finance/pay/sandbox/checkout',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      payload: `ticket=${ticket}&action=pay`,
    });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toEqual({ next: returnUrl });
    // A second press (a double tap) is sent back to the same place, not left on an error page.
    const twice = await ctx.app.inject({
      method: 'POST',
      url: '/api/blade-finance/pay/sandbox/checkout',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      payload: `ticket=${ticket}&action=pay`,
    });
    expect(twice.json()).toEqual({ next: returnUrl });
  });

  it('keeps the order of another user out of reach', async () => {
    const order = await createPayOrder(ctx);
    const teacher = await tokenFor(ctx, UNI, 'teacher1');
    const res = await get(`/api/blade-finance/pay/cashier?orderNo=${order.orderNo}`, bladeAuth(teacher));
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe('You may not pay this order');
    const none = await get(`/api/blade-finance/pay/cashier?orderNo=${order.orderNo}`, {});
    expect(none.statusCode).toBe(401);
  });

  it('sends the payer back only to a path of this site', async () => {
    const order = await createPayOrder(ctx);
    for (const returnUrl of ['//evil.example/pay', '/\\evil.example', 'https://evil.example/']) {
      const res = await post('/api/blade-finance/pay/prepay', {
        orderNo: order.orderNo,
        channel: 'sandbox',
        returnUrl,
      });
      expect(res.statusCode).toBe(400);
    }
    expect((await paymentFacts(ctx.database.db, order)).order.payStatus).toBe('NOT_PAY');
  });
});
