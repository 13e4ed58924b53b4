/**
 * Loading slips and other income (issue 13): every row is checked first; a file with any problem
 * answers its line report and stores nothing; a good file stores every row once; a month already
 * loaded is replaced only when asked.
 */
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicAuth, createTestApp, type TestContext } from '@server-test/helpers';
import { signIn } from '@server-test/user-fixtures';
import { otherIncomes, salaryItems, salarySlips } from '@server/db/schema-salary';
import { employees } from '@server/db/schema';
import { yuanToFen } from './import-rules';

const T = '100001';
const HEADER =
  '工号,姓名,发放日期,收入:基本工资,收入:绩效,扣款:公积金,税:个税,应发合计,扣款合计,个税合计,实发合计';
const row = (no: string, name: string, net = '8700.00') =>
  `${no},${name},2027-01-15,6000.00,4000,800.5,499.5,10000.00,800.50,499.50,${net}`;
const GOOD = [HEADER, row('E1001', '陈老师'), row('E1003', '王老师')].join('\n');

describe('salary loading by the finance office', () => {
  let ctx: TestContext;
  let finance: string;
  const db = () => ctx.database.db;

  const upload = (path: string, file: Buffer | string, query = '', type = 'text/csv', token = finance) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/blade-finance/admin/salary/${path}${query}`,
      headers: {
        authorization: basicAuth(ctx.config),
        'accept-language': 'en',
        'blade-auth': `bearer ${token}`,
        'content-type': type,
      },
      payload: typeof file === 'string' ? Buffer.from(file) : file,
    });
  const slips = (period: string) =>
    db()
      .select()
      .from(salarySlips)
      .where(and(eq(salarySlips.tenantId, T), eq(salarySlips.period, period)));

  async function refusedWith(
    file: Buffer | string,
    expected: { row: number; column: string; message: string | RegExp }[],
    type?: string,
  ) {
    const res = await upload('import', file, '?period=2027-01', type);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.msg).toMatch(/^The file has \d+ problems?; nothing was stored$|^The file is larger/);
    expect(body.data.stored).toBe(false);
    for (const e of expected)
      expect(body.data.errors).toContainEqual({
        row: e.row,
        column: e.column,
        message: typeof e.message === 'string' ? e.message : expect.stringMatching(e.message),
      });
    expect(await slips('2027-01')).toHaveLength(0);
    return body.data.errors as { row: number; column: string; message: string }[];
  }

  beforeAll(async () => {
    ctx = await createTestApp();
    finance = (await signIn(ctx, T, 'finance1')).access_token;
  });
  afterAll(() => ctx.close());

  it('reads yuan exactly', () => {
    expect(yuanToFen('8700')).toBe(870_000);
    expect(yuanToFen('800.5')).toBe(80_050);
    expect(yuanToFen('1,234.56')).toBe(123_456);
    for (const bad of ['abc', '-5', '1.234', '1e3', '', '12,34']) expect(yuanToFen(bad)).toBeNull();
  });

  it('needs the month loaded', async () => {
    for (const query of ['', '?period=2027-13', '?period=2027-1']) {
      const res = await upload('import', GOOD, query);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('The month is not valid; use YYYY-MM');
    }
  });

  it('refuses wrong headers, saying which', async () => {
    const errors = await refusedWith(GOOD.replace('实发合计', '实发工资').replace('收入:绩效', '奖金'), [
      { row: 1, column: '实发工资', message: /^Unknown column: 实发工资/ },
      { row: 1, column: '奖金', message: /^Unknown column: 奖金/ },
    ]);
    expect(errors).toContainEqual({ row: 1, column: '实发合计', message: 'Missing column: 实发合计' });
  });

  it('refuses text in amounts, unknown people, broken sums and repeated rows, line by line', async () => {
    const file = [
      HEADER,
      row('E1001', '陈老师').replace('6000.00', 'six thousand'),
      row('E9999', '无名'),
      row('E1003', '王老师', '8800.00'),
      row('E1003', '王老师'),
      row('E1001', '刘老师').replace(',6000.00,', ',6100.00,'),
    ].join('\r\n');
    await refusedWith(file, [
      {
        row: 2,
        column: '收入:基本工资',
        message: '"six thousand" is not an amount (yuan, at most two decimals)',
      },
      { row: 3, column: '工号', message: 'No staff member with number E9999 in this school' },
      { row: 4, column: '实发合计', message: 'Gross − deductions − tax = 8,700.00, not the net 8,800.00' },
      { row: 5, column: '工号', message: 'Repeats row 4 (same person, same month)' },
      { row: 6, column: '工号', message: 'Repeats row 2 (same person, same month)' },
      { row: 6, column: '姓名', message: 'The name does not match the one on record for E1001' },
    ]);
    await refusedWith([HEADER, row('E1001', '陈老师').replace(',6000.00,', ',6100.00,')].join('\n'), [
      { row: 2, column: '应发合计', message: '应发合计 should be 10,100.00, the file says 10,000.00' },
    ]);
  });

  it('refuses an empty file, a file of only a header, and a file that is not a table', async () => {
    await refusedWith('', [{ row: 0, column: '', message: 'The file is empty or has no data rows' }]);
    await refusedWith(`${HEADER}\n\n`, [
      { row: 0, column: '', message: 'The file is empty or has no data rows' },
    ]);
    await refusedWith(
      Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5]),
      [{ row: 0, column: '', message: 'The file cannot be read; please upload CSV or XLSX' }],
      'application/octet-stream',
    );
  });

  it('refuses a 20 MB file before reading it, saying the limit', async () => {
    const res = await upload('import', Buffer.alloc(20 * 1024 * 1024, 0x41), '?period=2027-01');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      msg: 'The file is larger than 10 MB; please split it',
      data: {
        stored: false,
        errors: [{ row: 0, column: '', message: 'The file is larger than 10 MB; please split it' }],
      },
    });
    expect(await slips('2027-01')).toHaveLength(0);
  });

  it('refuses formula cells, in CSV and in XLSX', async () => {
    await refusedWith(GOOD.replace('10000.00', '=D2+E2'), [
      { row: 2, column: '应发合计', message: 'Formulas are not accepted; paste the values instead' },
    ]);
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('2027-01');
    sheet.addRow(HEADER.split(','));
    sheet.addRow(row('E1001', '陈老师').split(','));
    sheet.getCell('H2').value = { formula: 'D2+E2', result: 10000 };
    const xlsx = Buffer.from(await book.xlsx.writeBuffer());
    await refusedWith(
      xlsx,
      [{ row: 2, column: '应发合计', message: 'Formulas are not accepted; paste the values instead' }],
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
  });

  it('reads a CSV saved in GBK as well as UTF-8 (its Chinese headers and names)', async () => {
    const gbk = iconv.encode(GOOD, 'gbk');
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(gbk)).toThrow();
    const dry = await upload('import', gbk, '?period=2027-01&dryRun=1');
    expect(dry.statusCode).toBe(200);
    expect(dry.json().data).toEqual({ stored: false, rows: 2, replaced: 0, errors: [] });
    expect(await slips('2027-01')).toHaveLength(0);
  });

  it('stores a good file once, every row and item; a second load of the month needs replace', async () => {
    const res = await upload('import', GOOD, '?period=2027-01');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      msg: '2 rows stored',
      data: { stored: true, rows: 2, replaced: 0, errors: [] },
    });
    const stored = await slips('2027-01');
    expect(stored).toHaveLength(2);
    expect(stored[0]).toMatchObject({
      grossFen: 1_000_000,
      deductionFen: 80_050,
      taxFen: 49_950,
      netFen: 870_000,
    });
    const items = await db().select().from(salaryItems).where(eq(salaryItems.slipId, stored[0]!.id));
    expect(items.map((i) => [i.name, i.group, i.amountFen])).toEqual([
      ['基本工资', 'income', 600_000],
      ['绩效', 'income', 400_000],
      ['公积金', 'deduction', 80_050],
      ['个税', 'tax', 49_950],
    ]);

    const again = await upload('import', GOOD, '?period=2027-01');
    expect(again.json().data.stored).toBe(false);
    expect(again.json().data.errors[0]).toEqual({
      row: 0,
      column: '',
      message: '2027-01 already has 2 slips; ask to replace them to load it again',
    });
    const changed = GOOD.replace(/8700\.00/g, '8700.00').replace('2027-01-15', '2027-01-16');
    const replaced = await upload('import', changed, '?period=2027-01&replace=1');
    expect(replaced.json().data).toMatchObject({ stored: true, rows: 2, replaced: 2 });
    const now = await slips('2027-01');
    expect(now).toHaveLength(2);
    expect(now.map((s) => s.payDate).sort()).toEqual(['2027-01-15', '2027-01-16']);
  });

  it('loads an XLSX of slips (numbers and dates as cells)', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('slips');
    sheet.addRow([
      'staffNo',
      'payDate',
      'income:Base pay',
      'tax:Income tax',
      'gross',
      'deductions',
      'tax',
      'net',
    ]);
    sheet.addRow(['E1001', new Date(Date.UTC(2027, 1, 15)), 5000.5, 100, 5000.5, 0, 100, 4900.5]);
    const res = await upload(
      'import',
      Buffer.from(await book.xlsx.writeBuffer()),
      '?period=2027-02',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.json().data).toMatchObject({ stored: true, rows: 1 });
    expect(await slips('2027-02')).toMatchObject([
      { payDate: '2027-02-15', grossFen: 500_050, netFen: 490_050 },
    ]);
  });

  it('refuses anyone but the finance office of the tenant, and a person of another tenant', async () => {
    const teacher = (await signIn(ctx, T, 'teacher1')).access_token;
    expect((await upload('import', GOOD, '?period=2027-03', 'text/csv', teacher)).statusCode).toBe(403);
    const finance2 = (await signIn(ctx, '100002', 'finance2')).access_token;
    const res = await upload('import', GOOD, '?period=2027-03', 'text/csv', finance2);
    expect(res.json().data.stored).toBe(false);
    expect(res.json().data.errors).toContainEqual({
      row: 2,
      column: '工号',
      message: 'No staff member with number E1001 in this school',
    });
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/blade-finance/admin/salary/slip/list?period=2027-01',
      headers: { authorization: basicAuth(ctx.config), 'blade-auth': `bearer ${finance2}` },
    });
    expect(list.json().data.total).toBe(0);
    const mine = await ctx.app.inject({
      method: 'GET',
      url: '/api/blade-finance/admin/salary/slip/list?period=2027-01',
      headers: { authorization: basicAuth(ctx.config), 'blade-auth': `bearer ${finance}` },
    });
    expect(mine.json().data.total).toBe(2);
    expect(mine.json().data.records[0].items.length).toBe(4);
  });

  it('loads other income all or nothing, refusing a record already stored', async () => {
    const head = '工号,项目,发放部门,发放日期,金额,税额,实发';
    const file = [
      head,
      'E1001,监考费,教务处,2027/1/10,600,0,600',
      'E1003,讲座酬金,研究生院,2027-01-12,2000,240,1760',
    ].join('\n');
    const bad = await upload(
      'other-income/import',
      `${file}\nE1001,监考费,教务处,2027-01-10,600,0,600\nE1003,课酬,教务处,2027-01-12,100,10,80`,
    );
    expect(bad.json().data.stored).toBe(false);
    expect(bad.json().data.errors).toEqual([
      { row: 4, column: '工号', message: 'Repeats row 2 (same person, project, department and date)' },
      { row: 5, column: '实发', message: 'Amount − tax = 90.00, not the net 80.00' },
    ]);
    const [teacher] = await db()
      .select()
      .from(employees)
      .where(and(eq(employees.tenantId, T), eq(employees.employeeNo, 'E1001')));
    const before = (await db().select().from(otherIncomes).where(eq(otherIncomes.employeeId, teacher!.id)))
      .length;
    const good = await upload('other-income/import', file);
    expect(good.json().data).toMatchObject({ stored: true, rows: 2 });
    const after = await db().select().from(otherIncomes).where(eq(otherIncomes.employeeId, teacher!.id));
    expect(after.length).toBe(before + 1);
    expect(after).toContainEqual(
      expect.objectContaining({ paidOn: '2027-01-10', amountFen: 60_000, netFen: 60_000 }),
    );
    const twice = await upload('other-income/import', file);
    expect(twice.json().data.errors).toContainEqual({
      row: 2,
      column: '',
      message: 'This income record is already stored',
    });
  });

  it('will not store a slip whose sums do not hold, whatever path it takes', async () => {
    const [teacher] = await db().select().from(employees).where(eq(employees.employeeNo, 'E1001'));
    await expect(
      db().insert(salarySlips).values({
        tenantId: T,
        employeeId: teacher!.id,
        period: '2030-01',
        payDate: '2030-01-15',
        grossFen: 100,
        deductionFen: 10,
        taxFen: 10,
        netFen: 81,
      }),
    ).rejects.toThrow();
  });
});
