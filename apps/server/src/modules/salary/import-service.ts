/**
 * Loading a month's slips or a batch of other income: read the file, check every row, and only when
 * nothing is wrong store all of it in one transaction. A month already loaded is replaced only when
 * the finance office asks for it (replace); a dry run checks and stores nothing.
 */
import { translate, type Language } from '@cf/shared/messages';
import { isPeriod } from '@cf/shared/salary';
import { calendarDateIn } from '@cf/shared/validation';
import type { ImportReport } from '@cf/shared/wire/salary';
import { sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { transaction, type Tx } from '@server/db/transaction';
import { recordSalaryMonth } from '@server/modules/notify/record';
import { AppError, badRequest } from '@server/http/errors';
import { readSheet, refuseUnsafeFile, type Sheet } from './import-file';
import {
  checkIncomeSheet,
  checkSlipSheet,
  MAX_MONTHS_AHEAD,
  periodTooFarAhead,
  type Problem,
} from './import-rules';
import {
  deleteSlipsOfPeriod,
  incomeKey,
  insertIncomes,
  insertSlips,
  slipHoldersOfPeriod,
  staffByNumber,
  storedIncomeKeys,
  type NewOtherIncome,
  type NewSlip,
} from './repo';

/** More rows than this is not one school's month. */
export const MAX_ROWS = 50_000;
/** A report lists at most this many problems (and says so). */
const MAX_PROBLEMS = 1000;

export interface ImportOutcome {
  stored: boolean;
  rows: number;
  replaced: number;
  problems: Problem[];
}

/** The outcome as the wire says it, every message in the caller's language. */
export function importReport(outcome: ImportOutcome, lang: Language): ImportReport {
  const shown = outcome.problems.slice(0, MAX_PROBLEMS);
  const errors = shown.map((p) => ({
    row: p.row,
    column: p.column,
    message: translate(p.key, lang, p.params),
  }));
  if (outcome.problems.length > MAX_PROBLEMS)
    errors.push({
      row: 0,
      column: '',
      message: translate('salary.tooManyProblems', lang, { max: MAX_PROBLEMS }),
    });
  return { stored: outcome.stored, rows: outcome.rows, replaced: outcome.replaced, errors };
}

const refused = (rows: number, problems: Problem[]): ImportOutcome => ({
  stored: false,
  rows,
  replaced: 0,
  problems,
});

/**
 * The file's sheet, or the one problem that stops it. A file past the limits that can be seen before
 * reading it (a zip bomb, a sheet reaching XFD1048576) is refused with a 400 (issue 23).
 */
async function sheetOf(file: Buffer): Promise<Sheet | Problem> {
  if (file.length === 0) return { row: 0, column: '', key: 'salary.fileEmpty' };
  await refuseUnsafeFile(file, MAX_ROWS, 'salary.tooManyRows');
  const read = await readSheet(file, MAX_ROWS);
  if (!read.ok) {
    if (read.key === 'imports.tooManyRows')
      return { row: 0, column: '', key: 'salary.tooManyRows', params: { max: MAX_ROWS } };
    // What only reading found (a sheet lying about its reach, a worker stopped): refused as above.
    if (read.key !== 'salary.fileUnreadable') throw new AppError(400, read.key, read.params);
    return { row: 0, column: '', key: read.key };
  }
  if (read.sheet.rows.length > MAX_ROWS)
    return { row: 0, column: '', key: 'salary.tooManyRows', params: { max: MAX_ROWS } };
  return read.sheet;
}

type Reader = Db | Tx;

export interface SlipPlan {
  rows: number;
  problems: Problem[];
  slips: NewSlip[];
  /** Staff of the file who already have a slip of the month (replaced when asked). */
  replacing: number;
}

/** Every row of a month's slips checked, and the month's slips already stored. */
export async function planSlips(
  db: Reader,
  tenantId: string,
  sheet: Sheet,
  options: { period: string; replace: boolean },
): Promise<SlipPlan> {
  const { period } = options;
  const check = checkSlipSheet(sheet, await staffByNumber(db, tenantId), period);
  const loaded = await slipHoldersOfPeriod(db, tenantId, period);
  if (loaded.size > 0 && !options.replace)
    check.problems.unshift({
      row: 0,
      column: '',
      key: 'salary.monthLoaded',
      params: { period, count: loaded.size },
    });
  const replacing = check.slips.filter((s) => loaded.has(s.employeeId)).length;
  return { rows: check.rows, problems: check.problems, slips: check.slips, replacing };
}

/** Stores a checked month (replacing the month's slips when asked); answers how many were replaced. */
export async function storeSlips(
  tx: Tx,
  tenantId: string,
  slips: NewSlip[],
  options: { period: string; replace: boolean },
): Promise<number> {
  // Two loads of one month at once: the second waits, then replaces (or finds) the first's.
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`salary:${tenantId}:${options.period}`}))`);
  const gone = options.replace ? await deleteSlipsOfPeriod(tx, tenantId, options.period) : 0;
  await insertSlips(tx, tenantId, slips);
  await recordSalaryMonth(tx, tenantId, options.period, [...new Set(slips.map((s) => s.employeeId))]);
  return gone;
}

export async function importSlips(
  db: Db,
  tenantId: string,
  file: Buffer,
  options: { period: string | undefined; replace: boolean; dryRun: boolean },
): Promise<ImportOutcome> {
  const period = options.period ?? '';
  if (!isPeriod(period)) throw badRequest('salary.periodInvalid');
  if (periodTooFarAhead(period, calendarDateIn(new Date())))
    throw badRequest('salary.periodTooFar', { period, max: MAX_MONTHS_AHEAD });
  const sheet = await sheetOf(file);
  if (!('header' in sheet)) return refused(0, [sheet]);
  const plan = await planSlips(db, tenantId, sheet, { period, replace: options.replace });
  if (plan.problems.length || options.dryRun) return refused(plan.rows, plan.problems);
  const replaced = await transaction(db, (tx) =>
    storeSlips(tx, tenantId, plan.slips, { period, replace: options.replace }),
  );
  return { stored: true, rows: plan.rows, replaced, problems: [] };
}

export interface IncomePlan {
  rows: number;
  problems: Problem[];
  incomes: NewOtherIncome[];
}

/**
 * Every row of a batch of other income checked, and against the records already stored; `incomes` are
 * the rows without problems (an income already loaded is a problem, not one of them).
 */
export async function planIncomes(db: Reader, tenantId: string, sheet: Sheet): Promise<IncomePlan> {
  const check = checkIncomeSheet(sheet, await staffByNumber(db, tenantId));
  const stored = await storedIncomeKeys(db, tenantId, [...new Set(check.incomes.map((i) => i.employeeId))]);
  const incomes = check.incomes.filter((income, i) => {
    if (!stored.has(incomeKey(income))) return true;
    check.problems.push({ row: check.lines[i]!, column: '', key: 'salary.incomeLoaded' });
    return false;
  });
  return { rows: check.rows, problems: check.problems, incomes };
}

export async function importOtherIncome(
  db: Db,
  tenantId: string,
  file: Buffer,
  options: { dryRun: boolean },
): Promise<ImportOutcome> {
  const sheet = await sheetOf(file);
  if (!('header' in sheet)) return refused(0, [sheet]);
  const plan = await planIncomes(db, tenantId, sheet);
  if (plan.problems.length || options.dryRun) return refused(plan.rows, plan.problems);
  await transaction(db, (tx) => insertIncomes(tx, tenantId, plan.incomes));
  return { stored: true, rows: plan.rows, replaced: 0, problems: [] };
}
