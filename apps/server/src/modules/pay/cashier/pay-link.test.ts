/** Pay links: someone other than the creator (a parent) opens the cashier and pays; the payer is recorded. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '@server-test/helpers';
import { bladeAuth, tokenFor } from '@server-test/issue-token';
import { UNI, createPayOrder, enableChannels, paymentFacts, userIdOf } from '@server-test/pay-fixtures';
import type { Sandbox } from '@server/gateways/sandbox-pay/sandbox-pay';
import { signPayLink } from './pay-link';

let ctx: TestContext;
let student1: string;
let teacher1: string;

beforeAll(async () => {
  ctx = await createTestApp();
  await enableChannels(ctx.database.db, UNI);
  student1 = await tokenFor(ctx, UNI, 'student1');
  teacher1 = await tokenFor(ctx, UNI, 'teacher1');
});
afterAll(async () => ctx?.close());

const en = { 'accept-language': 'en' };

async function linkFor(orderNo: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/blade-finance/pay/link',
    headers: { ...bladeAuth(student1), ...en },
    payload: { orderNo },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as { payAuthToken: string; url: string; expireAt: string };
}

describe('pay links', () => {
  it('lets anyone holding the link see the cashier and pay, recording the signed-in payer', async () => {
    const order = await createPayOrder(ctx);
    const link = await linkFor(order.orderNo);
    expect(link.url).toContain(`/#/pay?payAuthToken=${link.payAuthToken}`);
    expect(link.url).toContain(`tenantId=${UNI}`);
    expect(Date.parse(link.expireAt)).toBeLessThanOrEqual(Date.now() + 1800_000);

    const anonymous = await ctx.app.inject({
      method: 'GET',
      url: `/api/blade-finance/pay/cashier?orderNo=${order.orderNo}`,
      headers: { 'pay-auth-token': link.payAuthToken },
    });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json().data.totalFen).toBe(order.totalFen);

    const prepay = await ctx.app.inject({
      method: 'POST',
      url: `/api/blade-finance/pay/prepay?payAuthToken=${link.payAuthToken}`,
      headers: bladeAuth(teacher1),
      payload: { orderNo: order.orderNo, channel: 'sandbox' },
    });
    expect(prepay.statusCode).toBe(200);
    const facts = await paymentFacts(ctx.database.db, order);
    expect(facts.order.payerUserId).toBe(await userIdOf(ctx.database.db, UNI, 'teacher1'));
    expect(facts.order.payerName).not.toBe('');
    expect(facts.order.userId).toBe(order.creatorId);

    const status = await ctx.app.inject({
      method: 'GET',
      url: `/api/blade-finance/pay/status?orderNo=${order.orderNo}&payAuthToken=${link.payAuthToken}`,
    });
    expect(status.json().data.payStatus).toBe('PAYING');
  });

  it('refuses a link that is forged, expired, for another order, or an access token', async () => {
    const order = await createPayOrder(ctx);
    const other = await createPayOrder(ctx);
    const link = await linkFor(order.orderNo);
    const expired = await signPayLink(
      ctx.config,
      { tenantId: UNI, orderId: order.id, orderNo: order.orderNo },
      new Date(Date.now() - 1000),
    );
    const cases: [string, string][] = [
      [order.orderNo, link.payAuthToken.slice(0, -2) + (link.payAuthToken.endsWith('A') ? 'BB' : 'AA')],
      [order.orderNo, expired],
      [other.orderNo, link.payAuthToken],
      [order.orderNo, student1],
    ];
    for (const [orderNo, token] of cases) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/blade-finance/pay/cashier?orderNo=${orderNo}`,
        headers: { 'pay-auth-token': token, ...en },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe(
        'The pay link is not valid or has expired; ask the person who created the order to share it again',
      );
    }
  });

  it('is made only by the creator, only for an order still open', async () => {
    const order = await createPayOrder(ctx);
    const byOther = await ctx.app.inject({
      method: 'POST',
      url: '/api/blade-finance/pay/link',
      headers: { ...bladeAuth(teacher1), ...en },
      payload: { orderNo: order.orderNo },
    });
    expect(byOther.statusCode).toBe(403);

    const expiredOrder = await createPayOrder(ctx, { expireInMs: -1000 });
    const late = await ctx.app.inject({
      method: 'POST',
      url: '/api/blade-finance/pay/link',
      headers: { ...bladeAuth(student1), ...en },
      payload: { orderNo: expiredOrder.orderNo },
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().msg).toBe('The order has expired; please create a new one');
  });
});

describe('pay links and the prepay body (issue 9)', () => {
  it('accepts the pay link as payAuthToken in the prepay body, as the OpenAPI document offers it', async () => {
    const order = await createPayOrder(ctx);
    const link = await linkFor(order.orderNo);
    const prepay = await ctx.app.inject({
      method: 'POST',
      url: '/api/blade-finance/pay/prepay',
      headers: { ...bladeAuth(teacher1), ...en },
      payload: { orderNo: order.orderNo, channel: 'sandbox', payAuthToken: link.payAuthToken },
    });
    expect(prepay.statusCode).toBe(200);
    expect(prepay.json().data.checkoutUrl).toMatch(/sandbox\/checkout\?ticket=/);
    const facts = await paymentFacts(ctx.database.db, order);
    expect(facts.order.payerUserId).toBe(await userIdOf(ctx.database.db, UNI, 'teacher1'));

    const forged = await ctx.app.inject({
      method: 'POST',
      url: '/api/blade-finance/pay/prepay',
      headers: { ...bladeAuth(teacher1), ...en },
      payload: { orderNo: order.orderNo, channel: 'sandbox', payAuthToken: `${link.payAuthToken}x` },
    });
    expect(forged.statusCode).toBe(403);
  });
});

describe('the sandbox checkout belongs to one payer (issue 9)', () => {
  const sandbox = () => ctx.app.gateways.pay.standins!.sandbox as Sandbox;
  const prepayAs = async (token: string, orderNo: string, payAuthToken?: string) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/blade-finance/pay/prepay',
      headers: { ...bladeAuth(token), ...en },
      payload: { orderNo, channel: 'sandbox', ...(payAuthToken ? { payAuthToken } : {}) },
    });
    expect(res.statusCode).toBe(200);
    return res.json().data.checkoutUrl as string;
  };
  const press = (checkoutUrl: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/blade-finance/pay/sandbox/checkout',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `ticket=${new URL(checkoutUrl, 'http://x').searchParams.get('ticket')}&action=pay`,
    });

  it('records teacher1 as the payer when teacher1 pays the student’s order through a pay link', async () => {
    const order = await createPayOrder(ctx);
    const link = await linkFor(order.orderNo);
    const teachers = await prepayAs(teacher1, order.orderNo, link.payAuthToken);
    // The student presses "pay" on their own phone meanwhile: their own checkout, not teacher1's.
    const students = await prepayAs(student1, order.orderNo);
    expect(students).not.toBe(teachers);
    // teacher1's checkout was closed when the student took over: it cannot pay in the student's name.
    expect((await press(teachers)).statusCode).toBe(409);
    // teacher1 presses "pay" again and pays on a checkout of their own.
    const again = await prepayAs(teacher1, order.orderNo, link.payAuthToken);
    expect(again).not.toBe(students);
    expect((await press(again)).statusCode).toBe(200);
    await sandbox().notifier.idle();

    const facts = await paymentFacts(ctx.database.db, order);
    expect(facts.order.payStatus).toBe('PAID');
    expect(facts.order.payerUserId).toBe(await userIdOf(ctx.database.db, UNI, 'teacher1'));
    expect(facts.order.userId).toBe(order.creatorId);
    // The student's checkout is closed too: one payment per order.
    expect((await press(students)).statusCode).toBe(409);
  });

  it('gives the same payer the same checkout again', async () => {
    const order = await createPayOrder(ctx);
    const link = await linkFor(order.orderNo);
    const first = await prepayAs(teacher1, order.orderNo, link.payAuthToken);
    expect(await prepayAs(teacher1, order.orderNo, link.payAuthToken)).toBe(first);
  });
});
