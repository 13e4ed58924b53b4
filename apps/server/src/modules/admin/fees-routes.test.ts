/**
 * The finance office's fees: the catalogue (list, create, edit with each kind's rules), a person's
 * receivables, and waiving, reducing and deferring (manager only; never below what is paid or on its
 * way; a reason; an audit row), all within the tenant.
 */
import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, students } from '@server/db/schema';
import { feeItems, receivables } from '@server/db/schema-finance';
import { createTestApp, type TestContext } from '@server-test/helpers';
import { tokenFor } from '@server-test/issue-token';
import { consoleCall, managerToken } from '@server-test/console-fixtures';
import { pay } from '@server-test/fee-fixtures';
import { createPayOrder } from '@server-test/pay-fixtures';

let ctx: TestContext;
let call: ReturnType<typeof consoleCall>;
let finance1: string;
let manager: string;
let student1: string;
const db = () => ctx.database.db;

async function student(tenantId: string, no: string) {
  const [row] = await db()
    .select()
    .from(students)
    .where(and(eq(students.tenantId, tenantId), eq(students.studentNo, no)));
  return row!;
}

async function freshReceivable(payableFen: number, tenantId = '100001', no = 'S2024002') {
  const s = await student(tenantId, no);
  const [row] = await db()
    .insert(receivables)
    .values({
      tenantId,
      category: 'FEE',
      personType: 'student',
      personId: s.id,
      schoolYear: '2031-2032',
      itemCode: `ADJ-${payableFen}-${Math.random()}`,
      itemName: '住宿费',
      itemNameEn: 'Housing',
      allowPartial: true,
      payableFen,
    })
    .returning();
  return row!;
}

beforeAll(async () => {
  ctx = await createTestApp();
  call = consoleCall(ctx);
  finance1 = await tokenFor(ctx, '100001', 'finance1');
  manager = await managerToken(ctx, '100001');
  student1 = await tokenFor(ctx, '100001', 'student1');
});
afterAll(() => ctx?.close());

const ITEM = {
  kind: 'manual',
  name: '校服',
  nameEn: 'School uniform',
  priceFen: 15_000,
  maxQuantity: 3,
  formFields: [{ key: 'size', label: '尺码', labelEn: 'Size', required: true, type: 'text' }],
  userTypes: ['student'],
};

describe('the catalogue (admin/fee-item)', () => {
  it('creates, lists and edits an item, withdrawn items included', async () => {
    const created = await call(finance1, 'POST', '/api/blade-finance/admin/fee-item', ITEM);
    expect(created.statusCode, created.body).toBe(200);
    const item = created.json().data;
    expect(item).toMatchObject({
      kind: 'manual',
      priceFen: 15_000,
      maxQuantity: 3,
      userTypes: 'student',
      status: 1,
    });
    expect(item.formFields).toEqual([ITEM.formFields[0]]);

    const edited = await call(finance1, 'POST', `/api/blade-finance/admin/fee-item/${item.id}/update`, {
      ...ITEM,
      priceFen: 16_000,
      status: 0,
    });
    expect(edited.json().data).toMatchObject({ priceFen: 16_000, status: 0 });
    const list = await call(
      finance1,
      'GET',
      '/api/blade-finance/admin/fee-item/list?kind=manual&status=0&size=50',
    );
    expect(list.json().data.records.map((r: { id: number }) => r.id)).toContain(item.id);
    const onSale = await call(finance1, 'GET', '/api/blade-finance/admin/fee-item/list?status=1&size=50');
    expect(onSale.json().data.records.map((r: { id: number }) => r.id)).not.toContain(item.id);
  });

  it('holds a top-up to min <= max, and manual items to a price, with translated messages', async () => {
    const topup = await call(finance1, 'POST', '/api/blade-finance/admin/fee-item', {
      kind: 'topup',
      name: '饭卡充值',
      minFen: 5_000,
      maxFen: 1_000,
    });
    expect(topup.statusCode).toBe(400);
    expect(topup.json().msg).toBe('The top-up minimum must be above 0 and not above the maximum');
    const ok = await call(finance1, 'POST', '/api/blade-finance/admin/fee-item', {
      kind: 'topup',
      name: '饭卡充值',
      minFen: 1_000,
      maxFen: 50_000,
      priceFen: 999,
    });
    expect(ok.json().data).toMatchObject({ minFen: 1_000, maxFen: 50_000, priceFen: 0, maxQuantity: 1 });
    const free = await call(
      finance1,
      'POST',
      '/api/blade-finance/admin/fee-item',
      { ...ITEM, priceFen: 0 },
      'zh',
    );
    expect(free.statusCode).toBe(400);
    expect(free.json().msg).toBe('手动和迎新项目须填写大于 0 的单价');
    const twice = await call(finance1, 'POST', '/api/blade-finance/admin/fee-item', {
      ...ITEM,
      formFields: [ITEM.formFields[0], ITEM.formFields[0]],
    });
    expect(twice.json().msg).toBe('Form field keys must be filled in and different from each other');
    const bad = await call(finance1, 'POST', '/api/blade-finance/admin/fee-item', { ...ITEM, kind: 'robot' });
    expect(bad.statusCode).toBe(400);
  });

  it('walls: another tenant’s item is a 404 to edit and absent from the list', async () => {
    const [other] = await db()
      .insert(feeItems)
      .values({ tenantId: '100002', kind: 'manual', name: '别校项目', priceFen: 100 })
      .returning();
    const res = await call(finance1, 'POST', `/api/blade-finance/admin/fee-item/${other!.id}/update`, ITEM);
    expect(res.statusCode).toBe(404);
    const [row] = await db().select().from(feeItems).where(eq(feeItems.id, other!.id));
    expect(row!.name).toBe('别校项目');
    const list = await call(finance1, 'GET', '/api/blade-finance/admin/fee-item/list?size=100');
    expect(list.body).not.toContain('别校项目');
  });
});

