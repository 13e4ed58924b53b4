/**
 * The receivables a reminder filter chases, with the person each is owed by (within one tenant), and
 * what the filter screen offers to choose from. Owed is not computed here: audience.ts applies the one
 * money rule (@cf/shared/fees) to the facts these rows carry.
 */
import { maskIdCard } from '@cf/shared/mask';
import type { ReminderFilter, ReminderOptions } from '@cf/shared/wire/admin-reminders';
import { and, asc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { employees, otherPeople, students } from '@server/db/schema';
import { bills, receivables } from '@server/db/schema-finance';
import { dayStart } from '@server/http/search';

const DAY_MS = 24 * 3600 * 1000;

export interface ChasedRow {
  id: number;
  category: string;
  personType: string;
  personId: number;
  personNo: string;
  personName: string;
  className: string | null;
  schoolYear: string;
  itemName: string;
  itemNameEn: string;
  dueDate: Date | null;
  payableFen: number;
  reductionFen: number;
  deferredFen: number;
  deferredDeductionFen: number;
  receivedFen: number;
  refundFen: number;
  /** An other-means payment of it waits for the office's review. */
  inReview: boolean;
}

/** The filter as conditions on receivables and students (grade, college and class are students' only). */
function conditions(tenantId: string, filter: ReminderFilter): SQL {
  const studentOnly = filter.startYear !== undefined || !!filter.college || !!filter.className;
  return and(
    eq(receivables.tenantId, tenantId),
    eq(receivables.itemCode, filter.itemCode),
    sql`${receivables.personType} IN ('student', 'employee', 'other')`,
    filter.schoolYear ? eq(receivables.schoolYear, filter.schoolYear) : undefined,
    studentOnly ? eq(receivables.personType, 'student') : undefined,
    filter.startYear !== undefined ? eq(students.startYear, filter.startYear) : undefined,
    filter.college ? eq(students.college, filter.college) : undefined,
    filter.className ? eq(students.className, filter.className) : undefined,
    filter.dueBefore
      ? lt(receivables.dueDate, new Date(dayStart(filter.dueBefore).getTime() + DAY_MS))
      : undefined,
    filter.dueOn ? gte(receivables.dueDate, dayStart(filter.dueOn)) : undefined,
    filter.dueOn ? lt(receivables.dueDate, new Date(dayStart(filter.dueOn).getTime() + DAY_MS)) : undefined,
  )!;
}

/** Every receivable of the filter with its person, in person order (one statement). */
export async function chasedReceivables(
  db: Db,
  tenantId: string,
  filter: ReminderFilter,
): Promise<ChasedRow[]> {
  const rows = await db
    .select({
      id: receivables.id,
      category: receivables.category,
      personType: receivables.personType,
      personId: receivables.personId,
      studentNo: students.studentNo,
      employeeNo: employees.employeeNo,
      otherIdCard: otherPeople.idCard,
      personName: sql<
        string | null
      >`coalesce(${students.studentName}, ${employees.employeeName}, ${otherPeople.name})`,
      className: students.className,
      schoolYear: receivables.schoolYear,
      itemName: receivables.itemName,
      itemNameEn: receivables.itemNameEn,
      dueDate: receivables.dueDate,
      payableFen: receivables.payableFen,
      reductionFen: receivables.reductionFen,
      deferredFen: receivables.deferredFen,
      deferredDeductionFen: receivables.deferredDeductionFen,
      receivedFen: receivables.receivedFen,
      refundFen: receivables.refundFen,
      inReview: sql<boolean>`EXISTS (SELECT 1 FROM ${bills} b WHERE b.tenant_id = ${receivables.tenantId}
        AND b.receivable_id = ${receivables.id} AND b.kind = 'CHARGE' AND b.status = 1)`,
    })
    .from(receivables)
    .leftJoin(
      students,
      and(
        eq(receivables.personType, 'student'),
        eq(students.id, receivables.personId),
        eq(students.tenantId, receivables.tenantId),
      ),
    )
    .leftJoin(
      employees,
      and(
        eq(receivables.personType, 'employee'),
        eq(employees.id, receivables.personId),
        eq(employees.tenantId, receivables.tenantId),
      ),
    )
    .leftJoin(
      otherPeople,
      and(
        eq(receivables.personType, 'other'),
        eq(otherPeople.id, receivables.personId),
        eq(otherPeople.tenantId, receivables.tenantId),
      ),
    )
    .where(conditions(tenantId, filter))
    .orderBy(asc(receivables.personType), asc(receivables.personId), asc(receivables.id));
  return rows.map((r) => ({
    ...r,
    personNo: r.studentNo ?? r.employeeNo ?? maskIdCard(r.otherIdCard) ?? '',
    personName: r.personName ?? '',
    inReview: r.inReview === true || String(r.inReview) === 't',
  }));
}

/** Whether the tenant has receivables of the item at all. */
export async function itemExists(db: Db, tenantId: string, itemCode: string): Promise<boolean> {
  const [row] = await db
    .select({ id: receivables.id })
    .from(receivables)
    .where(and(eq(receivables.tenantId, tenantId), eq(receivables.itemCode, itemCode)))
    .limit(1);
  return !!row;
}

/** The items the tenant's receivables name, with their years and due days, and the students' grades, colleges and classes. */
export async function reminderOptions(db: Db, tenantId: string): Promise<ReminderOptions> {
  const [items, people] = await Promise.all([
    db
      .select({
        itemCode: receivables.itemCode,
        itemName: sql<string>`min(${receivables.itemName})`,
        itemNameEn: sql<string>`min(${receivables.itemNameEn})`,
        schoolYears: sql<
          string[]
        >`json_agg(DISTINCT ${receivables.schoolYear} ORDER BY ${receivables.schoolYear})`,
        firstDue: sql<Date | null>`min(${receivables.dueDate})`.mapWith(receivables.dueDate),
        lastDue: sql<Date | null>`max(${receivables.dueDate})`.mapWith(receivables.dueDate),
      })
      .from(receivables)
      .where(eq(receivables.tenantId, tenantId))
      .groupBy(receivables.itemCode)
      .orderBy(asc(receivables.itemCode)),
    db
      .select({
        startYears: sql<
          number[] | null
        >`json_agg(DISTINCT ${students.startYear}) FILTER (WHERE ${students.startYear} IS NOT NULL)`,
        colleges: sql<
          string[] | null
        >`json_agg(DISTINCT ${students.college}) FILTER (WHERE ${students.college} <> '')`,
        classNames: sql<
          string[] | null
        >`json_agg(DISTINCT ${students.className}) FILTER (WHERE ${students.className} <> '')`,
      })
      .from(students)
      .where(eq(students.tenantId, tenantId)),
  ]);
  const [p] = people;
  return {
    items: items.map((i) => ({
      ...i,
      schoolYears: (i.schoolYears ?? []).filter((y) => y !== ''),
      firstDue: i.firstDue ? new Date(i.firstDue).toISOString() : null,
      lastDue: i.lastDue ? new Date(i.lastDue).toISOString() : null,
    })),
    startYears: [...(p?.startYears ?? [])].map(Number).sort((a, b) => b - a),
    colleges: [...(p?.colleges ?? [])].sort(),
    classNames: [...(p?.classNames ?? [])].sort(),
  };
}
