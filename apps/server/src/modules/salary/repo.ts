/**
 * SQL of salary slips and other income. Every read carries the tenant and the person, so nobody
 * reads another person's pay; the finance office's reads carry the tenant.
 */
import type { SalaryGroup } from '@cf/shared/salary';
import { and, asc, count, desc, eq, gt, inArray, like, lt, or, sql, type AnyColumn } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { rawStatement, rowFromDriver } from '@server/db/raw-statement';
import { employees } from '@server/db/schema';
import { otherIncomes, salaryItems, salarySlips } from '@server/db/schema-salary';
import type { Tx } from '@server/db/transaction';

export type OtherIncomeRow = typeof otherIncomes.$inferSelect;
type Reader = Db | Tx;

const ofPerson = (tenantId: string, employeeId: number) =>
  and(eq(salarySlips.tenantId, tenantId), eq(salarySlips.employeeId, employeeId));

/**
 * Every slip of the person, newest first, without its lines: the salary index's one read (years, the
 * year's months and totals, the last twelve are taken from it). A named prepared statement: the
 * index is a busy read in the week slips come out.
 */
const personSlips = rawStatement<Record<string, unknown>>(
  'salary_person_slips',
  sql`SELECT * FROM ${salarySlips}
       WHERE ${salarySlips.tenantId} = ${sql.placeholder('tenantId')}
         AND ${salarySlips.employeeId} = ${sql.placeholder('employeeId')}
       ORDER BY ${salarySlips.period} DESC`,
);

export async function slipsOfPerson(db: Reader, tenantId: string, employeeId: number) {
  return (await personSlips(db, { tenantId, employeeId })).map((raw) => rowFromDriver(salarySlips, raw));
}

export async function findSlip(db: Reader, tenantId: string, employeeId: number, id: number) {
  const [row] = await db
    .select()
    .from(salarySlips)
    .where(and(ofPerson(tenantId, employeeId), eq(salarySlips.id, id)));
  return row;
}

export async function slipItems(db: Reader, slipIds: number[]) {
  if (slipIds.length === 0) return [];
  return db
    .select()
    .from(salaryItems)
    .where(inArray(salaryItems.slipId, slipIds))
    .orderBy(asc(salaryItems.slipId), asc(salaryItems.sort));
}

/** The person's slips just before and after a month. */
export async function neighbourSlips(db: Reader, tenantId: string, employeeId: number, period: string) {
  const [prev] = await db
    .select({ id: salarySlips.id })
    .from(salarySlips)
    .where(and(ofPerson(tenantId, employeeId), lt(salarySlips.period, period)))
    .orderBy(desc(salarySlips.period))
    .limit(1);
  const [next] = await db
    .select({ id: salarySlips.id })
    .from(salarySlips)
    .where(and(ofPerson(tenantId, employeeId), gt(salarySlips.period, period)))
    .orderBy(asc(salarySlips.period))
    .limit(1);
  return { prevId: prev?.id ?? null, nextId: next?.id ?? null };
}

const incomeOf = (tenantId: string, employeeId: number) =>
  and(eq(otherIncomes.tenantId, tenantId), eq(otherIncomes.employeeId, employeeId));

export async function incomeYears(db: Reader, tenantId: string, employeeId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ year: sql<string>`substr(${otherIncomes.paidOn}, 1, 4)` })
    .from(otherIncomes)
    .where(incomeOf(tenantId, employeeId));
  return rows.map((r) => Number(r.year)).sort((a, b) => b - a);
}

export async function incomesOfYear(db: Reader, tenantId: string, employeeId: number, year: number) {
  return db
    .select()
    .from(otherIncomes)
    .where(and(incomeOf(tenantId, employeeId), like(otherIncomes.paidOn, `${year}-%`)))
    .orderBy(desc(otherIncomes.paidOn), desc(otherIncomes.id));
}

export async function findIncome(db: Reader, tenantId: string, employeeId: number, id: number) {
  const [row] = await db
    .select()
    .from(otherIncomes)
    .where(and(incomeOf(tenantId, employeeId), eq(otherIncomes.id, id)));
  return row;
}

/* ---- loading ---- */

/** Staff of the tenant by staff number: who a file may name. */
export async function staffByNumber(db: Reader, tenantId: string) {
  const rows = await db
    .select({ id: employees.id, no: employees.employeeNo, name: employees.employeeName })
    .from(employees)
    .where(eq(employees.tenantId, tenantId));
  return new Map(rows.map((r) => [r.no, r]));
}

/** Staff (employees.id) who have a slip of the month. */
export async function slipHoldersOfPeriod(
  db: Reader,
  tenantId: string,
  period: string,
): Promise<Set<number>> {
  const rows = await db
    .select({ employeeId: salarySlips.employeeId })
    .from(salarySlips)
    .where(and(eq(salarySlips.tenantId, tenantId), eq(salarySlips.period, period)));
  return new Set(rows.map((r) => r.employeeId));
}

export async function deleteSlipsOfPeriod(tx: Tx, tenantId: string, period: string): Promise<number> {
  const gone = await tx
    .delete(salarySlips)
    .where(and(eq(salarySlips.tenantId, tenantId), eq(salarySlips.period, period)))
    .returning({ id: salarySlips.id });
  return gone.length;
}

export interface NewSlip {
  employeeId: number;
  period: string;
  payDate: string;
  grossFen: number;
  deductionFen: number;
  taxFen: number;
  netFen: number;
  items: { name: string; group: SalaryGroup; amountFen: number }[];
}

