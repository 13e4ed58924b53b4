/** Queries of the people a school knows (students, employees, others), always within one tenant. */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { employees, otherPeople, students } from '@server/db/schema';

export type StudentRow = typeof students.$inferSelect;
export type EmployeeRow = typeof employees.$inferSelect;
export type OtherPersonRow = typeof otherPeople.$inferSelect;

/** An ID number as stored: trimmed, final check letter upper-case. */
export const normalizeIdCard = (value: string): string => value.trim().toUpperCase();

/** Spellings of one ID number a school may have stored (final X upper or lower), so the index is used. */
export function idCardSpellings(value: string): string[] {
  const upper = normalizeIdCard(value);
  return upper.endsWith('X') ? [upper, `${upper.slice(0, -1)}x`] : [upper];
}

export async function findStudentsByIdCard(db: Db, tenantId: string, idCard: string): Promise<StudentRow[]> {
  return db
    .select()
    .from(students)
    .where(and(eq(students.tenantId, tenantId), inArray(students.idCard, idCardSpellings(idCard))))
    .orderBy(asc(students.startYear), asc(students.studentNo));
}

export async function findStudentByNo(
  db: Db,
  tenantId: string,
  studentNo: string,
): Promise<StudentRow | undefined> {
  const [row] = await db
    .select()
    .from(students)
    .where(and(eq(students.tenantId, tenantId), eq(students.studentNo, studentNo.trim())));
  return row;
}

export async function findEmployeeByNo(
  db: Db,
  tenantId: string,
  employeeNo: string,
): Promise<EmployeeRow | undefined> {
  const [row] = await db
    .select()
    .from(employees)
    .where(and(eq(employees.tenantId, tenantId), eq(employees.employeeNo, employeeNo.trim())));
  return row;
}

export async function findEmployeesByIdCard(
  db: Db,
  tenantId: string,
  idCard: string,
): Promise<EmployeeRow[]> {
  return db
    .select()
    .from(employees)
    .where(and(eq(employees.tenantId, tenantId), inArray(employees.idCard, idCardSpellings(idCard))));
}

export async function updateEmployeePasswordHash(db: Db, tenantId: string, id: number, hash: string) {
  await db
    .update(employees)
    .set({ passwordHash: hash })
    .where(and(eq(employees.tenantId, tenantId), eq(employees.id, id)));
}

export async function findOtherPerson(
  db: Db,
  tenantId: string,
  idType: number,
  idCard: string,
): Promise<OtherPersonRow | undefined> {
  const [row] = await db
    .select()
    .from(otherPeople)
    .where(
      and(
        eq(otherPeople.tenantId, tenantId),
        eq(otherPeople.idType, idType),
        inArray(otherPeople.idCard, idCardSpellings(idCard)),
      ),
    );
  return row;
}

/** The person a binding points at, read within the binding's tenant. */
export async function findBoundPerson(
  db: Db,
  tenantId: string,
  binding: { studentId: number | null; employeeId: number | null; otherId: number | null },
): Promise<{ student?: StudentRow; employee?: EmployeeRow; other?: OtherPersonRow }> {
  if (binding.studentId) {
    const [student] = await db
      .select()
      .from(students)
      .where(and(eq(students.tenantId, tenantId), eq(students.id, binding.studentId)));
    return { student };
  }
  if (binding.employeeId) {
    const [employee] = await db
      .select()
      .from(employees)
      .where(and(eq(employees.tenantId, tenantId), eq(employees.id, binding.employeeId)));
    return { employee };
  }
  if (binding.otherId) {
    const [other] = await db
      .select()
      .from(otherPeople)
      .where(and(eq(otherPeople.tenantId, tenantId), eq(otherPeople.id, binding.otherId)));
    return { other };
  }
  return {};
}
