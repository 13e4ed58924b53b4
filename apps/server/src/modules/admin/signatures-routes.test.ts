/**
 * The signature flag of fee items, set and cleared by the finance office (decision "Signature flag in
 * its own table"): audited, within the tenant, and read live by every order of the item.
 */
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '@server/db/schema';
import { createTestApp, type TestContext } from '@server-test/helpers';
import { api, demoTokens, feeItemId, UNI, type Tokens } from '@server-test/fee-fixtures';
import { bladeAuth } from '@server-test/issue-token';
import { adminCall } from '@server-test/notice-fixtures';

describe('the signature flag of fee items', () => {
  let ctx: TestContext;
  let t: Tokens;
  const db = () => ctx.database.db;
  const flag = (id: number, timing: string | null, tenantId = UNI) =>
    adminCall(ctx, 'PUT', `/api/blade-finance/admin/fee-item/${id}/signature`, { timing }, tenantId);

  beforeAll(async () => {
    ctx = await createTestApp();
    t = await demoTokens(ctx);
  });
  afterAll(() => ctx.close());

  it('lists the tenant’s fee items with their flags', async () => {
    const res = await adminCall(ctx, 'GET', '/api/blade-finance/admin/fee-item/signature/list');
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().data as { feeItemId: number; nameEn: string; timing: string | null }[];
    expect(items.find((i) => i.nameEn === 'Dormitory key deposit')?.timing).toBe('before_pay');
    expect(items.find((i) => i.nameEn === 'Textbooks')?.timing).toBeNull();
    const other = await adminCall(
      ctx,
      'GET',
      '/api/blade-finance/admin/fee-item/signature/list',
      undefined,
      '100002',
    );
    const ids = new Set(items.map((i) => i.feeItemId));
    expect(other.json().data.some((i: { feeItemId: number }) => ids.has(i.feeItemId))).toBe(false);
  });

  it('sets and clears the flag, audited, and orders read it at once', async () => {
    const textbooks = await feeItemId(db(), UNI, 'Textbooks');
    const set = await flag(textbooks, 'after_pay');
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toMatchObject({ feeItemId: textbooks, nameEn: 'Textbooks', timing: 'after_pay' });

    const order = await api(ctx, 'POST', 'order/create-other', t.student1, {
      body: { feeItemId: textbooks },
    });
    expect(order.statusCode, order.body).toBe(200);
    const orderId = order.json().data.orderId as number;
    const state = async () => (await api(ctx, 'GET', `signature/detail/${orderId}`, t.student1)).json().data;
    expect(await state()).toMatchObject({ required: true, timing: 'after_pay', blocksPayment: false });

    expect((await flag(textbooks, 'before_pay')).json().data.timing).toBe('before_pay');
    expect(await state()).toMatchObject({ required: true, timing: 'before_pay', blocksPayment: true });

    const cleared = await flag(textbooks, null);
    expect(cleared.json().data.timing).toBeNull();
    expect(await state()).toMatchObject({ required: false, timing: null });

    const rows = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, UNI), like(auditLog.action, '%/fee-item/:id/signature')));
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({ detail: { params: { id: textbooks }, status: 200 } });
  });

  it('refuses another tenant’s item, a bad timing and people without a finance role', async () => {
    const textbooks = await feeItemId(db(), UNI, 'Textbooks');
    const other = await flag(textbooks, 'after_pay', '100002');
    expect(other.statusCode).toBe(404);
    expect(other.json().msg).toBe('The fee item does not exist');
    const bad = await flag(textbooks, 'sometimes');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('A signature is asked for either before or after payment');
    const student = await ctx.app.inject({
      method: 'PUT',
      url: `/api/blade-finance/admin/fee-item/${textbooks}/signature`,
      headers: { ...bladeAuth(t.student1), 'accept-language': 'en' },
      payload: { timing: 'after_pay' },
    });
    expect(student.statusCode).toBe(403);
    const list = await adminCall(ctx, 'GET', '/api/blade-finance/admin/fee-item/signature/list');
    expect(list.json().data.find((i: { feeItemId: number }) => i.feeItemId === textbooks).timing).toBeNull();
  });
});
