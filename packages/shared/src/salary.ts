/**
 * Salary rules written once: the item groups of a slip and the one sum every slip must satisfy
 * (gross − deductions − tax = net), checked by the import and by the database's CHECK alike.
 */
/** The header carrying the salary step-up token (verify-phone, purpose 'salary'). */
export const SALARY_VERIFY_HEADER = 'salary-verify-token';

export const SALARY_GROUPS = ['income', 'deduction', 'tax'] as const;
export type SalaryGroup = (typeof SALARY_GROUPS)[number];

/** A stored group as its type (the column is CHECKed to these three). */
export const asSalaryGroup = (value: string): SalaryGroup =>
  SALARY_GROUPS.find((group) => group === value) ?? 'income';

/** A month as the wire and the files carry it: YYYY-MM. */
export const PERIOD_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;
export const isPeriod = (text: string): boolean => PERIOD_PATTERN.test(text);

export interface SlipTotals {
  grossFen: number;
  deductionFen: number;
  taxFen: number;
  netFen: number;
}

/** The totals of a slip's items, group by group. */
export function itemTotals(items: readonly { group: SalaryGroup; amountFen: number }[]) {
  const sum = (group: SalaryGroup) =>
    items.filter((i) => i.group === group).reduce((total, i) => total + i.amountFen, 0);
  return { grossFen: sum('income'), deductionFen: sum('deduction'), taxFen: sum('tax') };
}

/** gross − deductions − tax = net. */
export const slipBalances = (t: SlipTotals): boolean => t.grossFen - t.deductionFen - t.taxFen === t.netFen;

/** Other income: amount − tax = net. */
export const otherIncomeBalances = (t: { amountFen: number; taxFen: number; netFen: number }): boolean =>
  t.amountFen - t.taxFen === t.netFen;
