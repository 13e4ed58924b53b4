/** Queries of the finance office's review of bindings: the tenant's bindings in one status, one by id. */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { employees, otherPeople, students, userBindings, users } from '@server/db/schema';
import type { PageQuery } from '@server/http/envelope';
import type { BindingStatus } from './binding-status';

const reviewColumns = {
  id: userBindings.id,
  status: userBindings.status,
  userType: userBindings.userType,
  createdAt: userBindings.createdAt,
  decidedAt: userBindings.decidedAt,
  decisionNote: userBindings.decisionNote,
  submitted: userBindings.submitted,
  userId: users.id,
  account: users.account,
  nickName: users.nickName,
  userPhone: users.phone,
  personNo: sql<string | null>`coalesce(${students.studentNo}, ${employees.employeeNo})`,
  personName: sql<
    string | null
  >`coalesce(${students.studentName}, ${employees.employeeName}, ${otherPeople.name})`,
  idCard: sql<string | null>`coalesce(${students.idCard}, ${employees.idCard}, ${otherPeople.idCard})`,
  heldPhone: sql<string | null>`coalesce(${students.phone}, ${employees.phone}, ${otherPeople.phone})`,
  // How many people of the tenant hold this ID number (students, staff, outside people): more than one
  // is worth a look before approving.
  sameIdCard: sql<number>`(
    SELECT count(*) FROM (
      SELECT s2.id FROM students s2 WHERE s2.tenant_id = ${userBindings.tenantId}
        AND upper(s2.id_card) = upper(coalesce(${students.idCard}, ${employees.idCard}, ${otherPeople.idCard}))
      UNION ALL
      SELECT e2.id FROM employees e2 WHERE e2.tenant_id = ${userBindings.tenantId}
        AND upper(e2.id_card) = upper(coalesce(${students.idCard}, ${employees.idCard}, ${otherPeople.idCard}))
      UNION ALL
      SELECT o2.id FROM other_people o2 WHERE o2.tenant_id = ${userBindings.tenantId}
        AND upper(o2.id_card) = upper(coalesce(${students.idCard}, ${employees.idCard}, ${otherPeople.idCard}))
    ) same
  )::int`,
};

function reviewQuery(db: Db) {
  return db
    .select(reviewColumns)
    .from(userBindings)
    .innerJoin(users, and(eq(users.id, userBindings.userId), eq(users.tenantId, userBindings.tenantId)))
    .leftJoin(
      students,
      and(eq(students.id, userBindings.studentId), eq(students.tenantId, userBindings.tenantId)),
    )
    .leftJoin(
      employees,
      and(eq(employees.id, userBindings.employeeId), eq(employees.tenantId, userBindings.tenantId)),
    )
    .leftJoin(
      otherPeople,
      and(eq(otherPeople.id, userBindings.otherId), eq(otherPeople.tenantId, userBindings.tenantId)),
    );
}

export async function bindingsInStatus(db: Db, tenantId: string, status: BindingStatus, q: PageQuery) {
  const where = and(eq(userBindings.tenantId, tenantId), eq(userBindings.status, status));
  const [rows, [total]] = await Promise.all([
    reviewQuery(db)
      .where(where)
      .orderBy(desc(userBindings.createdAt), desc(userBindings.id))
      .limit(q.size)
      .offset((q.current - 1) * q.size),
    db.select({ n: count() }).from(userBindings).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function findBindingForReview(db: Db, tenantId: string, id: number) {
  const [row] = await reviewQuery(db).where(
    and(eq(userBindings.tenantId, tenantId), eq(userBindings.id, id)),
  );
  return row;
}

export type BindingReviewRow = NonNullable<Awaited<ReturnType<typeof findBindingForReview>>>;
