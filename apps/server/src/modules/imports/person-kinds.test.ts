/**
 * The spec's other person kinds as imports of their own (issue 15): outside people (校外人员, keyed by
 * document type and number) and newly admitted students (新生, keyed by ID card), each with its template
 * and the edge cases every kind has: empty file, headers only, wrong headers, duplicates in the file and
 * against the database, formulas, merged cells, full-width digits, trailing spaces, GBK.
 */
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otherPeople } from '@server/db/schema';
import { enrollees } from '@server/db/schema-finance';
import { createTestApp, type TestContext } from '@server-test/helpers';
import { api, visitorToken } from '@server-test/fee-fixtures';
import { importClient, xlsxOf, exampleFile } from '@server-test/import-jobs';
import { tokenFor } from '@server-test/issue-token';
import { findOtherPerson } from '../user/people-repo';

const T = '100001';
const OTHER_HEADER = '姓名,证件类型,证件号码,预留手机号';
const ENROLLEE_HEADER = '姓名,身份证号,录取号,专业,入学年份';

describe('importing outside people and new students', () => {
  let ctx: TestContext;
  let finance: string;
  const db = () => ctx.database.db;

  beforeAll(async () => {
    ctx = await createTestApp();
    finance = await tokenFor(ctx, T, 'finance1');
  });
  afterAll(() => ctx.close());

  const { check, committed, commit, template } = importClient(
    () => ctx,
    () => finance,
  );

  const messages = (job: { errors: { row: number; column: string; message: string }[] }) =>
    job.errors.map((e) => [e.row, e.column, e.message]);

  it('serves each kind’s template: Chinese headers, and an example row on its notes sheet that passes', async () => {
    for (const [kind, first, example] of [
      ['other-people', '姓名', '赵外来'],
      ['enrollees', '姓名', '孙新生'],
    ] as const) {
      const res = await template(kind);
      expect(res.statusCode).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = book.worksheets[0]!;
      expect(sheet.getRow(1).getCell(1).value).toBe(first);
      expect(sheet.actualRowCount).toBe(1);
      const notes = book.worksheets[1]!;
      expect(notes.getRow(notes.rowCount).getCell(1).value).toBe(example);
      const job = await check(kind, await exampleFile(book), '', 'application/octet-stream');
      expect(job, kind).toMatchObject({ errorCount: 0, rows: 1, created: 1 });
    }
    const headers = async (kind: string) => {
      const book = new ExcelJS.Workbook();
      await book.xlsx.load((await template(kind)).rawPayload as unknown as ArrayBuffer);
      return (book.worksheets[0]!.getRow(1).values as unknown[]).slice(1);
    };
    expect(await headers('other-people')).toEqual(OTHER_HEADER.split(','));
    expect(await headers('enrollees')).toEqual(ENROLLEE_HEADER.split(','));
  });

  it('loads outside people by document type and number, and binding finds them', async () => {
    const file = [
      OTHER_HEADER,
      // 周七 as stored: unchanged; 吴八 (another document) gets a new phone: updated.
      '周七,身份证,110101199001003333,13800000031',
      '吴八,其他证件,E12345678,13800000099',
      '郑外一,身份证,11010119900203123x,13900000101',
      '王外二,护照,P1234567,',
      '钱外三,其他证件,P7654321,',
    ].join('\n');
    const job = await check('other-people', file);
    // 护照 is not a document type: that row is a problem; the counts are of the other four.
    expect(messages(job)).toEqual([[5, '证件类型', 'Not valid; use one of: 1, 2, idcard, other']]);
    expect(job).toMatchObject({ rows: 5, created: 2, updated: 1, unchanged: 1, errorCount: 1 });
    expect((await commit(job.id)).statusCode).toBe(409);

    const fixed = file.replace('王外二,护照,P1234567,', '王外二,其他证件,P1234567,');
    const ok = await check('other-people', fixed);
    expect(ok).toMatchObject({ rows: 5, created: 3, updated: 1, unchanged: 1, errorCount: 0 });
    expect(await committed(ok.id)).toMatchObject({ status: 'committed', created: 3, updated: 1 });
    const byId = async (idType: number, idCard: string) =>
      (
        await db()
          .select()
          .from(otherPeople)
          .where(
            and(eq(otherPeople.tenantId, T), eq(otherPeople.idType, idType), eq(otherPeople.idCard, idCard)),
          )
      )[0];
    expect(await byId(1, '11010119900203123X')).toMatchObject({ name: '郑外一', phone: '13900000101' });
    expect(await byId(2, 'E12345678')).toMatchObject({ name: '吴八', phone: '13800000099' });
    expect(await byId(2, 'P1234567')).toMatchObject({ name: '王外二', phone: null });
    // The bind form's look-up (type other, idType and number, x or X) finds the loaded person.
    expect(await findOtherPerson(db(), T, 1, '11010119900203123x')).toMatchObject({ name: '郑外一' });
    // Loaded again: nothing changes.
    expect(await check('other-people', fixed)).toMatchObject({ created: 0, updated: 0, unchanged: 5 });
  });

  it('loads new students by ID card, and the enrolment look-up finds them', async () => {
    const file = [
      ENROLLEE_HEADER,
      // 林小一 as stored; 何小二's ID written with a small x is the same person, with a new major.
      '林小一,110101200705061238,A2025001,会计学,2025',
      '何小二,11010120070706124x,A2025002,软件工程,2025',
      '冯新一,110101200801091111,A2026002,法学,2026',
    ].join('\n');
    const job = await check('enrollees', file);
    expect(job).toMatchObject({ rows: 3, created: 1, updated: 1, unchanged: 1, errorCount: 0 });
    await committed(job.id);
    const [he] = await db()
      .select()
      .from(enrollees)
      .where(and(eq(enrollees.tenantId, T), eq(enrollees.admissionNo, 'A2025002')));
    expect(he).toMatchObject({ idCard: '11010120070706124X', major: '软件工程', startYear: 2025 });
    const visitor = await visitorToken(ctx, T, 'o-import-enrollee-1');
    const found = await api(ctx, 'POST', 'enroll/lookup', visitor, {
      body: { idCard: '110101200801091111', name: '冯新一' },
    });
    expect(found.json().data).toMatchObject({ name: '冯新一', admissionNo: 'A2026002', major: '法学' });
  });

  it('keeps an admission number to one new student', async () => {
    const file = [
      ENROLLEE_HEADER,
      // A2025001 is 林小一's, who is not in the file.
      '褚新二,110101200802022222,A2025001,,',
      '卫新三,110101200803063333,A2026101,,',
      '蒋新四,110101200800044444,A2026101,,',
    ].join('\n');
    const job = await check('enrollees', file);
    expect(messages(job)).toEqual([
      [2, '录取号', 'This admission number belongs to another enrollee'],
      [4, '录取号', 'Repeats row 3'],
    ]);
    expect(job).toMatchObject({ created: 1, errorCount: 2 });
    // When the file gives 林小一 another number, A2025001 is free for the new student.
    const moved = await check(
      'enrollees',
      [ENROLLEE_HEADER, '林小一,110101200705061238,A2025901,,', '褚新二,110101200802022222,A2025001,,'].join(
        '\n',
      ),
    );
    expect(moved).toMatchObject({ errorCount: 0, created: 1, updated: 1 });
  });

  it('reports bad cells of both kinds as row, column, value, message', async () => {
    const others = await check(
      'other-people',
      [
        OTHER_HEADER,
        '甲,身份证,1101011990010112,',
        '乙,其他证件,' + 'X'.repeat(41) + ',',
        ',身份证,110101199001061111,',
        '丁,身份证,110101199001032222,1234',
        '戊,身份证,11010119900306333x,',
        '己,身份证,11010119900306333X,',
      ].join('\n'),
    );
    expect(messages(others)).toEqual([
      [2, '证件号码', 'A mainland ID number has 15 or 18 characters'],
      [3, '证件号码', 'At most 40 characters'],
      [4, '姓名', 'Must not be empty'],
      [5, '预留手机号', 'Not a valid phone number'],
      [7, '证件号码', 'Repeats row 6'],
    ]);
    expect(others.errors[0]!.value).toBe('1101011990010112');
    expect(others).toMatchObject({ created: 1 });
    const fresh = await check(
      'enrollees',
      [
        ENROLLEE_HEADER,
        '甲,E12345678,A1,,',
        '乙,110101200805035555,,,',
        '丙,110101200806076666,A2,,1900',
        '丁,110101200806076666,A3,,',
      ].join('\n'),
    );
    expect(messages(fresh)).toEqual([
      [2, '身份证号', 'A mainland ID number has 15 or 18 characters'],
      [3, '录取号', 'Must not be empty'],
      [4, '入学年份', 'Not a whole number from 1950 to 2100'],
      [5, '身份证号', 'Repeats row 4'],
    ]);
  });

  it('refuses an empty file, headers only and wrong headers', async () => {
    for (const kind of ['other-people', 'enrollees']) {
      expect(messages(await check(kind, ''))).toEqual([[0, '', 'The file is empty or has no data rows']]);
      const header = kind === 'enrollees' ? ENROLLEE_HEADER : OTHER_HEADER;
      expect(messages(await check(kind, `${header}\n\n`))).toEqual([
        [0, '', 'The file is empty or has no data rows'],
      ]);
    }
    const wrong = await check('other-people', '学号,姓名,证件号码\nS1,甲,110101199001061111');
    expect(messages(wrong)).toEqual([[1, '学号', 'Unknown column: 学号; use the template’s headers']]);
    expect(wrong).toMatchObject({ created: 0, updated: 0, unchanged: 0 });
    const missing = await check('enrollees', '姓名,身份证号\n甲,110101200801091111');
    expect(messages(missing)).toEqual([[1, '录取号', 'Missing column: 录取号']]);
  });

  it('refuses formulas and merged cells, reads GBK, full-width digits and trailing spaces', async () => {
    const formula = await check('enrollees', `${ENROLLEE_HEADER}\n甲,110101200807007777,=A1,,`);
    expect(messages(formula)).toEqual([[2, '录取号', 'Formulas are not accepted; paste the values instead']]);
    const merged = await xlsxOf(
      [
        OTHER_HEADER.split(','),
        ['褚外四', '身份证', '110101199004051234', '13900000104'],
        ['卫外五', '身份证', '110101199005011234', ''],
      ],
      'D2:D3',
    );
    const m = await check('other-people', merged, '', 'application/octet-stream');
    expect(messages(m)).toEqual([
      [2, '预留手机号', 'Merged cells are not accepted; unmerge them and fill every cell'],
      [3, '预留手机号', 'Merged cells are not accepted; unmerge them and fill every cell'],
    ]);
    const gbk = iconv.encode(
      [
        ENROLLEE_HEADER,
        ' 沈新五 ,１１０１０１２００８０８０４８８８８, Ａ２０２６５０１ ,历史学 ,２０２６',
      ].join('\r\n'),
      'gbk',
    );
    const job = await check('enrollees', gbk);
    expect(job).toMatchObject({ errorCount: 0, created: 1 });
    await committed(job.id);
    const [row] = await db()
      .select()
      .from(enrollees)
      .where(and(eq(enrollees.tenantId, T), eq(enrollees.idCard, '110101200808048888')));
    expect(row).toMatchObject({ name: '沈新五', admissionNo: 'A2026501', major: '历史学', startYear: 2026 });
  });
});
