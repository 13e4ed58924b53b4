/**
 * The finance office's queries of the people its school knows (students, staff) with the accounts
 * bound to them; every query carries the tenant. A search matches a name (part), a student or staff
 * number, an ID number or a phone (the person's, or a bound account's login or held phone).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { PersonUpdateBody } from '@cf/shared/wire/admin-people';
import { queryRows, type Db } from '@server/db/client';
import type { PageQuery } from '@server/http/envelope';
import { nameLike } from '@server/http/search';
import { normalizeIdCard } from './people-repo';

export type AdminPersonType = 'student' | 'employee';

export interface AccountJson {
  userId: number;
  account: string;
  status: number;
  bindingId: number;
  bindingStatus: string;
  phone: string | null;
  financePhone: string | null;
  bankCard: string | null;
  bankName: string | null;
}

export interface AdminPersonRow {
  id: number;
  person_no: string;
  name: string;
  id_card: string;
  major: string | null;
  class_name: string | null;
  start_year: number | null;
  department: string | null;
  phone: string | null;
  accounts: AccountJson[] | string;
}

/** The table and columns of each kind of person, as SQL fragments. */
const TABLES = {
  student: {
    table: sql.raw('students'),
    columns: sql.raw(
      'p.id, p.student_no AS person_no, p.student_name AS name, p.id_card, p.major, p.class_name, p.start_year, NULL AS department, p.phone',
    ),
    no: sql.raw('p.student_no'),
    name: sql.raw('p.student_name'),
    binding: sql.raw('b.student_id'),
  },
  employee: {
    table: sql.raw('employees'),
    columns: sql.raw(
      'p.id, p.employee_no AS person_no, p.employee_name AS name, p.id_card, NULL AS major, NULL AS class_name, NULL::int AS start_year, p.department, p.phone',
    ),
    no: sql.raw('p.employee_no'),
    name: sql.raw('p.employee_name'),
    binding: sql.raw('b.employee_id'),
  },
} as const;

function matches(tenantId: string, type: AdminPersonType, keyword: string | undefined): SQL {
  if (!keyword) return sql`TRUE`;
  const t = TABLES[type];
  // Each arm on its own index (a BitmapOr): the bound accounts' phones are looked up first, once
  // (uncorrelated, an InitPlan), and their people by id, not tried person by person.
  return sql`(${nameLike(t.name, keyword)} OR ${t.no} = ${keyword} OR p.id_card = ${normalizeIdCard(keyword)}
    OR p.phone = ${keyword} OR p.id = ANY(ARRAY(
      SELECT ${t.binding} FROM user_bindings b JOIN users u ON u.tenant_id = b.tenant_id AND u.id = b.user_id
       WHERE b.tenant_id = ${tenantId} AND ${t.binding} IS NOT NULL
         AND (u.phone = ${keyword} OR u.finance_phone = ${keyword}))))`;
}

function select(type: AdminPersonType, where: SQL): SQL {
  const t = TABLES[type];
  return sql`SELECT ${t.columns}, coalesce((
      SELECT json_agg(json_build_object('userId', u.id, 'account', u.account, 'status', u.status,
        'bindingId', b.id, 'bindingStatus', b.status, 'phone', u.phone, 'financePhone', u.finance_phone,
        'bankCard', u.bank_card, 'bankName', u.bank_name) ORDER BY b.id)
        FROM user_bindings b JOIN users u ON u.tenant_id = b.tenant_id AND u.id = b.user_id
       WHERE b.tenant_id = p.tenant_id AND ${t.binding} = p.id), '[]'::json) AS accounts
    FROM ${t.table} p WHERE ${where}`;
}

export async function searchPeople(
  db: Db,
  tenantId: string,
  type: AdminPersonType,
  keyword: string | undefined,
  q: PageQuery,
): Promise<{ rows: AdminPersonRow[]; total: number }> {
  const where = sql`p.tenant_id = ${tenantId} AND ${matches(tenantId, type, keyword)}`;
  const t = TABLES[type];
  const [rows, [count]] = await Promise.all([
    queryRows<AdminPersonRow>(
      db,
      sql`${select(type, where)} ORDER BY ${t.no} LIMIT ${q.size} OFFSET ${(q.current - 1) * q.size}`,
    ),
    queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${t.table} p WHERE ${where}`),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

export async function findPersonForAdmin(
  db: Db,
  tenantId: string,
  type: AdminPersonType,
  id: number,
): Promise<AdminPersonRow | undefined> {
  const [row] = await queryRows<AdminPersonRow>(
    db,
    select(type, sql`p.tenant_id = ${tenantId} AND p.id = ${id}`),
  );
  return row;
}

/** Changes the fields given (an empty text clears an optional one); false when no such person. */
export async function updatePerson(
  db: Db,
  tenantId: string,
  type: AdminPersonType,
  id: number,
  body: PersonUpdateBody,
): Promise<boolean> {
  const sets: SQL[] = [];
  const blankToNull = (v: string) => (v === '' ? null : v);
  if (body.name !== undefined)
    sets.push(type === 'student' ? sql`student_name = ${body.name}` : sql`employee_name = ${body.name}`);
  if (body.phone !== undefined) sets.push(sql`phone = ${blankToNull(body.phone)}`);
  if (type === 'student') {
    if (body.major !== undefined) sets.push(sql`major = ${blankToNull(body.major)}`);
    if (body.className !== undefined) sets.push(sql`class_name = ${blankToNull(body.className)}`);
    if (body.startYear !== undefined) sets.push(sql`start_year = ${body.startYear}`);
  } else if (body.department !== undefined) sets.push(sql`department = ${blankToNull(body.department)}`);
  const set = sets.length ? sql.join(sets, sql`, `) : sql`id = id`;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`UPDATE ${TABLES[type].table} SET ${set} WHERE tenant_id = ${tenantId} AND id = ${id} RETURNING id`,
  );
  return rows.length > 0;
}
