/**
 * "The caller's person": whom the caller's binding points at (student, employee or other person).
 * Fees and orders are that person's; a WeChat visitor has none (enrolment fees go through /enroll).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { rawStatement } from '@server/db/raw-statement';
import type { PersonType } from '@server/db/schema-finance';
import { badRequest } from '@server/http/errors';

export interface Person {
  type: PersonType;
  id: number;
  name: string;
  /** student | employee | other: matched against a fee item's user types. */
  userType: string;
}

/**
 * The caller's active binding as one JSON value (or NULL), with the name of whoever it points at, all
 * within the tenant; placeholders tenantId and userId. A binding waiting for the finance office (or
 * refused) reads nothing: binding-status.ts. Also a part of order creation's one read (order/create-facts.ts).
 */
export const callerBindingJson = sql`(
  SELECT json_build_object('userType', b.user_type, 'studentId', b.student_id, 'employeeId', b.employee_id,
           'otherId', b.other_id, 'name', coalesce(s.student_name, e.employee_name, o.name))
    FROM user_bindings b
    LEFT JOIN students s ON s.id = b.student_id AND s.tenant_id = b.tenant_id
    LEFT JOIN employees e ON e.id = b.employee_id AND e.tenant_id = b.tenant_id
    LEFT JOIN other_people o ON o.id = b.other_id AND o.tenant_id = b.tenant_id
   WHERE b.tenant_id = ${sql.placeholder('tenantId')} AND b.user_id = ${sql.placeholder('userId')}
     AND b.status = 'active'
   ORDER BY b.id LIMIT 1)`;

/** callerBindingJson as it arrives (the driver parses JSON). */
export interface CallerBinding {
  userType: string;
  studentId: number | null;
  employeeId: number | null;
  otherId: number | null;
  name: string | null;
}

/** The person a binding points at, or null when it points at nobody (or nobody with a name). */
export function personOfBinding(row: CallerBinding | null): Person | null {
  if (!row || row.name === null) return null;
  if (row.studentId) return { type: 'student', id: row.studentId, name: row.name, userType: row.userType };
  if (row.employeeId) return { type: 'employee', id: row.employeeId, name: row.name, userType: row.userType };
  if (row.otherId) return { type: 'other', id: row.otherId, name: row.name, userType: row.userType };
  return null;
}

const callerBinding = rawStatement<{ binding: CallerBinding | null }>(
  'caller_person',
  sql`SELECT ${callerBindingJson} AS binding`,
);

/** One prepared statement: the caller's person, or null (a visitor, no binding, a pending one). */
export async function findCallerPerson(db: Db, tenantId: string, userId: number): Promise<Person | null> {
  if (userId <= 0) return null;
  const [row] = await callerBinding(db, { tenantId, userId });
  return personOfBinding(row?.binding ?? null);
}

/** The caller's person, or 400 'not bound' for routes that are about one's own fees. */
export async function requireCallerPerson(db: Db, tenantId: string, userId: number): Promise<Person> {
  const person = await findCallerPerson(db, tenantId, userId);
  if (!person) throw badRequest('bind.notBound');
  return person;
}
