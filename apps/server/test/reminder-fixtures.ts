/** Test support for the fee reminders (modules/reminder): many students owing one item. */
import { and, eq, sql } from 'drizzle-orm';
import { students } from '../src/db/schema';
import type { TestContext } from './helpers';
import { UNI } from './pay-fixtures';

/** Blocks of phone numbers, one per call of bulkStudents (17 + 9 digits). */
let phoneBlock = 100;

/**
 * `n` students of a class of their own (`BULK-<code>`, or `className`), each owing 100 yuan of item
 * `code` due in 20 days, none bound to a user: a reminder reaches them by SMS at the phone the school
 * holds.
 */
export async function bulkStudents(
  ctx: TestContext,
  code: string,
  n: number,
  options: { dueInDays?: number; className?: string } = {},
): Promise<{ phones: string[]; className: string }> {
  const db = ctx.database.db;
  const className = options.className ?? `BULK-${code}`;
  const base = phoneBlock++ * 100_000;
  await db.execute(sql`
    INSERT INTO students (tenant_id, student_no, student_name, id_card, start_year, class_name, college, phone)
    SELECT ${UNI}, ${className} || '-' || g, '学生' || g, 'ID' || ${className} || g, 2025, ${className}, '批量学院',
           '17' || lpad((${base} + g)::text, 9, '0')
      FROM generate_series(1, ${n}) g`);
  await db.execute(sql`
    INSERT INTO receivables (tenant_id, category, person_type, person_id, school_year, item_code, item_name,
                             item_name_en, payable_fen, due_date)
    SELECT ${UNI}, 'FEE', 'student', s.id, '2025-2026', ${code}, '批量费', 'Bulk fee', 10000,
           now() + make_interval(days => ${options.dueInDays ?? 20})
      FROM students s WHERE s.tenant_id = ${UNI} AND s.class_name = ${className}`);
  const rows = await db
    .select({ phone: students.phone })
    .from(students)
    .where(and(eq(students.tenantId, UNI), eq(students.className, className)));
  return { phones: rows.map((r) => r.phone!), className };
}
