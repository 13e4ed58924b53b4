/** What a staff member reads of their pay: a year of slips with totals, a slip, other income. */
import type { OtherIncome, OtherIncomeYear, SalaryIndex, SlipDetail } from '@cf/shared/wire/salary';
import { asSalaryGroup } from '@cf/shared/salary';
import type { Db } from '@server/db/client';
import { notFound } from '@server/http/errors';
import {
  findIncome,
  findSlip,
  incomesOfYear,
  incomeYears,
  neighbourSlips,
  slipItems,
  slipsOfPerson,
  type OtherIncomeRow,
} from './repo';
import type { Payee } from './step-up';

export async function salaryIndex(db: Db, payee: Payee, askedYear?: number): Promise<SalaryIndex> {
  const { tenantId, employeeId } = payee;
  const all = await slipsOfPerson(db, tenantId, employeeId);
  const years = [...new Set(all.map((s) => Number(s.period.slice(0, 4))))];
  // The asked year (empty when it has no slips), else the newest year with slips.
  const year = askedYear ?? years[0] ?? null;
  const slips = year === null ? [] : all.filter((s) => s.period.startsWith(`${year}-`));
  const latest = all.slice(0, 12).map((s) => ({ period: s.period, netFen: s.netFen }));
  const sum = (pick: (s: (typeof slips)[number]) => number) => slips.reduce((t, s) => t + pick(s), 0);
  return {
    years,
    year,
    months: slips.map((s) => ({ id: s.id, period: s.period, payDate: s.payDate, netFen: s.netFen })),
    totals: {
      grossFen: sum((s) => s.grossFen),
      deductionFen: sum((s) => s.deductionFen),
      taxFen: sum((s) => s.taxFen),
      netFen: sum((s) => s.netFen),
    },
    lastTwelve: latest.reverse(),
  };
}

export async function slipDetail(db: Db, payee: Payee, id: number): Promise<SlipDetail> {
  const slip = await findSlip(db, payee.tenantId, payee.employeeId, id);
  if (!slip) throw notFound('salary.slipNotFound');
  const items = await slipItems(db, [slip.id]);
  return {
    id: slip.id,
    period: slip.period,
    payDate: slip.payDate,
    grossFen: slip.grossFen,
    deductionFen: slip.deductionFen,
    taxFen: slip.taxFen,
    netFen: slip.netFen,
    items: items.map((i) => ({
      name: i.name,
      group: asSalaryGroup(i.group),
      amountFen: i.amountFen,
    })),
    ...(await neighbourSlips(db, payee.tenantId, payee.employeeId, slip.period)),
  };
}

const incomeView = (r: OtherIncomeRow): OtherIncome => ({
  id: r.id,
  project: r.project,
  department: r.department,
  paidOn: r.paidOn,
  amountFen: r.amountFen,
  taxFen: r.taxFen,
  netFen: r.netFen,
});

export async function otherIncomeYear(db: Db, payee: Payee, askedYear?: number): Promise<OtherIncomeYear> {
  const years = await incomeYears(db, payee.tenantId, payee.employeeId);
  const year = askedYear ?? years[0] ?? null;
  const rows = year === null ? [] : await incomesOfYear(db, payee.tenantId, payee.employeeId, year);
  const sum = (pick: (r: OtherIncomeRow) => number) => rows.reduce((t, r) => t + pick(r), 0);
  return {
    years,
    year,
    records: rows.map(incomeView),
    totals: {
      amountFen: sum((r) => r.amountFen),
      taxFen: sum((r) => r.taxFen),
      netFen: sum((r) => r.netFen),
    },
  };
}

export async function otherIncomeDetail(db: Db, payee: Payee, id: number): Promise<OtherIncome> {
  const row = await findIncome(db, payee.tenantId, payee.employeeId, id);
  if (!row) throw notFound('salary.incomeNotFound');
  return incomeView(row);
}
