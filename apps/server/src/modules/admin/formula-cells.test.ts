/**
 * Every spreadsheet the server writes neutralises text a spreadsheet would run (issue 23, item 4):
 * the import report copying a file's `=cmd|' /C calc'!A0`, and an export holding such text, read back
 * with exceljs: the text behind an apostrophe, numbers still numbers.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '@server/db/schema';
import { consoleCall } from '@server-test/console-fixtures';
import { createTestApp, type TestContext } from '@server-test/helpers';
import { IMPORT_BASE, importClient } from '@server-test/import-jobs';
import { tokenFor } from '@server-test/issue-token';
import { userIdOf } from '@server-test/pay-fixtures';

const T = '100001';
const CMD = "=cmd|' /C calc'!A0";

describe('formula-looking text in the files the server writes', () => {
  let ctx: TestContext;
  let finance: string;
  const { check, headers } = importClient(
    () => ctx,
    () => finance,
  );

  beforeAll(async () => {
    ctx = await createTestApp();
    finance = await tokenFor(ctx, T, 'finance1');
  });
  afterAll(() => ctx.close());

  const load = async (payload: Buffer) => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(payload as unknown as ArrayBuffer);
    return book;
  };

  it('the import report writes the file’s formula text as text', async () => {
    const file = [
      '人员类型,学号/工号,姓名,证件类型,证件号码,入学年份',
      `学生,S2096001,${CMD},身份证,12345,2026`,
      '学生,S2096002,@SUM(1+1),身份证,-5,2026',
    ].join('\n');
    const job = await check('people', file);
    expect(job.errorCount).toBeGreaterThan(0);
    const report = await ctx.app.inject({
      method: 'GET',
      url: `${IMPORT_BASE}/job/${job.id}/report`,
      headers: headers(finance),
    });
    expect(report.statusCode).toBe(200);
    const book = await load(report.rawPayload);
    const marked = book.worksheets[0]!;
    expect(marked.getRow(2).getCell(3).value).toBe(`'${CMD}`);
    expect(marked.getRow(3).getCell(3).value).toBe("'@SUM(1+1)");
    // A plain negative number is no formula: left as it was.
    expect(marked.getRow(3).getCell(5).value).toBe('-5');
    // The problems list: the formula cell's value neutralised too, the row numbers still numbers.
    const values: unknown[] = [];
    book.worksheets[1]!.eachRow((row, n) => {
      if (n > 1) values.push(row.getCell(1).value, row.getCell(3).value);
    });
    expect(values).toContain(`'${CMD}`);
    expect(values).not.toContain(CMD);
    expect(values.filter((v) => typeof v === 'number').length).toBeGreaterThan(0);
  });

  it('an export writes such text behind an apostrophe', async () => {
    const db = ctx.database.db;
    await db.insert(auditLog).values({
      tenantId: T,
      userId: await userIdOf(db, T, 'finance1'),
      action: 'bill.review',
      detail: { billId: 8 },
      ip: '@SUM(1+1)',
    });
    const res = await consoleCall(ctx)(finance, 'GET', '/api/blade-finance/admin/audit/export?action=bill');
    expect(res.statusCode).toBe(200);
    const sheet = (await load(res.rawPayload)).worksheets[0]!;
    const ips: unknown[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) ips.push(row.getCell(4).value);
    });
    expect(ips).toContain("'@SUM(1+1)");
    expect(ips).not.toContain('@SUM(1+1)');
  });
});
