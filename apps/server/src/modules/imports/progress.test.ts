/**
 * The progress bar is fed by the server (issue 15): while a job runs, the job's reply says which phase
 * it is in (parse, validate, commit) and how many rows of it are done, and the process answers those
 * questions meanwhile (reading and checking let other work run every few thousand rows).
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '@server-test/helpers';
import { importClient, withCheck, type ImportJobReply } from '@server-test/import-jobs';
import { tokenFor } from '@server-test/issue-token';
import { readSheet } from '../salary/import-file';

const HEADER = '人员类型,学号/工号,姓名,证件类型,证件号码,入学年份';
const peopleFile = (rows: number, from = 0) =>
  [
    HEADER,
    ...Array.from(
      { length: rows },
      (_, i) =>
        `学生,P${from + i},学生${i},身份证,${withCheck(`1101012007${String(from + i).padStart(7, '0')}`)},2026`,
    ),
  ].join('\n');

describe('reading a file reports its rows as they are read', () => {
  const record = () => {
    const calls: [number, number][] = [];
    let turns = 0;
    const tick = setInterval(() => turns++, 0);
    return {
      calls,
      turns: () => turns,
      stop: () => clearInterval(tick),
      progress: async (done: number, total: number) => void calls.push([done, total]),
    };
  };

  it('counts the rows of a CSV and lets timers run meanwhile', async () => {
    const seen = record();
    const read = await readSheet(Buffer.from(peopleFile(4999)), 100_000, seen.progress);
    seen.stop();
    expect(read.ok && read.sheet.rows).toHaveLength(4999);
    expect(seen.calls).toEqual([
      [0, 5000],
      [2000, 5000],
      [4000, 5000],
      [5000, 5000],
    ]);
    expect(seen.turns()).toBeGreaterThan(0);
  });

  it('counts the rows of a workbook', async () => {
    const book = new ExcelJS.Workbook();
    const ws = book.addWorksheet('s');
    ws.addRow(HEADER.split(','));
    for (let i = 0; i < 2500; i++) ws.addRow(['学生', `X${i}`, '甲', '身份证', '110101200701060000', '2026']);
    const seen = record();
    const read = await readSheet(Buffer.from(await book.xlsx.writeBuffer()), 100_000, seen.progress);
    seen.stop();
    expect(read.ok && read.sheet.rows).toHaveLength(2500);
    expect(seen.calls).toEqual([
      [0, 2501],
      [2000, 2501],
      [2501, 2501],
    ]);
  });

  it('is still a file it cannot read when the bytes are not one, and passes on a failed report', async () => {
    expect(
      await readSheet(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), 100_000, async () => undefined),
    ).toEqual({ ok: false, key: 'salary.fileUnreadable' });
    const failing = async () => {
      throw new Error('database gone');
    };
    await expect(readSheet(Buffer.from(peopleFile(10)), 100_000, failing)).rejects.toThrow('database gone');
  });
});

describe('a running job answers where it stands', () => {
  let ctx: TestContext;
  let finance: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    finance = await tokenFor(ctx, '100001', 'finance1');
  });
  afterAll(() => ctx.close());

  const { upload, read, commit } = importClient(
    () => ctx,
    () => finance,
  );

  type Seen = Pick<ImportJobReply, 'id' | 'status' | 'phase' | 'done' | 'total'>;

  /** Asks for the job every few milliseconds until it settles; answers where it stood each time. */
  async function watch(id: number): Promise<Seen[]> {
    const seen: Seen[] = [];
    for (;;) {
      const { status, phase, done, total } = (await read(id)).json().data as ImportJobReply;
      seen.push({ id, status, phase, done, total });
      if (status !== 'checking' && status !== 'committing') return seen;
      await new Promise((r) => setTimeout(r, 5));
    }
  }

  const midway = (seen: Seen[], phase: string) =>
    seen.some((j) => j.phase === phase && j.done > 0 && j.done < j.total);

  it('reports the parse and validate phases row by row, then the commit', async () => {
    const rows = 30_000;
    const res = await upload('people', peopleFile(rows));
    expect(res.statusCode).toBe(200);
    const checking = await watch(res.json().data.id);
    const trail = JSON.stringify(checking.map((j) => [j.phase, j.done, j.total]));
    expect(midway(checking, 'parse'), trail).toBe(true);
    expect(midway(checking, 'validate'), trail).toBe(true);
    expect(checking.at(-1)).toMatchObject({ status: 'checked', phase: 'validate', done: rows, total: rows });

    expect((await commit(checking.at(-1)!.id)).statusCode).toBe(200);
    const committing = await watch(checking.at(-1)!.id);
    // The commit checks the file again (parse, validate) and stores it; it ends with every row stored.
    expect(committing.at(-1)).toMatchObject({
      status: 'committed',
      phase: 'commit',
      done: rows,
      total: rows,
    });
    expect(committing.every((j) => ['parse', 'validate', 'commit'].includes(j.phase))).toBe(true);
  }, 120_000);
});
