/**
 * The finance office's orders: search by person, order no, payment no, state, channel and days; one
 * order with items, bills and refunds (a partial refund through refunds-routes.ts shows in it and on
 * the phone's detail); the XLSX export of a search, read back with exceljs; tenant walls.
 */
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '@server/db/schema-finance';
import { createTestApp, type TestContext } from '@server-test/helpers';
import { bladeAuth, tokenFor } from '@server-test/issue-token';
import { consoleCall } from '@server-test/console-fixtures';
import { pay } from '@server-test/fee-fixtures';
import { createPayOrder, deliver, enableChannels, type PayOrder } from '@server-test/pay-fixtures';

let ctx: TestContext;
let call: ReturnType<typeof consoleCall>;
let finance1: string;
let paid: PayOrder;
let open: PayOrder;
let college: PayOrder;
let paymentNo: string;
const db = () => ctx.database.db;
const LIST = '/api/blade-finance/admin/order/list';
const TOTALS = '/api/blade-finance/admin/order/totals';

const list = async (query: string) => {
  const res = await call(finance1, 'GET', `${LIST}?${query}`);
  expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
  return res.json().data as { total: number; records: { orderNo: string }[] };
};
const nos = (data: { records: { orderNo: string }[] }) => data.records.map((r) => r.orderNo);

beforeAll(async () => {
  ctx = await createTestApp();
  call = consoleCall(ctx);
  finance1 = await tokenFor(ctx, '100001', 'finance1');
  await enableChannels(db(), '100001');
  const simulator = (await ctx.app.gateways.pay.standins!.wechatSimulator('100001'))!;
  paid = await createPayOrder(ctx, { amounts: [12_345, 655] });
  const prepay = await ctx.app.inject({
    method: 'POST',
    url: '/api/blade-finance/pay/prepay',
    headers: bladeAuth(await tokenFor(ctx, '100001', 'student1')),
    payload: { orderNo: paid.orderNo, channel: 'wechat' },
  });
  expect(prepay.statusCode, prepay.body).toBe(200);
  expect((await deliver(ctx, simulator.pay(paid.orderNo))).status).toBe(200);
  paymentNo = (await db().select().from(orders).where(eq(orders.id, paid.id)))[0]!.paymentNo!;
  open = await createPayOrder(ctx, { amounts: [777] });
  college = await createPayOrder(ctx, { amounts: [999], tenantId: '100002', account: 'student2' });
  await pay(db(), college.id);
});
afterAll(() => ctx?.close());

