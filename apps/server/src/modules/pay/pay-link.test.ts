/** Pay links: someone other than the creator (a parent) opens the cashier and pays; the payer is recorded. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { bladeAuth, tokenFor } from '../../../test/issue-token';
import { UNI, createPayOrder, enableChannels, paymentFacts, userIdOf } from '../../../test/pay-fixtures';
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