/** Rows per INSERT: PostgreSQL takes at most 65,535 parameters in one statement. */
const CHUNK = 1000;

/** Inserts the slips and their items, a thousand rows per statement. */
export async function insertSlips(tx: Tx, tenantId: string, slips: NewSlip[]): Promise<void> {
  for (let start = 0; start < slips.length; start += CHUNK) {
    const chunk = slips.slice(start, start + CHUNK);
    const ids = await tx
      .insert(salarySlips)
      .values(chunk.map(({ items: _items, ...slip }) => ({ tenantId, ...slip })))
      .returning({ id: salarySlips.id });
    const items = chunk.flatMap((slip, i) =>
      slip.items.map((item, sort) => ({ slipId: ids[i]!.id, sort, ...item })),
    );
    for (let at = 0; at < items.length; at += CHUNK * 5)
      await tx.insert(salaryItems).values(items.slice(at, at + CHUNK * 5));
  }
}

export type NewOtherIncome = Omit<OtherIncomeRow, 'id' | 'tenantId' | 'createdAt'>;

export async function insertIncomes(tx: Tx, tenantId: string, rows: NewOtherIncome[]): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK)
    await tx.insert(otherIncomes).values(rows.slice(start, start + CHUNK).map((r) => ({ tenantId, ...r })));
}

/** Records already stored under the keys of a batch (person, project, department, date). */
export async function storedIncomeKeys(db: Reader, tenantId: string, employeeIds: number[]) {
  if (employeeIds.length === 0) return new Set<string>();
  const rows = await db
    .select({
      employeeId: otherIncomes.employeeId,
      project: otherIncomes.project,
      department: otherIncomes.department,
      paidOn: otherIncomes.paidOn,
    })
    .from(otherIncomes)
    .where(and(eq(otherIncomes.tenantId, tenantId), inArray(otherIncomes.employeeId, employeeIds)));
  return new Set(rows.map(incomeKey));
}

export const incomeKey = (r: { employeeId: number; project: string; department: string; paidOn: string }) =>
  `${r.employeeId}\u0000${r.project}\u0000${r.department}\u0000${r.paidOn}`;

/** The finance office's view: slips of its tenant with the person's number and name. */
export async function adminSlips(
  db: Reader,
  tenantId: string,
  filter: { period?: string; staff?: string },
  paging: { offset: number; limit: number },
) {
  const where = and(
    eq(salarySlips.tenantId, tenantId),
    filter.period ? eq(salarySlips.period, filter.period) : undefined,
    filter.staff
      ? or(eq(employees.employeeNo, filter.staff), eq(employees.employeeName, filter.staff))
      : undefined,
  );
  const base = db
    .select({ slip: salarySlips, staffNo: employees.employeeNo, staffName: employees.employeeName })
    .from(salarySlips)
    .innerJoin(
      employees,
      and(eq(employees.id, salarySlips.employeeId), eq(employees.tenantId, salarySlips.tenantId)),
    )
    .where(where);
  const rows = await base
    .orderBy(desc(salarySlips.period), asc(employees.employeeNo))
    .offset(paging.offset)
    .limit(paging.limit);
  const [total] = await db
    .select({ n: count() })
    .from(salarySlips)
    .innerJoin(
      employees,
      and(eq(employees.id, salarySlips.employeeId), eq(employees.tenantId, salarySlips.tenantId)),
    )
    .where(where);
  return { rows, total: Number(total?.n ?? 0) };
}

const total = (column: AnyColumn) => sql<number>`coalesce(sum(${column}), 0)::bigint`.mapWith(Number);
const newest = (column: AnyColumn) =>
  sql<string>`max(${column})`.mapWith((v: unknown) => new Date(v as string).toISOString());

/** The months the tenant has slips of, newest first, with their counts and sums. */
export async function loadedMonths(db: Reader, tenantId: string) {
  return db
    .select({
      period: salarySlips.period,
      slips: count().mapWith(Number),
      grossFen: total(salarySlips.grossFen),
      netFen: total(salarySlips.netFen),
      payDate: sql<string>`max(${salarySlips.payDate})`,
      loadedAt: newest(salarySlips.createdAt),
    })
    .from(salarySlips)
    .where(eq(salarySlips.tenantId, tenantId))
    .groupBy(salarySlips.period)
    .orderBy(desc(salarySlips.period));
}

/** Other income grouped as it is paid (project, department, date), latest loaded first; paged. */
export async function incomeBatches(db: Reader, tenantId: string, page: { offset: number; limit: number }) {
  const rows = await db
    .select({
      project: otherIncomes.project,
      department: otherIncomes.department,
      paidOn: otherIncomes.paidOn,
      records: count().mapWith(Number),
      amountFen: total(otherIncomes.amountFen),
      taxFen: total(otherIncomes.taxFen),
      netFen: total(otherIncomes.netFen),
      loadedAt: newest(otherIncomes.createdAt),
      total: sql<number>`count(*) OVER ()`.mapWith(Number),
    })
    .from(otherIncomes)
    .where(eq(otherIncomes.tenantId, tenantId))
    .groupBy(otherIncomes.project, otherIncomes.department, otherIncomes.paidOn)
    .orderBy(sql`max(${otherIncomes.createdAt}) DESC`, desc(otherIncomes.paidOn), asc(otherIncomes.project))
    .limit(page.limit)
    .offset(page.offset);
  return { rows: rows.map(({ total: _t, ...r }) => r), total: rows[0]?.total ?? 0 };
}