describe('receivables and their adjustments', () => {
  it('lists a person’s receivables with what can still be adjusted', async () => {
    const r = await freshReceivable(80_000);
    const s = await student('100001', 'S2024002');
    const res = await call(
      finance1,
      'GET',
      `/api/blade-finance/admin/person/${s.id}/receivables?personType=student`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: r.id,
          adjustableFen: 80_000,
          deferrableFen: 80_000,
          itemName: '住宿费',
        }),
      ]),
    );
    const other = await student('100002', 'C2024002');
    const wall = await call(finance1, 'GET', `/api/blade-finance/admin/person/${other.id}/receivables`);
    expect(wall.statusCode).toBe(404);
  });

  it('a clerk may not waive, reduce or defer (403, translated)', async () => {
    const r = await freshReceivable(10_000);
    for (const [kind, body] of [
      ['waive', { reason: 'x' }],
      ['reduce', { amountFen: 100, reason: 'x' }],
      ['defer', { amountFen: 100, reason: 'x' }],
    ] as const) {
      const res = await call(finance1, 'POST', `/api/blade-finance/admin/receivable/${r.id}/${kind}`, body);
      expect(res.statusCode, kind).toBe(403);
      expect(res.json().msg).toBe('Only a finance manager may do this');
    }
    expect((await db().select().from(receivables).where(eq(receivables.id, r.id)))[0]).toMatchObject({
      reductionFen: 0,
      deferredFen: 0,
    });
  });

  it('reduces, defers and waives, never below what is paid or on its way, each audited with its reason', async () => {
    // An order over a fresh receivable of student1 of 100_000, paid in full.
    const order = await createPayOrder(ctx, { amounts: [100_000] });
    const id = order.receivableIds[0]!;
    await db().update(receivables).set({ payableFen: 100_000 }).where(eq(receivables.id, id));
    await pay(db(), order.id);
    // received 100_000 of 100_000: nothing left.
    const none = await call(manager, 'POST', `/api/blade-finance/admin/receivable/${id}/waive`, {
      reason: '困难补助',
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().msg).toBe('Nothing of this receivable is left to waive, reduce or defer');

    const r = await freshReceivable(50_000);
    const url = (kind: string) => `/api/blade-finance/admin/receivable/${r.id}/${kind}`;
    const reduce = await call(manager, 'POST', url('reduce'), { amountFen: 10_000, reason: '奖学金抵扣' });
    expect(reduce.statusCode, reduce.body).toBe(200);
    expect(reduce.json().data).toMatchObject({
      adjustableFen: 40_000,
      summary: { reduction: 10_000, receivable: 40_000 },
    });

    const tooMuch = await call(manager, 'POST', url('reduce'), { amountFen: 40_001, reason: 'x' }, 'zh');
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().msg).toBe('金额不能超过尚可调整的 400.00 元');

    const defer = await call(manager, 'POST', url('defer'), {
      amountFen: 15_000,
      reason: '助学贷款',
      dueDate: '2031-12-31',
    });
    expect(defer.json().data).toMatchObject({
      summary: { deferred: 15_000, pending: 25_000 },
      deferrableFen: 25_000,
    });
    expect(defer.json().data.dueDate).toBe('2031-12-30T16:00:00.000Z');

    const noReason = await call(manager, 'POST', url('waive'), { reason: '   ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().msg).toBe('Please give the reason (1 to 200 characters)');

    const waive = await call(manager, 'POST', url('waive'), { reason: '特困减免' });
    expect(waive.json().data).toMatchObject({
      adjustableFen: 0,
      summary: { reduction: 50_000, receivable: 0 },
    });

    const rows = await db()
      .select()
      .from(auditLog)
      .where(like(auditLog.action, 'receivable.%'))
      .orderBy(desc(auditLog.id));
    expect(rows.slice(0, 3).map((a) => [a.action, a.detail.amountFen, a.detail.reason])).toEqual([
      ['receivable.waive', 40_000, '特困减免'],
      ['receivable.defer', 15_000, '助学贷款'],
      ['receivable.reduce', 10_000, '奖学金抵扣'],
    ]);
  });

  it('leaves payments on their way what is due now: no reduction of the deferred part until they finish', async () => {
    // 500 owed, 200 of it deferred, 200 in student1's open order: 100 can be paid now.
    const order = await createPayOrder(ctx, { amounts: [20_000] });
    const id = order.receivableIds[0]!;
    await db()
      .update(receivables)
      .set({ payableFen: 50_000, deferredFen: 20_000 })
      .where(eq(receivables.id, id));
    const url = (kind: string) => `/api/blade-finance/admin/receivable/${id}/${kind}`;
    // The old rule (owed less what is on its way) allowed 300: the order would then hold 200 of the 50 due now,
    // and the payer's screen would show it as neither in orders nor payable.
    const tooMuch = await call(manager, 'POST', url('reduce'), { amountFen: 25_000, reason: '奖学金' }, 'zh');
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().msg).toBe('金额不能超过尚可调整的 100.00 元');
    const reduce = await call(manager, 'POST', url('reduce'), { amountFen: 10_000, reason: '奖学金' });
    expect(reduce.statusCode, reduce.body).toBe(200);
    expect(reduce.json().data).toMatchObject({
      adjustableFen: 0,
      openOrderFen: 20_000,
      summary: { reduction: 10_000, receivable: 40_000, pending: 20_000 },
    });
    const waitFor = await call(manager, 'POST', url('waive'), { reason: '减免' }, 'zh');
    expect(waitFor.statusCode).toBe(400);
    expect(waitFor.json().msg).toBe('该应收有未完成的订单或待审核的缴费，其余为缓缴部分：请待其完成后再减免');
    const fees = async () =>
      (await call(student1, 'GET', '/api/blade-finance/fee/student')).json().data.payNow as Record<
        string,
        number
      >;
    expect(await fees()).toMatchObject({ inOrdersFen: 20_000 });

    // The order is cancelled: all it held can be paid again, and the rest, deferred part included, be waived.
    expect((await call(student1, 'POST', `/api/blade-finance/order/cancel/${order.id}`)).statusCode).toBe(
      200,
    );
    const waive = await call(manager, 'POST', url('waive'), { reason: '特困减免' });
    expect(waive.statusCode, waive.body).toBe(200);
    expect(waive.json().data).toMatchObject({
      summary: { reduction: 50_000, receivable: 0, deferred: 20_000 },
    });
    const [row] = await db().select().from(receivables).where(eq(receivables.id, id));
    expect(row).toMatchObject({ reductionFen: 50_000, deferredFen: 20_000 });
  });

  it('leaves what an open order holds: a waiver takes only the rest', async () => {
    const order = await createPayOrder(ctx, { amounts: [20_000] });
    const id = order.receivableIds[0]!;
    await db().update(receivables).set({ payableFen: 50_000 }).where(eq(receivables.id, id));
    const res = await call(manager, 'POST', `/api/blade-finance/admin/receivable/${id}/waive`, {
      reason: '减免',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      openOrderFen: 20_000,
      summary: { reduction: 30_000, receivable: 20_000 },
    });
  });

  it('answers 404 for another tenant’s receivable, even to a manager', async () => {
    const r = await freshReceivable(5_000, '100002', 'C2024002');
    const res = await call(manager, 'POST', `/api/blade-finance/admin/receivable/${r.id}/waive`, {
      reason: 'x',
    });
    expect(res.statusCode).toBe(404);
    expect((await db().select().from(receivables).where(eq(receivables.id, r.id)))[0]!.reductionFen).toBe(0);
  });
});