describe('GET /admin/order/list', () => {
  it('finds orders by person, order no, payment no, state, channel and days', async () => {
    const all = await list('size=100');
    expect(nos(all)).toEqual(expect.arrayContaining([paid.orderNo, open.orderNo]));
    expect(nos(await list('person=S2024001&size=100'))).toEqual(
      expect.arrayContaining([paid.orderNo, open.orderNo]),
    );
    expect(nos(await list(`person=${encodeURIComponent('张')}&size=100`))).toContain(paid.orderNo);
    expect(nos(await list('person=110101200401071234&size=100'))).toContain(paid.orderNo);
    expect(nos(await list(`orderNo=${paid.orderNo}`))).toEqual([paid.orderNo]);
    expect(nos(await list(`paymentNo=${paymentNo}`))).toEqual([paid.orderNo]);
    const byState = await list('payStatus=NOT_PAY&size=100');
    expect(nos(byState)).toContain(open.orderNo);
    expect(nos(byState)).not.toContain(paid.orderNo);
    expect(nos(await list('channel=wechat&size=100'))).toContain(paid.orderNo);
    expect(nos(await list('channel=sandbox&size=100'))).not.toContain(paid.orderNo);
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    expect(nos(await list(`from=${today}&to=${today}&size=100`))).toContain(paid.orderNo);
    expect((await list('from=2000-01-01&to=2000-01-02')).total).toBe(0);
    const record = (await list(`orderNo=${paid.orderNo}`)).records[0];
    expect(record).toMatchObject({
      personName: '张三',
      personNo: 'S2024001',
      totalFen: 13_000,
      payStatus: 'PAID',
      channel: 'wechat',
      paymentNo,
      itemsSummary: 'Test fee 1, Test fee 2',
    });
  });

  it('never shows another tenant’s orders', async () => {
    expect(nos(await list('size=100'))).not.toContain(college.orderNo);
    expect((await list(`orderNo=${college.orderNo}`)).total).toBe(0);
    const finance2 = await tokenFor(ctx, '100002', 'finance2');
    const theirs = (await call(finance2, 'GET', `${LIST}?size=100`)).json().data;
    expect(nos(theirs)).toContain(college.orderNo);
    expect(nos(theirs)).not.toContain(paid.orderNo);
    expect((await call(finance2, 'GET', `/api/blade-finance/admin/order/${paid.id}`)).statusCode).toBe(404);
  });

  it('answers bad input with a translated 400', async () => {
    for (const q of ['payStatus=LOST', 'from=2024-02-30', 'size=0', 'from=2024-03-02&to=2024-03-01']) {
      const res = await call(finance1, 'GET', `${LIST}?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().success).toBe(false);
    }
    const range = await call(finance1, 'GET', `${LIST}?from=2024-03-02&to=2024-03-01`);
    expect(range.json().msg).toBe('The start date cannot be later than the end date');
  });
});

describe('GET /admin/order/totals', () => {
  it('adds up every order the list finds with the same filters: count, paid, refunded', async () => {
    for (const query of [
      '',
      'person=S2024001',
      'payStatus=NOT_PAY',
      'channel=wechat',
      'from=2000-01-01&to=2000-01-02',
    ]) {
      const res = await call(finance1, 'GET', `${TOTALS}?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      const found = await list(`${query}&size=100`);
      expect(found.records.length, 'one page holds the whole search').toBe(found.total);
      const records = found.records as unknown as {
        totalFen: number;
        refundedFen: number;
        paidAt: string | null;
      }[];
      expect(res.json().data, query).toEqual({
        count: found.total,
        paidFen: records.filter((r) => r.paidAt).reduce((sum, r) => sum + r.totalFen, 0),
        refundedFen: records.reduce((sum, r) => sum + r.refundedFen, 0),
      });
    }
    const mine = (await call(finance1, 'GET', `${TOTALS}?orderNo=${paid.orderNo}`)).json().data;
    expect(mine).toEqual({ count: 1, paidFen: 13_000, refundedFen: 0 });
    expect((await call(finance1, 'GET', `${TOTALS}?orderNo=${open.orderNo}`)).json().data).toEqual({
      count: 1,
      paidFen: 0,
      refundedFen: 0,
    });
  });

  it('never counts another tenant’s orders and refuses bad input', async () => {
    expect((await call(finance1, 'GET', `${TOTALS}?orderNo=${college.orderNo}`)).json().data.count).toBe(0);
    const bad = await call(finance1, 'GET', `${TOTALS}?from=2024-03-02&to=2024-03-01`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('The start date cannot be later than the end date');
  });
});

describe('GET /admin/order/{id} with a partial refund', () => {
  it('shows items, bills and the refund, and the phone’s detail shows the refund too', async () => {
    const refund = await call(finance1, 'POST', `/api/blade-finance/admin/order/${paid.id}/refund`, {
      amountFen: 3_000,
      reason: '多缴退回',
      kind: 'refundOnly',
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const tooMuch = await call(finance1, 'POST', `/api/blade-finance/admin/order/${paid.id}/refund`, {
      amountFen: 10_001,
      reason: 'x',
      kind: 'refundOnly',
    });
    expect(tooMuch.statusCode).toBe(400);

    const res = await call(finance1, 'GET', `/api/blade-finance/admin/order/${paid.id}`);
    expect(res.statusCode).toBe(200);
    const detail = res.json().data;
    expect(detail).toMatchObject({
      orderNo: paid.orderNo,
      personType: 'student',
      personNo: 'S2024001',
      totalFen: 13_000,
      refundedFen: 3_000,
      refunds: [expect.objectContaining({ amountFen: 3_000, status: 'SUCCESS', reason: '多缴退回' })],
    });
    expect(detail.items).toHaveLength(2);
    expect(detail.bills.filter((b: { kind: string }) => b.kind === 'CHARGE')).toHaveLength(2);
    expect(detail.bills.filter((b: { kind: string }) => b.kind === 'REFUND').length).toBeGreaterThan(0);

    const phone = await call(
      await tokenFor(ctx, '100001', 'student1'),
      'GET',
      `/api/blade-finance/order/detail/${paid.id}`,
    );
    expect(phone.statusCode, phone.body).toBe(200);
    expect(phone.json().data).toMatchObject({ refundedFen: 3_000 });
  });
});

async function readSheet(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { name: sheet.name, rows, sheet };
}

describe('GET /admin/order/export', () => {
  it('exports the current search as XLSX: Chinese headers, amounts in yuan with two decimals', async () => {
    const res = await call(
      finance1,
      'GET',
      `/api/blade-finance/admin/order/export?person=S2024001`,
      undefined,
      'zh',
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const { name, rows, sheet } = await readSheet(res.rawPayload);
    expect(name).toBe('订单');
    expect(rows[0]).toEqual([
      '订单号',
      '订单类型',
      '缴费人',
      '学号/工号',
      '项目',
      '订单金额（元）',
      '已退金额（元）',
      '支付状态',
      '支付渠道',
      '支付流水号',
      '创建时间',
      '支付时间',
    ]);
    const line = rows.find((r) => r[0] === paid.orderNo)!;
    // Codes in the clerk's words: the order's type, state and channel (issue 22 item 8).
    expect(line.slice(1, 10)).toEqual([
      '学生缴费',
      '张三',
      'S2024001',
      '测试费用1、测试费用2',
      130,
      30,
      '已支付',
      '微信支付',
      paymentNo,
    ]);
    // The last row adds the search up as order/totals does: count, paid, refunded.
    const totals = (await call(finance1, 'GET', `${TOTALS}?person=S2024001`)).json().data;
    const last = rows[rows.length - 1]!;
    expect(last[0]).toBe(`合计 ${totals.count} 笔订单（金额为已支付订单之和）`);
    expect(last[5]).toBe(totals.paidFen / 100);
    expect(last[6]).toBe(totals.refundedFen / 100);
    expect(last.slice(7).filter((v) => v !== null && v !== undefined)).toEqual([]);
    expect(rows.length).toBe(totals.count + 2);
    expect(sheet.getRow(rows.length).font?.bold).toBe(true);
    const rowIndex = rows.indexOf(line) + 1;
    expect(sheet.getRow(rowIndex).getCell(6).numFmt).toBe('0.00');
    expect(rows.some((r) => r[0] === open.orderNo)).toBe(true);
    expect(rows.some((r) => r[0] === college.orderNo)).toBe(false);
  });

  it('speaks English when the request does, and follows the filters', async () => {
    const res = await call(
      finance1,
      'GET',
      `/api/blade-finance/admin/order/export?payStatus=NOT_PAY`,
      undefined,
      'en',
    );
    const { name, rows } = await readSheet(res.rawPayload);
    expect(name).toBe('Orders');
    expect(rows[0]![0]).toBe('Order no.');
    const body = rows.slice(1, -1);
    expect(body.every((r) => r[7] === 'Unpaid')).toBe(true);
    expect(body.every((r) => ['Student fees', 'Comprehensive payment'].includes(r[1] as string))).toBe(true);
    expect(rows[rows.length - 1]![0]).toBe(`Total: ${body.length} orders (the amount adds up the paid ones)`);
    expect(rows.some((r) => r[0] === open.orderNo)).toBe(true);
  });

  it('refuses a bad range before the file starts', async () => {
    const res = await call(
      finance1,
      'GET',
      `/api/blade-finance/admin/order/export?from=2024-03-02&to=2024-03-01`,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      msg: 'The start date cannot be later than the end date',
    });
  });
});
