/** Queries of charge and refund bills; every one carries the tenant, and the person or order it is about. */
import { and, count, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '@server/db/client';
import { employees, otherPeople, students } from '@server/db/schema';
import { bills, enrollees, receivables, type OrderType } from '@server/db/schema-finance';
import type { PageQuery } from '@server/http/envelope';
import type { Person } from './person';
import type { BillRow } from './views';

export async function billsOfReceivable(db: Db, tenantId: string, receivableId: number): Promise<BillRow[]> {
  return db
    .select()
    .from(bills)
    .where(and(eq(bills.tenantId, tenantId), eq(bills.receivableId, receivableId)))
    .orderBy(desc(bills.billDate), desc(bills.id));
}

/**
 * A page of the person's bills of one category: FEE bills are those of student-fee receivables;
 * OTHER bills those of comprehensive receivables and of catalogue items (no receivable).
 */
export async function billsOfPerson(
  db: Db,
  tenantId: string,
  person: Pick<Person, 'type' | 'id'>,
  category: OrderType,
  page: PageQuery,
): Promise<{ rows: BillRow[]; total: number }> {
  const where = and(
    eq(bills.tenantId, tenantId),
    eq(bills.personType, person.type),
    eq(bills.personId, person.id),
    category === 'FEE'
      ? eq(receivables.category, 'FEE')
      : or(isNull(bills.receivableId), eq(receivables.category, 'OTHER')),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ bill: bills })
      .from(bills)
      .leftJoin(receivables, eq(receivables.id, bills.receivableId))
      .where(where)
      .orderBy(desc(bills.billDate), desc(bills.id))
      .limit(page.size)
      .offset((page.current - 1) * page.size),
    db
      .select({ total: count() })
      .from(bills)
      .leftJoin(receivables, eq(receivables.id, bills.receivableId))
      .where(where),
  ]);
  return { rows: rows.map((r) => r.bill), total: Number(total?.total ?? 0) };
}

export async function insertOfflineBill(tx: Tx, values: typeof bills.$inferInsert): Promise<BillRow> {
  const [row] = await tx.insert(bills).values(values).returning();
  return row!;
}

/** Bills of the tenant in one status, newest first, with the name of the person they belong to. */
export async function billsForReview(
  db: Db,
  tenantId: string,
  status: number,
  page: PageQuery,
): Promise<{ rows: (BillRow & { personName: string; personNo: string | null })[]; total: number }> {
  const where = and(eq(bills.tenantId, tenantId), eq(bills.status, status));
  // The school's number of the payer (student, staff or admission number); outside people have none.
  const personNo = sql<string | null>`case ${bills.personType}
        when 'student' then ${students.studentNo}
        when 'employee' then ${employees.employeeNo}
        when 'enrollee' then ${enrollees.admissionNo}
      end`;
  const personName = sql<string>`coalesce(
      case ${bills.personType}
        when 'student' then ${students.studentName}
        when 'employee' then ${employees.employeeName}
        when 'other' then ${otherPeople.name}
        when 'enrollee' then ${enrollees.name}
      end, '')`;
  const [rows, [total]] = await Promise.all([
    db
      .select({ bill: bills, personName, personNo })
      .from(bills)
      .leftJoin(students, and(eq(bills.personType, 'student'), eq(students.id, bills.personId)))
      .leftJoin(employees, and(eq(bills.personType, 'employee'), eq(employees.id, bills.personId)))
      .leftJoin(otherPeople, and(eq(bills.personType, 'other'), eq(otherPeople.id, bills.personId)))
      .leftJoin(enrollees, and(eq(bills.personType, 'enrollee'), eq(enrollees.id, bills.personId)))
      .where(where)
      .orderBy(desc(bills.createdAt), desc(bills.id))
      .limit(page.size)
      .offset((page.current - 1) * page.size),
    db.select({ total: count() }).from(bills).where(where),
  ]);
  return {
    rows: rows.map((r) => ({ ...r.bill, personName: r.personName, personNo: r.personNo ?? null })),
    total: Number(total?.total ?? 0),
  };
}
