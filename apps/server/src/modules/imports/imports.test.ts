/**
 * Bulk loading as a job (issue 15), through the finance office's routes: upload -> checked in the
 * background -> the dry-run report (counts and every problem as row, column, value, message) -> commit
 * all or nothing. The edge cases the issue lists each have a test here.
 */
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, employees, students } from '@server/db/schema';
import { importJobs } from '@server/db/schema-imports';
import { receivables } from '@server/db/schema-finance';
import { salarySlips } from '@server/db/schema-salary';
import { createTestApp, type TestContext } from '@server-test/helpers';
import {
  IMPORT_BASE,
  importClient,
  withCheck,
  xlsxOf,
  type ImportJobReply as Job,
  exampleFile,
} from '@server-test/import-jobs';
import { tokenFor } from '@server-test/issue-token';
import { serialDate } from './cells';
import { importFolder, resumeImports } from './service';

const T = '100001';
const BASE = IMPORT_BASE;
const PEOPLE_HEADER = '人员类型,学号/工号,姓名,证件类型,证件号码,入学年份,专业,班级,部门,预留手机号';

describe('bulk loading by the finance office', () => {
  let ctx: TestContext;
  let finance: string;
  let otherTenant: string;
  const db = () => ctx.database.db;

  beforeAll(async () => {
    ctx = await createTestApp();
    finance = await tokenFor(ctx, T, 'finance1');
    otherTenant = await tokenFor(ctx, '100002', 'finance2');
  });
  afterAll(() => ctx.close());

  const { headers, upload, read, settled, check, commit, committed } = importClient(
    () => ctx,
    () => finance,
  );

  const studentCount = async () =>
    Number((await db().select({ n: count() }).from(students).where(eq(students.tenantId, T)))[0]!.n);

  it('checks a people file, reports what would change, then commits exactly that', async () => {
    const file = [
      PEOPLE_HEADER,
      // S2024001 exists: a new class is an update; S2024002 as stored is unchanged.
      '学生,S2024001,张三,身份证,110101200401071234,2024,会计学,会计2402,,13800000001',
      '学生,S2024002,李四,身份证,110101200402051235,2024,金融学,金融2401,,13800000011',
      '学生,S2099001,新同学,身份证,11010120060109123x,2026,法学,法学2601,,13900000001',
      '教职工,E2099001,新老师,,110101198001051111,,,,财务处,',
    ].join('\n');
    const before = await studentCount();
    const job = await check('people', file);
    expect(job).toMatchObject({
      status: 'checked',
      rows: 4,
      created: 2,
      updated: 1,
      unchanged: 1,
      errorCount: 0,
    });
    expect(await studentCount()).toBe(before); // the dry run stores nothing
    const done = await committed(job.id);
    expect(done).toMatchObject({
      status: 'committed',
      created: 2,
      updated: 1,
      unchanged: 1,
      phase: 'commit',
    });
    expect(await studentCount()).toBe(before + 1);
    const [fresh] = await db()
      .select()
      .from(students)
      .where(and(eq(students.tenantId, T), eq(students.studentNo, 'S2099001')));
    expect(fresh).toMatchObject({ idCard: '11010120060109123X', className: '法学2601', startYear: 2026 });
    const [staff] = await db()
      .select()
      .from(employees)
      .where(and(eq(employees.tenantId, T), eq(employees.employeeNo, 'E2099001')));
    expect(staff).toMatchObject({ employeeName: '新老师', department: '财务处', phone: null });
    // The same file again changes nothing: every row is unchanged.
    expect(await check('people', file)).toMatchObject({ created: 0, updated: 0, unchanged: 4 });
    // Both writes left the guard's audit rows.
    const actions = (await db().select().from(auditLog).where(eq(auditLog.tenantId, T))).map((a) => a.action);
    expect(actions).toContain('admin POST /api/blade-finance/admin/import/:kind');
    expect(actions).toContain('admin POST /api/blade-finance/admin/import/job/:id/commit');
  });

  it('reports every bad row as row, column, value, message and refuses to commit', async () => {
    const file = [
      PEOPLE_HEADER,
      '学生,S2099101,甲,身份证,12345,2026,,,,',
      '学生,S2099102,乙,身份证,110101200601081111,2026,,,,1234',
      '老师,S2099103,丙,身份证,110101200601052222,2026,,,,',
      '学生,S2099104,丁,身份证,110101200601023333,2026,,,,',
    ].join('\n');
    const job = await check('people', file);
    expect(job.status).toBe('checked');
    expect(job.errorCount).toBe(3);
    expect(job.errors).toEqual([
      { row: 2, column: '证件号码', value: '12345', message: 'A mainland ID number has 15 or 18 characters' },
      { row: 3, column: '预留手机号', value: '1234', message: 'Not a valid phone number' },
      {
        row: 4,
        column: '人员类型',
        value: '老师',
        message: 'Not valid; use one of: student, employee, staff',
      },
    ]);
    const res = await commit(job.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe('Only a checked import without errors can be committed');
    // The report as XLSX: the bad cells filled and noted, a problems column, and the list.
    const report = await ctx.app.inject({
      method: 'GET',
      url: `${BASE}/job/${job.id}/report`,
      headers: headers(finance),
    });
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toMatch(/spreadsheetml/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(report.rawPayload as unknown as ArrayBuffer);
    const marked = book.worksheets[0]!;
    const idCell = marked.getRow(2).getCell(5);
    expect(idCell.value).toBe('12345');
    expect((idCell.fill as ExcelJS.FillPattern).fgColor?.argb).toBe('FFFFC7CE');
    expect(marked.getRow(2).getCell(11).value).toBe('A mainland ID number has 15 or 18 characters');
    expect(marked.getRow(5).getCell(11).value ?? '').toBe('');
    expect(book.worksheets[1]!.rowCount).toBe(4);
  });

  it('keeps the uploaded file in the file store; one no longer kept fails the commit, the report lists the problems', async () => {
    const file = [PEOPLE_HEADER, '学生,S2099201,戊,身份证,110101200601081111,2026,,,,'].join('\n');
    const job = await check('people', file);
    expect(job).toMatchObject({ status: 'checked', errorCount: 0 });
    const [row] = await db().select().from(importJobs).where(eq(importJobs.id, job.id));
    expect(row!.file).toBeNull();
    expect(row!.fileKey).toMatch(/^[0-9a-f]{32}$/);
    const files = ctx.app.gateways.files;
    expect(await files.stat(importFolder(T), row!.fileKey!)).toMatchObject({ size: Buffer.byteLength(file) });

    // The store's lifecycle removed it (a bucket's expiry of the prefix) before the office committed.
    await files.remove(importFolder(T), row!.fileKey!);
    const failed = await committed(job.id);
    expect(failed).toMatchObject({
      status: 'failed',
      failure:
        'The uploaded file is no longer kept (temporary files are removed after a while) and nothing was stored; please upload it again',
    });
    const report = await ctx.app.inject({
      method: 'GET',
      url: `${BASE}/job/${job.id}/report`,
      headers: headers(finance),
    });
    expect(report.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(report.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[1]!.getRow(2).values).toContain(failed.failure);
  });

  it('refuses an empty file, a header without rows and wrong headers', async () => {
    const empty = await check('people', '');
    expect(empty.errors).toEqual([
      { row: 0, column: '', value: '', message: 'The file is empty or has no data rows' },
    ]);
    expect((await check('people', `${PEOPLE_HEADER}\n\n`)).errors[0]!.message).toBe(
      'The file is empty or has no data rows',
    );
    const wrong = await check('people', '类型,学号,名字\n学生,S1,甲');
    expect(wrong.errors).toEqual(
      expect.arrayContaining([
        {
          row: 1,
          column: '名字',
          value: '名字',
          message: 'Unknown column: 名字; use the template’s headers',
        },
        { row: 1, column: '姓名', value: '', message: 'Missing column: 姓名' },
        { row: 1, column: '证件号码', value: '', message: 'Missing column: 证件号码' },
      ]),
    );
  });

  it('accepts English headers, trims spaces and makes full-width digits plain', async () => {
    const file = [
      'type,number,name,idCard,phone,class',
      'student , Ｓ２０９９２０１ ,  宽字符  ,１１０１０１２００６０６０１４４４４, １３９０００００２０２ ,会计2601 ',
    ].join('\n');
    const job = await check('people', file);
    expect(job).toMatchObject({ errorCount: 0, created: 1 });
    await committed(job.id);
    const [row] = await db()
      .select()
      .from(students)
      .where(and(eq(students.tenantId, T), eq(students.studentNo, 'S2099201')));
    expect(row).toMatchObject({
      studentName: '宽字符',
      idCard: '110101200606014444',
      phone: '13900000202',
      className: '会计2601',
    });
  });

  it('finds duplicate keys inside the file', async () => {
    const file = [
      PEOPLE_HEADER,
      '学生,S2099301,甲,身份证,110101200601075555,,,,,',
      '学生,S2099302,乙,身份证,110101200601046666,,,,,',
      '学生,S2099301,甲二,身份证,110101200601017777,,,,,',
    ].join('\n');
    const job = await check('people', file);
    expect(job.errors).toEqual([
      { row: 4, column: '学号/工号', value: 'S2099301', message: 'Repeats row 2' },
    ]);
  });

  it('reads a GBK CSV', async () => {
    const text = [
      PEOPLE_HEADER,
      '学生,S2099401,国标码,身份证,110101200601098888,2026,历史学,历史2601,,',
    ].join('\r\n');
    const job = await check('people', iconv.encode(text, 'gbk'));
    expect(job).toMatchObject({ errorCount: 0, created: 1 });
  });

  it('refuses formulas and merged cells, and reads dates given as serial numbers', async () => {
    expect(serialDate('46295')).toBe('2026-09-30');
    const csv = await check('people', `${PEOPLE_HEADER}\n学生,=1+1,甲,身份证,110101200601069999,,,,,`);
    expect(csv.errors).toEqual([
      expect.objectContaining({
        row: 2,
        column: '学号/工号',
        message: 'Formulas are not accepted; paste the values instead',
      }),
    ]);
    const header = PEOPLE_HEADER.split(',');
    const withFormula = await xlsxOf([
      header,
      ['学生', 'S2099501', '甲', '身份证', '110101200601020001', { formula: '2020+6' }, '', '', '', ''],
    ]);
    const f = await check('people', withFormula, '', 'application/octet-stream');
    expect(f.errors).toEqual([expect.objectContaining({ row: 2, column: '入学年份' })]);
    const merged = await xlsxOf(
      [
        header,
        ['学生', 'S2099502', '甲', '身份证', '110101200601040002', '2026', '法学', '法学2601', '', ''],
        ['学生', 'S2099503', '乙', '身份证', '110101200601060003', '2026', '法学', '', '', ''],
      ],
      'G2:G3',
    );
    const m = await check('people', merged, '', 'application/octet-stream');
    expect(m.errors.map((e) => [e.row, e.column, e.message])).toEqual([
      [2, '专业', 'Merged cells are not accepted; unmerge them and fill every cell'],
      [3, '专业', 'Merged cells are not accepted; unmerge them and fill every cell'],
    ]);
    // A receivable's due date as Excel's serial number (the cell lost its date format).
    const due = await xlsxOf([
      ['学号', '学年', '项目代码', '项目名称', '应收金额', '截止日期'],
      ['S2024003', '2030-2031', 'BOOKS', '教材费', 320.5, 46295],
    ]);
    const job = await check('receivables', due, '', 'application/octet-stream');
    expect(job).toMatchObject({ errorCount: 0, created: 1 });
    await committed(job.id);
    const [row] = await db()
      .select()
      .from(receivables)
      .where(and(eq(receivables.tenantId, T), eq(receivables.schoolYear, '2030-2031')));
    expect(row).toMatchObject({ payableFen: 32_050, itemCode: 'BOOKS', category: 'FEE' });
    expect(row!.dueDate!.toISOString()).toBe('2026-09-29T16:00:00.000Z');
  });

  it('updates receivables in the database, never below what was paid', async () => {
    // S2024001 has paid 5,000 yuan of 2024-2025 tuition (the demo seed).
    const file = [
      '学号,姓名,学年,项目代码,项目名称,应收金额',
      'S2024001,张三,2024-2025,TUITION,学费,4000',
      'S2024002,李四,2024-2025,TUITION,学费,5000.00',
      'S9999999,无人,2024-2025,TUITION,学费,1',
      'S2024003,错名,2024-2025,TUITION,学费,1',
    ].join('\n');
    const job = await check('receivables', file);
    expect(job.errors.map((e) => [e.row, e.column, e.message])).toEqual([
      [2, '应收金额', '5,000.00 has been paid; the amount due cannot be lower'],
      [4, '学号', 'No student numbered S9999999 in this school'],
      [5, '姓名', 'The name does not match the one on record for S2024003'],
    ]);
  });

  it('refuses a file over the size limit with a clear message', async () => {
    const big = Buffer.alloc(50 * 1024 * 1024, 0x41);
    const res = await upload('people', big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      code: 413,
      success: false,
      msg: 'The file is larger than 20 MB; please split it',
    });
    expect(
      (await db().select({ n: count() }).from(importJobs).where(eq(importJobs.fileName, 'big')))[0]!.n,
    ).toBe(0);
  });

  it('refuses a second import of the same kind while one runs in the tenant, but not in another', async () => {
    // A people import of 100001 that is being checked (another process runs it).
    const [running] = await db()
      .insert(importJobs)
      .values({ tenantId: T, kind: 'people', file: Buffer.from('x'), status: 'checking', phase: 'validate' })
      .returning();
    const res = await upload('people', `${PEOPLE_HEADER}\n学生,S2099601,甲,身份证,110101200601080004,,,,,`);
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe(
      'An import of this kind is already running in your school; wait for it to finish and try again',
    );
    // Another kind, or another tenant, goes ahead.
    expect((await upload('fee-items', '项目类型,项目名称,单价\n自选项目,纪念册,45')).statusCode).toBe(200);
    const other = await upload(
      'people',
      `${PEOPLE_HEADER}\n学生,C2099001,甲,身份证,110101200606010005,,,,,`,
      '',
      'text/csv',
      otherTenant,
    );
    expect(other.statusCode).toBe(200);
    await settled(other.json().data.id, otherTenant);
    await db().update(importJobs).set({ status: 'failed' }).where(eq(importJobs.id, running!.id));
  });

  it('hides another tenant’s job (404) for reading, committing and the report', async () => {
    const job = await check('fee-items', '项目类型,项目名称,单价\n自选项目,校徽,12');
    expect((await read(job.id, otherTenant)).statusCode).toBe(404);
    expect((await commit(job.id, otherTenant)).statusCode).toBe(404);
    const report = await ctx.app.inject({
      method: 'GET',
      url: `${BASE}/job/${job.id}/report`,
      headers: headers(otherTenant),
    });
    expect(report.statusCode).toBe(404);
    const list = await ctx.app.inject({
      method: 'GET',
      url: `${BASE}/job/list?kind=fee-items`,
      headers: headers(otherTenant),
    });
    expect(list.json().data.records.map((r: Job) => r.id)).not.toContain(job.id);
  });

  it('leaves nothing when a commit fails half-way', async () => {
    // The database refuses one row deep in the file, after the first thousand were written.
    await db().execute(sql`CREATE FUNCTION refuse_halfway() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.student_no = 'H1500' THEN RAISE EXCEPTION 'refused'; END IF; RETURN NEW; END $$`);
    await db().execute(sql`CREATE TRIGGER refuse_halfway BEFORE INSERT ON students
      FOR EACH ROW EXECUTE FUNCTION refuse_halfway()`);
    const rows = Array.from(
      { length: 2000 },
      (_, i) => `学生,H${i},学生${i},身份证,${withCheck(`1101012006${String(i).padStart(7, '0')}`)},,,,,`,
    );
    const job = await check('people', [PEOPLE_HEADER, ...rows].join('\n'));
    expect(job).toMatchObject({ created: 2000, errorCount: 0 });
    const before = await studentCount();
    const done = await committed(job.id);
    expect(done.status).toBe('failed');
    expect(done.failure).toBe('The import could not finish and nothing was stored; please try again');
    expect(await studentCount()).toBe(before);
    await db().execute(sql`DROP TRIGGER refuse_halfway ON students`);
  });

  it('serves a template per kind with Chinese headers, and an example row on its notes sheet that passes', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${BASE}/people/template`,
      headers: headers(finance),
    });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('人员类型');
    // The data sheet holds the headers only; the example row is on the notes sheet, and it passes.
    expect(sheet.actualRowCount).toBe(1);
    expect(book.worksheets[1]!.getRow(book.worksheets[1]!.rowCount).getCell(2).value).toBe('S2026001');
    const empty = await check('people', res.rawPayload, '', 'application/octet-stream');
    expect(empty.created).toBe(0);
    const job = await check('people', await exampleFile(book), '', 'application/octet-stream');
    expect(job).toMatchObject({ errorCount: 0, created: 1 });
    for (const kind of ['other-people', 'enrollees', 'fee-items', 'receivables', 'salary', 'other-income'])
      expect(
        (await ctx.app.inject({ method: 'GET', url: `${BASE}/${kind}/template`, headers: headers(finance) }))
          .statusCode,
      ).toBe(200);
  });

  it('loads fee items and salary slips through the same job flow', async () => {
    const items = await check(
      'fee-items',
      '项目类型,项目名称,单价,最大数量,适用人员,状态\n自选项目,毕业纪念册,45.00,2,学生、教职工,上架\n充值,饭卡充值,,,学生,上架',
    );
    expect(items.errors.map((e) => e.message)).toEqual([
      'A top-up’s minimum cannot exceed its maximum, and the maximum must be above 0',
    ]);
    const slips = await check(
      'salary',
      '工号,姓名,发放日期,应发合计,扣款合计,个税合计,实发合计\nE1001,陈老师,2027-05-15,10000,800,500,8700',
      '?period=2027-05',
    );
    expect(slips).toMatchObject({ errorCount: 0, created: 1, updated: 0 });
    await committed(slips.id);
    const stored = await db()
      .select()
      .from(salarySlips)
      .where(and(eq(salarySlips.tenantId, T), eq(salarySlips.period, '2027-05')));
    expect(stored).toMatchObject([{ netFen: 870_000 }]);
    expect((await upload('salary', 'x', '?period=2031-13')).statusCode).toBe(400);
  });

  it('takes over a job whose process stopped (after its lease) and finishes it', async () => {
    // A job left checking by a process that died two minutes ago, and one stamped just now (running).
    const file = Buffer.from(`${PEOPLE_HEADER}\n学生,S2099701,续跑,身份证,110101200601047001,,,,,`);
    const [stale] = await db()
      .insert(importJobs)
      .values({
        tenantId: '100002',
        kind: 'people',
        file,
        status: 'checking',
        updatedAt: sql`now() - interval '2 minutes'`,
      })
      .returning();
    const [fresh] = await db()
      .insert(importJobs)
      .values({ tenantId: '100002', kind: 'fee-items', file, status: 'checking' })
      .returning();
    expect(await resumeImports(db(), ctx.app.gateways.files, { error: () => undefined })).toBe(1);
    expect(await settled(stale!.id, otherTenant)).toMatchObject({
      status: 'checked',
      created: 1,
      errorCount: 0,
    });
    expect((await read(fresh!.id, otherTenant)).json().data.status).toBe('checking');
    await db().update(importJobs).set({ status: 'failed' }).where(eq(importJobs.id, fresh!.id));
  });
});
