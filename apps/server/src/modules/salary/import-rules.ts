/**
 * What a salary or other-income file must say, row by row: the columns (Chinese or English
 * headers), the person (a staff number of the tenant), amounts in yuan, dates, and the sums.
 * Every problem is collected with its line and column, so one reply lists them all.
 */
import type { MessageKey, PlainMessageParams } from '@cf/shared/messages';
import { formatYuan } from '@cf/shared/money';
import { itemTotals, otherIncomeBalances, slipBalances, type SalaryGroup } from '@cf/shared/salary';
import { isCalendarDate } from '@cf/shared/validation';
import { headerBelow, isBlankRow, isNumberCell, type Sheet, type SheetRow } from './import-file';
import type { NewOtherIncome, NewSlip } from './repo';

export interface Problem {
  row: number;
  column: string;
  key: MessageKey;
  params?: PlainMessageParams;
}

export type Staff = Map<string, { id: number; no: string; name: string }>;

/** Header words each column is known by, compared without case, spaces or underscores. */
const SLIP_COLUMNS = {
  staffNo: ['工号', '职工号', 'staffno', 'staffnumber'],
  name: ['姓名', 'name'],
  payDate: ['发放日期', 'paydate'],
  gross: ['应发合计', '应发', 'gross'],
  deductions: ['扣款合计', 'deductions'],
  tax: ['个税合计', '税额合计', 'tax'],
  net: ['实发合计', '实发', 'net'],
} as const;

const INCOME_COLUMNS = {
  staffNo: SLIP_COLUMNS.staffNo,
  name: SLIP_COLUMNS.name,
  project: ['项目', 'project'],
  department: ['发放部门', '部门', 'department'],
  paidOn: ['发放日期', '日期', 'date', 'paidon'],
  amount: ['金额', 'amount'],
  tax: ['税额', '个税', 'tax'],
  net: ['实发', 'net'],
} as const;

/** Item columns: "收入:基本工资", "deduction:Housing fund", "税:个人所得税". */
const ITEM_PREFIXES: Record<string, SalaryGroup> = {
  收入: 'income',
  income: 'income',
  扣款: 'deduction',
  deduction: 'deduction',
  税: 'tax',
  tax: 'tax',
};

const OPTIONAL = new Set(['name']);

const normalise = (text: string) => text.toLowerCase().replace(/[\s_]/g, '');

interface ItemColumn {
  index: number;
  name: string;
  group: SalaryGroup;
}

interface Layout<K extends string> {
  at: Partial<Record<K, number>>;
  items: ItemColumn[];
}

/** Finds each known column in the header; reports missing, unknown and repeated ones (row 1). */
function mapHeader<K extends string>(
  header: string[],
  rows: SheetRow[],
  known: Record<K, readonly string[]>,
  withItems: boolean,
  problems: Problem[],
): Layout<K> {
  const at: Partial<Record<K, number>> = {};
  const items: ItemColumn[] = [];
  const seen = new Set<string>();
  const roles = Object.keys(known) as K[];
  const isKnown = (title: string) => {
    const word = normalise(title);
    const item = withItems ? /^([^:：]+)[:：](.+)$/.exec(title) : null;
    return (
      roles.some((k) => known[k].includes(word)) || (item !== null && normalise(item[1]!) in ITEM_PREFIXES)
    );
  };
  if (!header.some(isKnown)) {
    // A title row or a notes sheet: one message, not an "unknown column" per cell (issue 23).
    const below = headerBelow({ header, rows }, isKnown);
    problems.push(
      below === null
        ? {
            row: 1,
            column: '',
            key: 'imports.headerNotFound',
            params: {
              columns: roles
                .slice(0, 3)
                .map((k) => known[k][0]!)
                .join('、'),
            },
          }
        : { row: 1, column: '', key: 'imports.titleRow', params: { row: below } },
    );
    return { at, items };
  }
  header.forEach((title, index) => {
    if (title === '') return;
    const word = normalise(title);
    if (seen.has(word))
      return problems.push({ row: 1, column: title, key: 'salary.columnTwice', params: { column: title } });
    seen.add(word);
    const role = (Object.keys(known) as K[]).find((k) => known[k].includes(word));
    if (role) return void (at[role] = index);
    const item = withItems ? /^([^:：]+)[:：](.+)$/.exec(title) : null;
    const group = item ? ITEM_PREFIXES[normalise(item[1]!)] : undefined;
    if (item && group) return void items.push({ index, name: item[2]!.trim(), group });
    problems.push({ row: 1, column: title, key: 'salary.columnUnknown', params: { column: title } });
  });
  for (const role of Object.keys(known) as K[])
    if (at[role] === undefined && !OPTIONAL.has(role))
      problems.push({
        row: 1,
        column: known[role][0]!,
        key: 'salary.columnMissing',
        params: { column: known[role][0]! },
      });
  return { at, items };
}

