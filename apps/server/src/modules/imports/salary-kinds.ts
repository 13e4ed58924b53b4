/**
 * Salary slips and other income behind the import job: the salary module's own rules and stores
 * (../salary/import-service.ts, import-rules.ts), so a month loaded here is checked exactly as one
 * loaded through /admin/salary/import. Merged cells are refused, as for every kind.
 */
import { isPeriod } from '@cf/shared/salary';
import { calendarDateIn } from '@cf/shared/validation';
import { insertIncomes } from '../salary/repo';
import { MAX_MONTHS_AHEAD, periodTooFarAhead, type Problem as SalaryProblem } from '../salary/import-rules';
import { isBlankRow, type Sheet } from '../salary/import-file';
import { planIncomes, planSlips, storeSlips } from '../salary/import-service';
import { planOf, refusedPlan, type ImportRules } from './kind';
import { readTable, type Column, type Problem } from './table';

/** Adds each problem's cell value, which the salary rules do not carry. */
function withValues(sheet: Sheet, problems: SalaryProblem[]): Problem[] {
  const lines = new Map(sheet.rows.map((r) => [r.line, r.cells]));
  return problems.map((p) => {
    const index = sheet.header.indexOf(p.column);
    const cells = p.row === 1 ? sheet.header : lines.get(p.row);
    return { ...p, value: index >= 0 ? (cells?.[index] ?? '').slice(0, 200) : '' };
  });
}

/**
 * Merged cells, as every kind refuses them (the salary rules know nothing of them): a row with one is
 * a problem, and the other rows are checked (and counted) without it.
 */
function splitMerged(sheet: Sheet): { merged: Problem[]; mergedRows: number; readable: Sheet } {
  const any: readonly Column[] = sheet.header.map((h, i) => ({ key: String(i), zh: h, en: h, example: '' }));
  const merged = readTable(sheet, any).problems.filter((p) => p.key === 'imports.mergedCell');
  const lines = new Set(merged.map((p) => p.row));
  const readable = { header: sheet.header, rows: sheet.rows.filter((r) => !lines.has(r.line)) };
  return { merged, mergedRows: lines.size, readable };
}

/** Nothing but merged rows: nothing else to check. */
const onlyMerged = ({ mergedRows, readable }: ReturnType<typeof splitMerged>) =>
  mergedRows > 0 && readable.rows.every(isBlankRow);

const SLIP_COLUMNS: readonly Column[] = [
  { key: 'staffNo', zh: '工号', en: 'staffNo', example: 'E1001' },
  { key: 'name', zh: '姓名', en: 'name', example: '陈老师' },
  { key: 'payDate', zh: '发放日期', en: 'payDate', example: '2026-12-15' },
  { key: 'base', zh: '收入:基本工资', en: 'income:Base pay', example: '6000.00' },
  { key: 'bonus', zh: '收入:绩效工资', en: 'income:Performance pay', example: '4000.00' },
  { key: 'fund', zh: '扣款:住房公积金', en: 'deduction:Housing fund', example: '800.00' },
  { key: 'itax', zh: '税:个人所得税', en: 'tax:Income tax', example: '500.00' },
  { key: 'gross', zh: '应发合计', en: 'gross', example: '10000.00' },
  { key: 'deductions', zh: '扣款合计', en: 'deductions', example: '800.00' },
  { key: 'tax', zh: '个税合计', en: 'tax', example: '500.00' },
  { key: 'net', zh: '实发合计', en: 'net', example: '8700.00' },
];

const INCOME_COLUMNS: readonly Column[] = [
  { key: 'staffNo', zh: '工号', en: 'staffNo', example: 'E1001' },
  { key: 'name', zh: '姓名', en: 'name', example: '陈老师' },
  { key: 'project', zh: '项目', en: 'project', example: '监考费' },
  { key: 'department', zh: '发放部门', en: 'department', example: '教务处' },
  { key: 'paidOn', zh: '发放日期', en: 'date', example: '2026-12-20' },
  { key: 'amount', zh: '金额', en: 'amount', example: '300.00' },
  { key: 'tax', zh: '税额', en: 'tax', example: '0.00' },
  { key: 'net', zh: '实发', en: 'net', example: '300.00' },
];

const optionsOf = (options: Record<string, string | boolean>) => ({
  period: String(options.period ?? ''),
  replace: options.replace === true,
});

export const salaryImport: ImportRules = {
  kind: 'salary',
  columns: SLIP_COLUMNS,
  async plan(db, tenantId, sheet, options, progress) {
    const split = splitMerged(sheet);
    if (onlyMerged(split)) return refusedPlan(split.mergedRows, split.merged);
    const { period, replace } = optionsOf(options);
    if (!isPeriod(period))
      return refusedPlan(0, [{ row: 0, column: '', value: period, key: 'salary.periodInvalid' }]);
    if (periodTooFarAhead(period, calendarDateIn(new Date())))
      return refusedPlan(0, [
        {
          row: 0,
          column: '',
          value: period,
          key: 'salary.periodTooFar',
          params: { period, max: MAX_MONTHS_AHEAD },
        },
      ]);
    await progress.phase('validate', sheet.rows.length);
    const plan = await planSlips(db, tenantId, split.readable, { period, replace });
    await progress.tick(sheet.rows.length);
    const counts = {
      rows: plan.rows + split.mergedRows,
      created: plan.slips.length - plan.replacing,
      updated: plan.replacing,
      unchanged: 0,
    };
    const problems = [...split.merged, ...withValues(sheet, plan.problems)];
    return planOf(counts, problems, async (tx, storeProgress) => {
      await storeProgress.phase('commit', plan.slips.length);
      await storeSlips(tx, tenantId, plan.slips, { period, replace });
      await storeProgress.tick(plan.slips.length);
    });
  },
};

export const otherIncomeImport: ImportRules = {
  kind: 'other-income',
  columns: INCOME_COLUMNS,
  async plan(db, tenantId, sheet, _options, progress) {
    const split = splitMerged(sheet);
    if (onlyMerged(split)) return refusedPlan(split.mergedRows, split.merged);
    await progress.phase('validate', sheet.rows.length);
    const plan = await planIncomes(db, tenantId, split.readable);
    await progress.tick(sheet.rows.length);
    const counts = {
      rows: plan.rows + split.mergedRows,
      created: plan.incomes.length,
      updated: 0,
      unchanged: 0,
    };
    const problems = [...split.merged, ...withValues(sheet, plan.problems)];
    return planOf(counts, problems, async (tx, storeProgress) => {
      await storeProgress.phase('commit', plan.incomes.length);
      await insertIncomes(tx, tenantId, plan.incomes);
      await storeProgress.tick(plan.incomes.length);
    });
  },
};
