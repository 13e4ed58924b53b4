/**
 * "The caller's person": whom the caller's binding points at (student, employee or other person).
 * Fees and orders are that person's; a WeChat visitor has none (enrolment fees go through /enroll).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { employees, otherPeople, students, userBindings } from '@server/db/schema';
import type { PersonType } from '@server/db/schema-finance';
import { badRequest } from '@server/http/errors';

export interface Person {
  type: PersonType;
  id: number;
  name: string;
  /** student | employee | other: matched against a fee item's user types. */
  userType: string;
}

/** One query: the binding with the name of whoever it points at, all within the tenant. */
export async function findCallerPerson(db: Db, tenantId: string, userId: number): Promise<Person | null> {
  if (userId <= 0) return null;
  const [row] = await db
    .select({
      userType: userBindings.userType,
      studentId: userBindings.studentId,
      employeeId: userBindings.employeeId,
      otherId: userBindings.otherId,
      name: sql<
        string | null
      >`coalesce(${students.studentName}, ${employees.employeeName}, ${otherPeople.name})`,
    })
    .from(userBindings)
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
    )
    .where(
      and(
        eq(userBindings.tenantId, tenantId),
        eq(userBindings.userId, userId),
        // A binding waiting for the finance office (or refused) reads nothing: binding-status.ts.
        eq(userBindings.status, 'active'),
      ),
    );
  if (!row || row.name === null) return null;
  if (row.studentId) return { type: 'student', id: row.studentId, name: row.name, userType: row.userType };
  if (row.employeeId) return { type: 'employee', id: row.employeeId, name: row.name, userType: row.userType };
  if (row.otherId) return { type: 'other', id: row.otherId, name: row.name, userType: row.userType };
  return null;
}

/** The caller's person, or 400 'not bound' for routes that are about one's own fees. */
export async function requireCallerPerson(db: Db, tenantId: string, userId: number): Promise<Person> {
  const person = await findCallerPerson(db, tenantId, userId);
  if (!person) throw badRequest('bind.notBound');
  return person;
}