/** Yuan as people write it ("1234.5", "1,234.50") -> fen; null when it is not an amount. */
export function yuanToFen(text: string): number | null {
  const plain = /^\d{1,3}(,\d{3})+(\.\d*)?$/.test(text) ? text.replace(/,/g, '') : text;
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(plain);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** YYYY-MM-DD or YYYY/MM/DD (a spreadsheet's date) -> YYYY-MM-DD; null when not a calendar date. */
export function normaliseDate(text: string): string | null {
  const match = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text);
  if (!match) return null;
  const date = `${match[1]}-${match[2]!.padStart(2, '0')}-${match[3]!.padStart(2, '0')}`;
  return isCalendarDate(date) ? date : null;
}

/** Slips of a month at most this many months after today's month (later is a typing slip). */
export const MAX_MONTHS_AHEAD = 6;
/** A slip's pay date lies at most this many months before or after its month (back pay included). */
export const PAY_DATE_MONTHS = 12;

/** Months from `from` to `to`, both YYYY-MM (or a date, whose month is taken). */
const monthsBetween = (from: string, to: string) =>
  (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 +
  (Number(to.slice(5, 7)) - Number(from.slice(5, 7)));

/** Whether a month (YYYY-MM) lies more than MAX_MONTHS_AHEAD after today's (YYYY-MM-DD). */
export const periodTooFarAhead = (period: string, today: string): boolean =>
  monthsBetween(today, period) > MAX_MONTHS_AHEAD;

/** Reads one row's cells through the header, collecting its problems. */
class RowReader {
  constructor(
    private readonly row: SheetRow,
    private readonly header: string[],
    readonly problems: Problem[],
  ) {}

  private problem(index: number, key: MessageKey, params?: PlainMessageParams) {
    this.problems.push({ row: this.row.line, column: this.header[index] ?? '', key, params });
  }

  text(index: number | undefined, required = true): string | null {
    if (index === undefined) return null;
    if (this.row.formulas.includes(index)) return (this.problem(index, 'salary.formulaCell'), null);
    const value = this.row.cells[index] ?? '';
    if (value === '' && required) return (this.problem(index, 'salary.required'), null);
    return value;
  }

  amount(index: number | undefined, required = true): number | null {
    const value = this.text(index, required);
    if (value === null || value === '') return null;
    const fen = yuanToFen(value);
    if (fen === null) this.problem(index!, 'salary.amountInvalid', { value: value.slice(0, 40) });
    return fen;
  }

  date(index: number | undefined): string | null {
    const value = this.text(index);
    if (value === null) return null;
    const date = normaliseDate(value);
    if (date === null) this.problem(index!, 'salary.dateInvalid', { value: value.slice(0, 40) });
    return date;
  }

  /** The staff member the row names, checking the name when the file gives one. */
  person(staff: Staff, noAt: number | undefined, nameAt: number | undefined) {
    const staffNo = this.text(noAt);
    const name = this.text(nameAt, false);
    if (staffNo === null) return null;
    // A staff number is text: a number cell may have lost leading zeros or digits (issue 23).
    if (isNumberCell(this.row, noAt!))
      return (
        this.problem(noAt!, 'imports.numberCell', {
          column: this.header[noAt!] ?? '',
          row: this.row.line,
          value: staffNo.slice(0, 40),
        }),
        null
      );
    const person = staff.get(staffNo);
    if (!person)
      return (this.problem(noAt!, 'salary.personUnknown', { staffNo: staffNo.slice(0, 40) }), null);
    if (name && name !== person.name) this.problem(nameAt!, 'salary.nameMismatch', { staffNo });
    return person;
  }

  mismatch(index: number | undefined, expected: number, actual: number) {
    const column = this.header[index ?? -1] ?? '';
    this.problem(index ?? -1, 'salary.sumMismatch', {
      column,
      expected: formatYuan(expected, false),
      actual: formatYuan(actual, false),
    });
  }

  get line() {
    return this.row.line;
  }

  get clean() {
    return !this.problems.some((p) => p.row === this.row.line);
  }
}

/** Data rows, trailing blank lines dropped. */
const dataRows = (sheet: Sheet) => sheet.rows.filter((r) => !isBlankRow(r));

export interface SlipCheck {
  slips: NewSlip[];
  rows: number;
  problems: Problem[];
}

/** Every row of a month's slips checked: person, date, amounts, item sums, net, duplicates. */
export function checkSlipSheet(sheet: Sheet, staff: Staff, period: string): SlipCheck {
  const problems: Problem[] = [];
  const rows = dataRows(sheet);
  if (sheet.header.every((h) => h === '') || rows.length === 0)
    return { slips: [], rows: 0, problems: [{ row: 0, column: '', key: 'salary.fileEmpty' }] };
  const { at, items } = mapHeader(sheet.header, sheet.rows, SLIP_COLUMNS, true, problems);
  if (problems.length) return { slips: [], rows: rows.length, problems };
  const groups = new Set(items.map((i) => i.group));
  const firstRowOf = new Map<number, number>();
  const slips: NewSlip[] = [];
  for (const row of rows) {
    const read = new RowReader(row, sheet.header, problems);
    const person = read.person(staff, at.staffNo, at.name);
    let payDate = read.date(at.payDate);
    if (payDate !== null && Math.abs(monthsBetween(period, payDate)) > PAY_DATE_MONTHS) {
      problems.push({
        row: row.line,
        column: sheet.header[at.payDate!]!,
        key: 'salary.payDateFar',
        params: { value: payDate, period, max: PAY_DATE_MONTHS },
      });
      payDate = null;
    }
    const totals = {
      grossFen: read.amount(at.gross),
      deductionFen: read.amount(at.deductions),
      taxFen: read.amount(at.tax),
      netFen: read.amount(at.net),
    };
    const slipItems = items.flatMap((item) => {
      const amountFen = read.amount(item.index, false);
      return amountFen === null ? [] : [{ name: item.name, group: item.group, amountFen }];
    });
    if (person) {
      const first = firstRowOf.get(person.id);
      if (first !== undefined)
        problems.push({
          row: row.line,
          column: sheet.header[at.staffNo!]!,
          key: 'salary.duplicateRow',
          params: { row: first },
        });
      else firstRowOf.set(person.id, row.line);
    }
    if (!read.clean || !person || payDate === null) continue;
    const { grossFen, deductionFen, taxFen, netFen } = totals as Record<keyof typeof totals, number>;
    // A group's total must be its items' sum when the file itemises that group.
    const sums = itemTotals(slipItems);
    if (groups.has('income') && sums.grossFen !== grossFen) read.mismatch(at.gross, sums.grossFen, grossFen);
    if (groups.has('deduction') && sums.deductionFen !== deductionFen)
      read.mismatch(at.deductions, sums.deductionFen, deductionFen);
    if (groups.has('tax') && sums.taxFen !== taxFen) read.mismatch(at.tax, sums.taxFen, taxFen);
    if (!slipBalances({ grossFen, deductionFen, taxFen, netFen }))
      problems.push({
        row: row.line,
        column: sheet.header[at.net!]!,
        key: 'salary.netMismatch',
        params: {
          expected: formatYuan(grossFen - deductionFen - taxFen, false),
          actual: formatYuan(netFen, false),
        },
      });
    if (read.clean)
      slips.push({
        employeeId: person.id,
        period,
        payDate,
        grossFen,
        deductionFen,
        taxFen,
        netFen,
        items: slipItems,
      });
  }
  return { slips, rows: rows.length, problems };
}

export interface IncomeCheck {
  incomes: NewOtherIncome[];
  /** The file line of each income. */
  lines: number[];
  rows: number;
  problems: Problem[];
}

/** Every row of a batch of other income checked: person, project, date, amounts, amount − tax = net. */
export function checkIncomeSheet(sheet: Sheet, staff: Staff): IncomeCheck {
  const problems: Problem[] = [];
  const rows = dataRows(sheet);
  if (sheet.header.every((h) => h === '') || rows.length === 0)
    return { incomes: [], lines: [], rows: 0, problems: [{ row: 0, column: '', key: 'salary.fileEmpty' }] };
  const { at } = mapHeader(sheet.header, sheet.rows, INCOME_COLUMNS, false, problems);
  if (problems.length) return { incomes: [], lines: [], rows: rows.length, problems };
  const firstRowOf = new Map<string, number>();
  const incomes: NewOtherIncome[] = [];
  const lines: number[] = [];
  for (const row of rows) {
    const read = new RowReader(row, sheet.header, problems);
    const person = read.person(staff, at.staffNo, at.name);
    const project = read.text(at.project);
    const department = read.text(at.department);
    const paidOn = read.date(at.paidOn);
    const amountFen = read.amount(at.amount);
    const taxFen = read.amount(at.tax);
    const netFen = read.amount(at.net);
    if (!person || project === null || department === null || paidOn === null) continue;
    const key = [person.id, project, department, paidOn].join('\u0000');
    const first = firstRowOf.get(key);
    if (first !== undefined)
      problems.push({
        row: row.line,
        column: sheet.header[at.staffNo!]!,
        key: 'salary.duplicateIncome',
        params: { row: first },
      });
    else firstRowOf.set(key, row.line);
    if (!read.clean || amountFen === null || taxFen === null || netFen === null) continue;
    if (!otherIncomeBalances({ amountFen, taxFen, netFen })) {
      problems.push({
        row: row.line,
        column: sheet.header[at.net!]!,
        key: 'salary.incomeNetMismatch',
        params: { expected: formatYuan(amountFen - taxFen, false), actual: formatYuan(netFen, false) },
      });
      continue;
    }
    incomes.push({ employeeId: person.id, project, department, paidOn, amountFen, taxFen, netFen });
    lines.push(row.line);
  }
  return { incomes, lines, rows: rows.length, problems };
}
