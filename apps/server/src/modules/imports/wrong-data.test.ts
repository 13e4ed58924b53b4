/**
 * Imports that never store wrong data (issue 23, item 3): each file here was silently stored wrong
 * before. Built in the test, sent through the real routes, and the database read back.
 */
import { calendarDateIn } from '@cf/shared/validation';
import ExcelJS from 'exceljs';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { students } from '@server/db/schema';
import { salarySlips } from '@server/db/schema-salary';
import { basicAuth, createTestApp, type TestContext } from '@server-test/helpers';
import { importClient, withCheck } from '@server-test/import-jobs';
import { tokenFor } from '@server-test/issue-token';

const T = '100001';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PEOPLE_HEADER = ['人员类型', '学号/工号', '姓名', '证件类型', '证件号码', '入学年份', '预留手机号'];
const ID_A = withCheck('11010120060101301');
const ID_B = withCheck('11010120060101302');
const ID_C = withCheck('11010120060101303');

const bookBuffer = async (book: ExcelJS.Workbook) => Buffer.from(await book.xlsx.writeBuffer());

/** The month `ahead` months after today's (school time), YYYY-MM. */
function monthAhead(ahead: number): string {
  const [y, m] = calendarDateIn(new Date()).split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + ahead;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

describe('imports that never store wrong data', () => {
  let ctx: TestContext;
  let finance: string;
  const db = () => ctx.database.db;
  const { check, committed } = importClient(
    () => ctx,
    () => finance,
  );

  beforeAll(async () => {
    ctx = await createTestApp();
    finance = await tokenFor(ctx, T, 'finance1');
  });
  afterAll(() => ctx.close());

  const studentsNumbered = (...nos: string[]) =>
    db()
      .select()
      .from(students)
      .where(and(eq(students.tenantId, T), inArray(students.studentNo, nos)));

  it('refuses a number cell in an ID, phone or student number column, naming the column and row', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('people');
    sheet.addRow(PEOPLE_HEADER);
    // The ID typed as a number: Excel keeps 1.10101200607015E+17, read back as 110101200607015000
    // (which even fits its check character).
    sheet.addRow(['学生', 'S2097001', '数字证号', '身份证', 110101200607015000, '2026', '']);
    sheet.addRow(['学生', 'S2097002', '数字手机', '身份证', ID_A, '2026', 13900000001]);
    sheet.addRow(['学生', 2097003, '数字学号', '身份证', ID_B, '2026', '']);
    const job = await check('people', await bookBuffer(book), '', XLSX);
    expect(job.status).toBe('checked');
    expect(job.errors).toEqual([
      {
        row: 2,
        column: '证件号码',
        value: '110101200607015000',
        message:
          'Row 2, column "证件号码" is a number cell (110101200607015000); a number loses leading zeros and every digit past the 15th. Format the column as text, type it again and upload',
      },
      expect.objectContaining({
        row: 3,
        column: '预留手机号',
        message: expect.stringMatching(/^Row 3, column "预留手机号" is a number cell/),
      }),
      expect.objectContaining({
        row: 4,
        column: '学号/工号',
        message: expect.stringMatching(/^Row 4, column "学号\/工号" is a number cell/),
      }),
    ]);
    // The same, as a CSV saved from such a sheet.
    const csv = await check(
      'people',
      `${PEOPLE_HEADER.join(',')}\n学生,S2097004,科学计数,身份证,1.10101200607015E+17,2026,`,
    );
    expect(csv.errors.map((e) => [e.row, e.column])).toEqual([[2, '证件号码']]);
    expect(await studentsNumbered('S2097001', 'S2097002', '2097003', 'S2097004')).toEqual([]);
  });

  it('refuses an 18-character ID whose check character is wrong (GB 11643)', async () => {
    const wrong = `${ID_C.slice(0, 17)}${ID_C[17] === '1' ? '2' : '1'}`;
    const job = await check(
      'people',
      [PEOPLE_HEADER.join(','), `学生,S2097011,校验错,身份证,${wrong},2026,`].join('\n'),
    );
    expect(job.errors).toEqual([
      {
        row: 2,
        column: '证件号码',
        value: wrong,
        message:
          'The last character of this ID number is not its check character (GB 11643); check the number',
      },
    ]);
    expect(await studentsNumbered('S2097011')).toEqual([]);
  });

  it('reads the active visible sheet, never a hidden one', async () => {
    const book = new ExcelJS.Workbook();
    const hidden = book.addWorksheet('hidden');
    hidden.state = 'hidden';
    hidden.addRow(PEOPLE_HEADER);
    hidden.addRow(['学生', 'S2097021', '隐藏表', '身份证', ID_A, '2026', '']);
    const notes = book.addWorksheet('notes');
    notes.addRow(['说明']);
    const shown = book.addWorksheet('students');
    shown.addRow(PEOPLE_HEADER);
    shown.addRow(['学生', 'S2097022', '可见表', '身份证', ID_B, '2026', '']);
    book.views = [
      { x: 0, y: 0, width: 10000, height: 20000, firstSheet: 0, activeTab: 2, visibility: 'visible' },
    ];
    const job = await check('people', await bookBuffer(book), '', XLSX);
    expect(job).toMatchObject({ errorCount: 0, created: 1 });
    await committed(job.id);
    expect((await studentsNumbered('S2097021', 'S2097022')).map((s) => s.studentNo)).toEqual(['S2097022']);

    // The active tab hidden: the first visible sheet is read.
    const other = new ExcelJS.Workbook();
    const first = other.addWorksheet('hidden');
    first.state = 'hidden';
    first.addRow(PEOPLE_HEADER);
    first.addRow(['学生', 'S2097023', '隐藏表', '身份证', ID_A, '2026', '']);
    const second = other.addWorksheet('students');
    second.addRow(PEOPLE_HEADER);
    second.addRow(['学生', 'S2097024', '可见表', '身份证', ID_C, '2026', '']);
    other.views = [
      { x: 0, y: 0, width: 10000, height: 20000, firstSheet: 0, activeTab: 0, visibility: 'visible' },
    ];
    const again = await check('people', await bookBuffer(other), '', XLSX);
    expect(again).toMatchObject({ errorCount: 0, created: 1 });
    await committed(again.id);
    expect((await studentsNumbered('S2097023', 'S2097024')).map((s) => s.studentNo)).toEqual(['S2097024']);
  });

  it('reads CRLF, LF and CR line ends mixed in one CSV, losing no row', async () => {
    const file =
      `${PEOPLE_HEADER.join(',')}\r\n` +
      `学生,S2097031,换行甲,身份证,${withCheck('11010120060101311')},2026,\r\n` +
      `学生,S2097032,换行乙,身份证,${withCheck('11010120060101312')},2026,\n` +
      `学生,S2097033,换行丙,身份证,${withCheck('11010120060101313')},2026,\r` +
      `学生,S2097034,换行丁,身份证,${withCheck('11010120060101314')},2026,\r\n`;
    const job = await check('people', file);
    expect(job).toMatchObject({ errorCount: 0, rows: 4, created: 4 });
    await committed(job.id);
    const stored = await studentsNumbered('S2097031', 'S2097032', 'S2097033', 'S2097034');
    expect(stored.map((s) => [s.studentNo, s.studentName]).sort()).toEqual([
      ['S2097031', '换行甲'],
      ['S2097032', '换行乙'],
      ['S2097033', '换行丙'],
      ['S2097034', '换行丁'],
    ]);
  });

  it('answers a title row or a notes sheet with one clear message', async () => {
    const titled = await check(
      'people',
      ['2026 级新生名单,,,,,,', PEOPLE_HEADER.join(','), `学生,S2097041,标题行,身份证,${ID_A},2026,`].join(
        '\n',
      ),
    );
    expect(titled.errors).toEqual([
      {
        row: 1,
        column: '',
        value: '',
        message: 'The header is on row 2: delete the title rows above it so the header is on row 1',
      },
    ]);
    // The template's notes sheet saved as the one shown.
    const book = new ExcelJS.Workbook();
    book.addWorksheet('导入模板').addRow(PEOPLE_HEADER);
    const notes = book.addWorksheet('说明 Notes');
    notes.addRow(['列 Column', 'English header', '必填 Required', '示例 Example']);
    for (const [zh, en] of [
      ['人员类型', 'type'],
      ['姓名', 'name'],
      ['证件号码', 'idCard'],
    ])
      notes.addRow([`${zh} 说明`, en, '是 yes', '']);
    book.views = [
      { x: 0, y: 0, width: 10000, height: 20000, firstSheet: 0, activeTab: 1, visibility: 'visible' },
    ];
    const job = await check('people', await bookBuffer(book), '', XLSX);
    expect(job.errors).toEqual([
      {
        row: 1,
        column: '',
        value: '',
        message:
          'Row 1 is not a header: it has none of the template’s headers (such as 人员类型、学号/工号、姓名). Upload the template’s sheet with its header on row 1',
      },
    ]);
    expect(await studentsNumbered('S2097041')).toEqual([]);
  });

  describe('salary files', () => {
    const upload = (file: Buffer | string, period: string, type = 'text/csv') =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/blade-finance/admin/salary/import?period=${period}`,
        headers: {
          authorization: basicAuth(ctx.config),
          'accept-language': 'en',
          'blade-auth': `bearer ${finance}`,
          'content-type': type,
        },
        payload: typeof file === 'string' ? Buffer.from(file) : file,
      });
    const slipsOf = (period: string) =>
      db()
        .select()
        .from(salarySlips)
        .where(and(eq(salarySlips.tenantId, T), eq(salarySlips.period, period)));
    const HEADER = ['工号', '姓名', '发放日期', '应发合计', '扣款合计', '个税合计', '实发合计'];

    it('reads an amount cell as Excel shows it: 1.1+2.2 pasted as a value is 3.30', async () => {
      const period = monthAhead(1);
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet('slips');
      sheet.addRow(HEADER);
      const amount = 1.1 + 2.2;
      expect(String(amount)).toBe('3.3000000000000003');
      sheet.addRow(['E1001', '陈老师', `${period}-15`, amount, 0, 0, amount]);
      const res = await upload(await bookBuffer(book), period, XLSX);
      expect(res.json().data, res.body).toMatchObject({ stored: true, rows: 1 });
      expect(await slipsOf(period)).toMatchObject([{ grossFen: 330, netFen: 330 }]);
    });

    it('refuses a staff number typed as a number', async () => {
      const period = monthAhead(2);
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet('slips');
      sheet.addRow(HEADER);
      sheet.addRow([1001, '', `${period}-15`, 100, 0, 0, 100]);
      const res = await upload(await bookBuffer(book), period, XLSX);
      expect(res.json().data.errors).toEqual([
        expect.objectContaining({
          row: 2,
          column: '工号',
          message: expect.stringMatching(/^Row 2, column "工号" is a number cell \(1001\)/),
        }),
      ]);
      expect(await slipsOf(period)).toEqual([]);
    });

    it('refuses a pay date years from its month, and a month far ahead', async () => {
      const period = monthAhead(3);
      const csv = [HEADER.join(','), 'E1001,陈老师,2019-01-01,100,0,0,100'].join('\n');
      const res = await upload(csv, period);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        stored: false,
        errors: [
          {
            row: 2,
            column: '发放日期',
            message: `The pay date 2019-01-01 is more than 12 months away from the month ${period}`,
          },
        ],
      });
      expect(await slipsOf(period)).toEqual([]);

      const far = monthAhead(7);
      const ahead = await upload([HEADER.join(','), `E1001,陈老师,${far}-15,100,0,0,100`].join('\n'), far);
      expect(ahead.statusCode).toBe(400);
      expect(ahead.json().msg).toBe(
        `The month ${far} is more than 6 months after this month; check the month`,
      );
      expect(await slipsOf(far)).toEqual([]);
      // The same month through the import job: refused, nothing stored.
      const job = await check(
        'salary',
        [HEADER.join(','), `E1001,陈老师,${far}-15,100,0,0,100`].join('\n'),
        `?period=${far}`,
      );
      expect(job.errors.map((e) => e.message)).toEqual([
        `The month ${far} is more than 6 months after this month; check the month`,
      ]);
      expect(await slipsOf(far)).toEqual([]);
    });
  });
});
