/**
 * Spreadsheets cannot stop the server (issue 23): files built to exhaust it — a cell at XFD1048576,
 * shared strings that inflate a thousandfold, a zip of 100,000 entries — are refused quickly with a
 * translated 4xx by the people import and the salary upload, while /health answers; a file the
 * directory lies about is refused while it is read; a worker stopped by its memory or time limit ends
 * its job failed with a report line; a job whose process died twice is failed and not taken again.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { basicAuth, createTestApp, type TestContext } from '@server-test/helpers';
import { farCellXlsx, manyEntriesZip, sharedStringsBomb, sheetXml, xlsxOf } from '@server-test/hostile-files';
import { importClient, type ImportJobReply } from '@server-test/import-jobs';
import { signIn } from '@server-test/user-fixtures';
import { importJobs } from '@server/db/schema-imports';
import { SHEET_WORKERS } from '@server/http/sheet/reader';
import { readSheet } from '../salary/import-file';
import { resumeImports } from './service';

const T = '100001';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PEOPLE_HEADER = '人员类型,学号/工号,姓名,证件类型,证件号码,入学年份';
const silent = { error: () => undefined };

describe('hostile spreadsheets', () => {
  let ctx: TestContext;
  let finance: string;
  const db = () => ctx.database.db;
  const { upload, read } = importClient(
    () => ctx,
    () => finance,
  );

  beforeAll(async () => {
    ctx = await createTestApp();
    finance = (await signIn(ctx, T, 'finance1')).access_token;
  });
  afterAll(() => ctx.close());

  const headers = (lang = 'en') => ({
    authorization: basicAuth(ctx.config),
    'accept-language': lang,
    'blade-auth': `bearer ${finance}`,
    'content-type': XLSX,
  });
  const salaryDryRun = (file: Buffer, lang = 'en') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/blade-finance/admin/salary/import?period=2027-01&dryRun=1',
      headers: headers(lang),
      payload: file,
    });
  const health = async () => (await ctx.app.inject({ method: 'GET', url: '/health' })).statusCode;

  /** Runs `send` while /health is asked every 20 ms; answers the reply, its time and the worst loop delay. */
  async function whileHealthAnswers<R>(send: () => Promise<R>) {
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    let answered = 0;
    let stop = false;
    const probe = (async () => {
      while (!stop) {
        expect(await health()).toBe(200);
        answered++;
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const started = performance.now();
    const reply = await send();
    const ms = performance.now() - started;
    stop = true;
    await probe;
    loop.disable();
    return { reply, ms, answered, worstDelayMs: loop.max / 1e6 };
  }

  async function settled(id: number): Promise<ImportJobReply> {
    for (let i = 0; i < 1200; i++) {
      const data = (await read(id)).json().data as ImportJobReply;
      if (data.status !== 'checking' && data.status !== 'committing') return data;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`job ${id} did not settle`);
  }

  it('refuses the header plus a cell at XFD1048576 at once, in both languages, and stays up', async () => {
    const file = farCellXlsx();
    expect(file.length).toBeLessThan(2048);
    const { reply, ms } = await whileHealthAnswers(() => upload('people', file, '', XLSX));
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ success: false, code: 400, data: null });
    expect(reply.json().msg).toContain('XFD1048576');
    expect(reply.json().msg).toContain('Ctrl+End');
    expect(ms).toBeLessThan(2000);
    const zh = await ctx.app.inject({
      method: 'POST',
      url: '/api/blade-finance/admin/import/people',
      headers: headers('zh'),
      payload: file,
    });
    expect(zh.statusCode).toBe(400);
    expect(zh.json().msg).toContain('单元格 XFD1048576');
    // No job was made of it: nothing for the runner to take up after a restart.
    const jobs = await db().select({ id: importJobs.id }).from(importJobs);
    expect(jobs).toHaveLength(0);
    expect(await health()).toBe(200);
  });

  it('refuses the same file at the salary upload (dry run) before reading it', async () => {
    const { reply, ms } = await whileHealthAnswers(() => salaryDryRun(farCellXlsx()));
    expect(reply.statusCode).toBe(400);
    expect(reply.json().msg).toContain('XFD1048576');
    expect(ms).toBeLessThan(2000);
  });

  it('refuses the far cell while reading when the sheet does not declare its reach', async () => {
    const { reply, worstDelayMs, answered } = await whileHealthAnswers(async () => {
      const res = await upload('people', farCellXlsx(false), '', XLSX);
      expect(res.statusCode, res.body).toBe(200);
      return settled(res.json().data.id);
    });
    expect(reply).toMatchObject({ status: 'checked', rows: 0, errorCount: 1 });
    expect(reply.errors[0]!.message).toContain('XFD1048576');
    expect(answered).toBeGreaterThan(0);
    expect(worstDelayMs).toBeLessThan(1000);
    // The salary upload says the same, as a 400.
    const salary = await salaryDryRun(farCellXlsx(false));
    expect(salary.statusCode).toBe(400);
    expect(salary.json().msg).toContain('XFD1048576');
  });

  it('refuses shared strings that inflate a thousandfold, by the directory, before inflating them', async () => {
    const bomb = sharedStringsBomb(4);
    expect(bomb.length).toBeLessThan(64 * 1024);
    const { reply, ms } = await whileHealthAnswers(() => upload('people', bomb, '', XLSX));
    expect(reply.statusCode).toBe(400);
    expect(reply.json().msg).toMatch(/cannot be read safely/);
    expect(ms).toBeLessThan(2000);
    const salary = await salaryDryRun(bomb, 'zh');
    expect(salary.statusCode).toBe(400);
    expect(salary.json().msg).toMatch(/无法安全读取/);
  });

  it('refuses shared strings whose directory lies about their size as soon as they pass it', async () => {
    const res = await upload('people', sharedStringsBomb(4, true), '', XLSX);
    expect(res.statusCode, res.body).toBe(200);
    const job = await settled(res.json().data.id);
    expect(job).toMatchObject({ status: 'checked', errorCount: 1 });
    expect(job.errors[0]!.message).toMatch(/cannot be read safely/);
    const salary = await salaryDryRun(sharedStringsBomb(4, true));
    expect(salary.statusCode).toBe(400);
  });

  it('refuses a zip of 100,000 entries, whatever count its end record gives', async () => {
    for (const declared of [undefined, 5]) {
      const zip = manyEntriesZip(100_000, declared);
      const { reply, ms } = await whileHealthAnswers(() => upload('people', zip, '', XLSX));
      expect(reply.statusCode).toBe(400);
      expect(reply.json().msg).toMatch(/too many parts/);
      expect(ms).toBeLessThan(3000);
    }
    expect((await salaryDryRun(manyEntriesZip(100_000))).statusCode).toBe(400);
  });

  it('builds the report of a job whose stored file is hostile without reading past the limits', async () => {
    const [job] = await db()
      .insert(importJobs)
      .values({ tenantId: T, kind: 'people', file: farCellXlsx(false), status: 'checked', errors: [] })
      .returning({ id: importJobs.id });
    const { reply, ms } = await whileHealthAnswers(() =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/blade-finance/admin/import/job/${job!.id}/report`,
        headers: headers(),
      }),
    );
    expect(reply.statusCode).toBe(200);
    expect(ms).toBeLessThan(5000);
    await db().delete(importJobs).where(eq(importJobs.id, job!.id));
  });

  it('still reads an ordinary workbook: dates, numbers, formulas and merged cells as before', async () => {
    const book = new ExcelJS.Workbook();
    const ws = book.addWorksheet('s');
    ws.addRow(['a', 'b', 'c', 'd']);
    ws.addRow([new Date(Date.UTC(2026, 8, 1)), 12.5, { formula: 'B2*2', result: 25 }, '０１２']);
    ws.addRow(['x', 'y', 'z', 'w']);
    ws.mergeCells('A3:B3');
    const sheet = await readSheet(Buffer.from(await book.xlsx.writeBuffer()), 100);
    expect(sheet).toMatchObject({
      ok: true,
      sheet: {
        header: ['a', 'b', 'c', 'd'],
        rows: [
          { line: 2, cells: ['2026-09-01', '12.5', '25', '012'], formulas: [2] },
          { line: 3, cells: ['x', '', 'z', 'w'], merged: [0, 1] },
        ],
      },
    });
    // Shared strings, rich text and a sheet that is not sheet1.xml.
    const own = xlsxOf(
      sheetXml([[1, [['A1', 'k']]]]).replace(
        '</sheetData>',
        '<row r="2"><c r="A2" t="s"><v>0</v></c><c r="C2"><v>7</v></c></row></sheetData>',
      ),
      { data: '<sst><si><r><t>ri</t></r><r><t>ch</t></r><rPh><t>ふり</t></rPh></si></sst>' },
    );
    expect(await readSheet(own, 100)).toMatchObject({
      ok: true,
      sheet: { header: ['k'], rows: [{ line: 2, cells: ['rich', '', '7'] }] },
    });
  });

  describe('a file that stops its worker', () => {
    const limits = { ...SHEET_WORKERS };
    afterEach(() => Object.assign(SHEET_WORKERS, limits));

    const manyStrings = (n: number) =>
      xlsxOf(sheetXml([[1, [['A1', '学号']]]], 'A1:A1'), {
        data: `<sst>${Array.from({ length: n }, (_, i) => `<si><t>s${i}-${(i * 7919) % 100_003}</t></si>`).join('')}</sst>`,
      });

    it('past its memory limit: the job fails with a clear line, the server goes on', async () => {
      // 12 MB reads an ordinary file (the next upload below); 200,000 shared strings need more.
      SHEET_WORKERS.memoryMb = 12;
      const res = await upload('people', manyStrings(200_000), '', XLSX);
      expect(res.statusCode, res.body).toBe(200);
      const job = await settled(res.json().data.id);
      expect(job).toMatchObject({ status: 'failed', errorCount: 1 });
      expect(job.failure).toMatch(/more memory than allowed/);
      expect(job.errors[0]!.message).toMatch(/more memory than allowed/);
      expect(await health()).toBe(200);
      // The next file is read by a new worker, as usual.
      Object.assign(SHEET_WORKERS, limits);
      const next = await upload('people', `${PEOPLE_HEADER}\n学生,S1,甲,身份证,11010120070108001X,2026`);
      expect((await settled(next.json().data.id)).status).toBe('checked');
    }, 90_000);

    it('past its time limit: the job fails with a clear line', async () => {
      SHEET_WORKERS.timeoutMs = 1;
      const rows = Array.from({ length: 30_000 }, (_, i) => `学生,S${i},甲,身份证,11010120070108001X,2026`);
      const res = await upload('people', [PEOPLE_HEADER, ...rows].join('\n'));
      const job = await settled(res.json().data.id);
      expect(job).toMatchObject({ status: 'failed', errorCount: 1 });
      expect(job.failure).toMatch(/took too long/);
    });
  });

  describe('a job whose process died while holding it', () => {
    const stale = async (attempts: number) => {
      const [job] = await db()
        .insert(importJobs)
        .values({
          tenantId: T,
          kind: 'people',
          file: Buffer.from(`${PEOPLE_HEADER}\n学生,S9,乙,身份证,11010120070108001X,2026`),
          status: 'checking',
          attempts,
          updatedAt: new Date(Date.now() - 3_600_000),
        })
        .returning({ id: importJobs.id });
      return job!.id;
    };

    it('is taken over once, and after a second death is failed with a report line, never taken again', async () => {
      const twice = await stale(2);
      expect(await resumeImports(db(), ctx.app.gateways.files, silent)).toBe(1);
      const failed = await settled(twice);
      expect(failed).toMatchObject({ status: 'failed', errorCount: 1 });
      expect(failed.failure).toMatch(/stopped twice/);
      expect(failed.errors[0]!.message).toMatch(/stopped twice/);
      // Nothing left to take; the clerk can start a new import of the kind.
      await db()
        .update(importJobs)
        .set({ updatedAt: new Date(Date.now() - 3_600_000) })
        .where(eq(importJobs.id, twice));
      expect(await resumeImports(db(), ctx.app.gateways.files, silent)).toBe(0);
      const again = await upload('people', `${PEOPLE_HEADER}\n学生,S1,甲,身份证,11010120070108001X,2026`);
      expect(again.statusCode, again.body).toBe(200);
      expect((await settled(again.json().data.id)).status).toBe('checked');
    });

    it('died once: taken over and run to its end', async () => {
      const once = await stale(1);
      expect(await resumeImports(db(), ctx.app.gateways.files, silent)).toBe(1);
      expect(await settled(once)).toMatchObject({ status: 'checked', rows: 1 });
      const [row] = await db().select().from(importJobs).where(eq(importJobs.id, once));
      expect(row!.attempts).toBe(2);
    });
  });
});
