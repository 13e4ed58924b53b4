/**
 * Loading a month's slips or a batch of other income: read the file, check every row, and only when
 * nothing is wrong store all of it in one transaction. A month already loaded is replaced only when
 * the finance office asks for it (replace); a dry run checks and stores nothing.
 */
import { translate, type Language } from '@cf/shared/messages';
import { isPeriod } from '@cf/shared/salary';
import type { ImportReport } from '@cf/shared/wire/salary';
import { sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { transaction } from '@server/db/transaction';
import { badRequest } from '@server/http/errors';
import { readSheet, type Sheet } from './import-file';
import { checkIncomeSheet, checkSlipSheet, type Problem } from './import-rules';
import {
  countSlipsOfPeriod,
  deleteSlipsOfPeriod,
  incomeKey,
  insertIncomes,
  insertSlips,
  staffByNumber,
  storedIncomeKeys,
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

async function sheetOf(file: Buffer): Promise<Sheet | Problem> {
  if (file.length === 0) return { row: 0, column: '', key: 'salary.fileEmpty' };
  const sheet = await readSheet(file);
  if (!sheet) return { row: 0, column: '', key: 'salary.fileUnreadable' };
  if (sheet.rows.length > MAX_ROWS)
    return { row: 0, column: '', key: 'salary.tooManyRows', params: { max: MAX_ROWS } };
  return sheet;
}

export async function importSlips(
  db: Db,
  tenantId: string,
  file: Buffer,
  options: { period: string | undefined; replace: boolean; dryRun: boolean },
): Promise<ImportOutcome> {
  const period = options.period ?? '';
  if (!isPeriod(period)) throw badRequest('salary.periodInvalid');
  const sheet = await sheetOf(file);
  if (!('header' in sheet)) return refused(0, [sheet]);
  const check = checkSlipSheet(sheet, await staffByNumber(db, tenantId), period);
  const loaded = await countSlipsOfPeriod(db, tenantId, period);
  if (loaded > 0 && !options.replace)
    check.problems.unshift({
      row: 0,
      column: '',
      key: 'salary.monthLoaded',
      params: { period, count: loaded },
    });
  if (check.problems.length || options.dryRun) return refused(check.rows, check.problems);
  const replaced = await transaction(db, async (tx) => {
    // Two loads of one month at once: the second waits, then replaces (or finds) the first's.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`salary:${tenantId}:${period}`}))`);
    const gone = options.replace ? await deleteSlipsOfPeriod(tx, tenantId, period) : 0;
    await insertSlips(tx, tenantId, check.slips);
    return gone;
  });
  return { stored: true, rows: check.rows, replaced, problems: [] };
}

export async function importOtherIncome(
  db: Db,
  tenantId: string,
  file: Buffer,
  options: { dryRun: boolean },
): Promise<ImportOutcome> {
  const sheet = await sheetOf(file);
  if (!('header' in sheet)) return refused(0, [sheet]);
  const check = checkIncomeSheet(sheet, await staffByNumber(db, tenantId));
  const stored = await storedIncomeKeys(db, tenantId, [...new Set(check.incomes.map((i) => i.employeeId))]);
  check.incomes.forEach((income, i) => {
    if (stored.has(incomeKey(income)))
      check.problems.push({ row: check.lines[i]!, column: '', key: 'salary.incomeLoaded' });
  });
  if (check.problems.length || options.dryRun) return refused(check.rows, check.problems);
  await transaction(db, (tx) => insertIncomes(tx, tenantId, check.incomes));
  return { stored: true, rows: check.rows, replaced: 0, problems: [] };
}
