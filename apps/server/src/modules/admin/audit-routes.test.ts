/**
 * The audit log for the finance office: who did what, when, from where; filtered by who, action and
 * days; exported as XLSX (read back with exceljs); another tenant's rows never appear.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '@server/db/schema';
import { createTestApp, type TestContext } from '@server-test/helpers';
import { tokenFor } from '@server-test/issue-token';
import { consoleCall } from '@server-test/console-fixtures';
import { userIdOf } from '@server-test/pay-fixtures';

let ctx: TestContext;
let call: ReturnType<typeof consoleCall>;
let finance1: string;
const db = () => ctx.database.db;
const LIST = '/api/blade-finance/admin/audit/list';

beforeAll(async () => {
  ctx = await createTestApp();
  call = consoleCall(ctx);
  finance1 = await tokenFor(ctx, '100001', 'finance1');
  const uni = await userIdOf(db(), '100001', 'finance1');
  const college = await userIdOf(db(), '100002', 'finance2');
  const student = await userIdOf(db(), '100001', 'student1');
  await db()
    .insert(auditLog)
    .values([
      { tenantId: '100001', userId: uni, action: 'bill.review', detail: { billId: 7 }, ip: '10.0.0.7' },
      {
        tenantId: '100001',
        userId: student,
        action: 'user.changeBankAccount',
        detail: {
          from: '****1234',
          to: '****5678',
          bankName: '中国银行',
          proof: 'sms',
          proofPhone: '****8000',
        },
        ip: '10.0.0.9',
        createdAt: new Date('2024-06-01T04:00:00Z'),
      },
      {
        tenantId: '100001',
        userId: uni,
        action: 'receivable.waive',
        detail: { reason: '困难' },
        ip: '10.0.0.8',
        createdAt: new Date('2025-01-15T04:00:00Z'),
      },
      { tenantId: '100002', userId: college, action: 'bill.review', detail: { billId: 99 }, ip: '10.9.9.9' },
    ]);
});
afterAll(() => ctx?.close());

describe('GET /admin/audit/list', () => {
  it('shows who did what, when and from where, newest first, within the tenant', async () => {
    const res = await call(finance1, 'GET', `${LIST}?size=50`);
    expect(res.statusCode).toBe(200);
    const records = res.json().data.records;
    expect(records[0]).toMatchObject({
      account: 'finance1',
      action: 'bill.review',
      ip: '10.0.0.7',
      detail: { billId: 7 },
    });
    expect(res.body).not.toContain('10.9.9.9');
    const times = records.map((r: { createdAt: string }) => r.createdAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('filters by who, action and days', async () => {
    const byAction = (await call(finance1, 'GET', `${LIST}?action=waive`)).json().data;
    expect(byAction.records.map((r: { ip: string }) => r.ip)).toEqual(['10.0.0.8']);
    const byDay = (await call(finance1, 'GET', `${LIST}?from=2025-01-15&to=2025-01-15`)).json().data;
    expect(byDay.total).toBe(1);
    expect((await call(finance1, 'GET', `${LIST}?who=finance1`)).json().data.total).toBe(2);
    expect((await call(finance1, 'GET', `${LIST}?who=nobody`)).json().data.total).toBe(0);
  });

  it('leaves a row for a console write, found by its action', async () => {
    const created = await call(finance1, 'POST', '/api/blade-finance/admin/fee-item', {
      kind: 'manual',
      name: '审计测试',
      priceFen: 100,
    });
    expect(created.statusCode).toBe(200);
    const rows = (
      await call(
        finance1,
        'GET',
        `${LIST}?action=${encodeURIComponent('admin POST /api/blade-finance/admin/fee-item')}`,
      )
    ).json().data.records;
    expect(rows[0]).toMatchObject({ account: 'finance1', detail: { status: 200 } });
  });

  it('refuses a student and a bad range', async () => {
    const student = await call(await tokenFor(ctx, '100001', 'student1'), 'GET', LIST);
    expect(student.statusCode).toBe(403);
    const range = await call(finance1, 'GET', `${LIST}?from=2025-02-01&to=2025-01-01`, undefined, 'zh');
    expect(range.statusCode).toBe(400);
    expect(range.json().msg).toBe('开始日期不能晚于结束日期');
  });
});

describe('GET /admin/audit/export', () => {
  it('exports the search as XLSX in the request language: actions named, details as sentences, a totals row', async () => {
    const res = await call(
      finance1,
      'GET',
      '/api/blade-finance/admin/audit/export?action=bill',
      undefined,
      'zh',
    );
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('操作日志');
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['时间', '操作人', '操作', '来源地址', '详情']);
    expect(rows.slice(1)).toEqual([
      [expect.any(Date), 'finance1 财务处', '审核通过缴费记录', '10.0.0.7', '缴费记录编号 7。'],
      ['合计 1 条记录'],
    ]);
    expect(sheet.getRow(3).font?.bold).toBe(true);
    const en = await call(
      finance1,
      'GET',
      '/api/blade-finance/admin/audit/export?action=changeBank',
      undefined,
      'en',
    );
    const enBook = new ExcelJS.Workbook();
    await enBook.xlsx.load(en.rawPayload as unknown as ArrayBuffer);
    const enSheet = enBook.worksheets[0]!;
    expect(enSheet.getRow(1).getCell(1).value).toBe('Time');
    expect(enSheet.getRow(2).getCell(3).value).toBe('Changed the bank card');
    expect(enSheet.getRow(2).getCell(5).value).toBe(
      'from ****1234; to ****5678; bank 中国银行; verified by SMS code; verifying phone ****8000.',
    );
    expect(enSheet.getRow(3).getCell(1).value).toBe('Total: 1 entries');
  });
});
