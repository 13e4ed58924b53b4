import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentExceptions } from '@server/db/schema-finance';
import { createTestApp, type TestContext } from '@server-test/helpers';
import { bladeAuth, tokenFor } from '@server-test/issue-token';

describe('payment exceptions for the finance office', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
    await ctx.database.db.insert(paymentExceptions).values([
      {
        tenantId: '100001',
        channel: 'sandbox',
        transactionId: 'T-UNI-1',
        amountFen: 1200,
        kind: 'paid_after_close',
      },
      {
        tenantId: '100001',
        channel: 'wechat',
        transactionId: 'T-UNI-2',
        amountFen: 500,
        kind: 'amount_mismatch',
        status: 'refunded',
      },
      {
        tenantId: '100002',
        channel: 'sandbox',
        transactionId: 'T-COL-1',
        amountFen: 900,
        kind: 'paid_after_close',
      },
    ]);
  });
  afterAll(() => ctx.close());

  const list = (token: string, query = '') =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/blade-finance/admin/payment-exception/list${query}`,
      headers: { ...bladeAuth(token), 'accept-language': 'en' },
    });

  it('lists the open ones of the finance office’s own tenant, paged', async () => {
    const res = await list(await tokenFor(ctx, '100001', 'finance1'));
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ total: 1, current: 1, size: 10, pages: 1 });
    expect(data.records).toEqual([
      expect.objectContaining({
        transactionId: 'T-UNI-1',
        amountFen: 1200,
        kind: 'paid_after_close',
        status: 'open',
      }),
    ]);
  });

  it('filters by status', async () => {
    const res = await list(await tokenFor(ctx, '100001', 'finance1'), '?status=refunded');
    expect(res.json().data.records.map((r: { transactionId: string }) => r.transactionId)).toEqual([
      'T-UNI-2',
    ]);
  });

  it('refuses anyone without the finance role', async () => {
    const res = await list(await tokenFor(ctx, '100001', 'student1'));
    expect(res.statusCode).toBe(403);
    expect(res.json().success).toBe(false);
  });
});
