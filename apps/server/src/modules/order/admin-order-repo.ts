/**
 * The finance office's order search: by person (name part, student/staff/admission number, ID
 * number), order number, payment number, state, channel and creation days, always within the tenant.
 * A page, its count, and batches by id for the export (keyset, so a long export never re-reads).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { OrderFilters } from '@cf/shared/wire/admin-orders';
import { queryRows, type Db } from '@server/db/client';
import { refunds } from '@server/db/schema-finance';
import type { PageQuery } from '@server/http/envelope';
import { dayRange, likePattern, nameLike } from '@server/http/search';
import { idCardSpellings } from '@server/modules/user/people-repo';
import { and, asc, eq } from 'drizzle-orm';

export interface AdminOrderRow {
  id: number;
  order_no: string;
  order_type: string;
  person_type: string;
  person_id: number;
  person_name: string;
  person_no: string | null;
  total_fen: string | number;
  refunded_fen: string | number;
  pay_status: string;
  channel: string | null;
  payment_no: string | null;
  created_ms: string | number;
  paid_ms: string | number | null;
  items_zh: string;
  items_en: string;
}

const FROM = sql`FROM orders o
  LEFT JOIN students s ON o.person_type = 'student' AND s.tenant_id = o.tenant_id AND s.id = o.person_id
  LEFT JOIN employees e ON o.person_type = 'employee' AND e.tenant_id = o.tenant_id AND e.id = o.person_id
  LEFT JOIN enrollees n ON o.person_type = 'enrollee' AND n.tenant_id = o.tenant_id AND n.id = o.person_id
  LEFT JOIN other_people x ON o.person_type = 'other' AND x.tenant_id = o.tenant_id AND x.id = o.person_id`;

const COLUMNS = sql`o.id, o.order_no, o.order_type, o.person_type, o.person_id, o.person_name,
  coalesce(s.student_no, e.employee_no, n.admission_no) AS person_no,
  o.total_fen::float8 AS total_fen, o.refunded_fen::float8 AS refunded_fen, o.pay_status, o.channel, o.payment_no,
  floor(extract(epoch FROM o.created_at) * 1000)::float8 AS created_ms,
  floor(extract(epoch FROM o.paid_at) * 1000)::float8 AS paid_ms,
  coalesce((SELECT string_agg(i.name, '、' ORDER BY i.id) FROM order_items i WHERE i.tenant_id = o.tenant_id AND i.order_id = o.id), '') AS items_zh,
  coalesce((SELECT string_agg(coalesce(nullif(i.name_en, ''), i.name), ', ' ORDER BY i.id) FROM order_items i WHERE i.tenant_id = o.tenant_id AND i.order_id = o.id), '') AS items_en`;

function where(tenantId: string, f: OrderFilters): SQL {
  const parts: SQL[] = [sql`o.tenant_id = ${tenantId}`];
  if (f.person) {
    // Each arm on its own index (a BitmapOr over orders): the name part on the trigram index, the
    // people a number or an ID number names looked up first and their orders by (type, id).
    const kw = f.person;
    const ids = sql.join(
      idCardSpellings(kw).map((v) => sql`${v}`),
      sql`, `,
    );
    const of = (type: string, table: SQL, match: SQL) =>
      sql`(o.person_type = ${type} AND o.person_id = ANY(ARRAY(SELECT id FROM ${table} WHERE tenant_id = ${tenantId} AND (${match}))))`;
    parts.push(sql`(${nameLike(sql`o.person_name`, kw)}
      OR ${of('student', sql.raw('students'), sql`student_no = ${kw} OR id_card IN (${ids})`)}
      OR ${of('employee', sql.raw('employees'), sql`employee_no = ${kw} OR id_card IN (${ids})`)}
      OR ${of('enrollee', sql.raw('enrollees'), sql`admission_no = ${kw} OR id_card IN (${ids})`)}
      OR ${of('other', sql.raw('other_people'), sql`id_card IN (${ids})`)})`);
  }
  if (f.orderNo) parts.push(sql`o.order_no LIKE ${likePattern(f.orderNo, true)}`);
  if (f.paymentNo) parts.push(sql`o.payment_no LIKE ${likePattern(f.paymentNo, true)}`);
  if (f.payStatus) parts.push(sql`o.pay_status = ${f.payStatus}`);
  if (f.channel) parts.push(sql`o.channel = ${f.channel}`);
  const { start, end } = dayRange(f.from, f.to);
  if (start) parts.push(sql`o.created_at >= ${start.toISOString()}::timestamptz`);
  if (end) parts.push(sql`o.created_at < ${end.toISOString()}::timestamptz`);
  return sql.join(parts, sql` AND `);
}

/**
 * The order of the newest first. With a name part (two characters or more: the trigram index can
 * narrow) it is `o.id + 0`, which no index yields: PostgreSQL then finds the few matching orders
 * through the indexes of the person filter and sorts them. Ordered by o.id itself it walks the
 * newest orders backwards until a page matches, which for a rare name reads the whole table (1.2 s
 * on a school's year, bench:scale); without a name part that walk is the fast plan and stays.
 */
function newestFirst(f: OrderFilters): SQL {
  return f.person && [...f.person].length >= 2 ? sql`o.id + 0 DESC` : sql`o.id DESC`;
}

export async function searchOrders(
  db: Db,
  tenantId: string,
  filters: OrderFilters,
  q: PageQuery,
): Promise<{ rows: AdminOrderRow[]; total: number }> {
  const w = where(tenantId, filters);
  const [rows, [count]] = await Promise.all([
    queryRows<AdminOrderRow>(
      db,
      sql`SELECT ${COLUMNS} ${FROM} WHERE ${w} ORDER BY ${newestFirst(filters)} LIMIT ${q.size} OFFSET ${(q.current - 1) * q.size}`,
    ),
    queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n ${FROM} WHERE ${w}`),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/**
 * What the search adds up to (the one rule of the search's totals, the list's filter): how many
 * orders, the totals of those that were paid (paid_at is set once, when an order is paid, and kept
 * through refunds) and what was refunded; `lastId`, the newest order counted, bounds an export to the
 * orders counted.
 */
export async function orderTotals(
  db: Db,
  tenantId: string,
  filters: OrderFilters,
): Promise<{ count: number; paidFen: number; refundedFen: number; lastId: number }> {
  const [row] = await queryRows<{ n: number; paid: number; refunded: number; last_id: number }>(
    db,
    sql`SELECT count(*)::int AS n,
               coalesce(sum(o.total_fen) FILTER (WHERE o.paid_at IS NOT NULL), 0)::float8 AS paid,
               coalesce(sum(o.refunded_fen), 0)::float8 AS refunded,
               coalesce(max(o.id), 0)::int AS last_id
          ${FROM} WHERE ${where(tenantId, filters)}`,
  );
  return {
    count: Number(row?.n ?? 0),
    paidFen: Number(row?.paid ?? 0),
    refundedFen: Number(row?.refunded ?? 0),
    lastId: Number(row?.last_id ?? 0),
  };
}

/** Every matching order up to `lastId`, newest first, `batch` at a time (keyset on id). */
export async function* orderBatches(
  db: Db,
  tenantId: string,
  filters: OrderFilters,
  lastId = 2_147_483_646,
  batch = 1000,
): AsyncGenerator<AdminOrderRow[]> {
  const w = where(tenantId, filters);
  let below = lastId + 1;
  for (;;) {
    const rows = await queryRows<AdminOrderRow>(
      db,
      sql`SELECT ${COLUMNS} ${FROM} WHERE ${w} AND o.id < ${below} ORDER BY ${newestFirst(filters)} LIMIT ${batch}`,
    );
    if (rows.length === 0) return;
    yield rows;
    below = Number(rows[rows.length - 1]!.id);
    if (rows.length < batch) return;
  }
}

/** The order's person number (student, staff or admission), or null. */
export async function personNoOf(db: Db, tenantId: string, orderId: number): Promise<string | null> {
  const [row] = await queryRows<{ person_no: string | null }>(
    db,
    sql`SELECT coalesce(s.student_no, e.employee_no, n.admission_no) AS person_no ${FROM}
         WHERE o.tenant_id = ${tenantId} AND o.id = ${orderId}`,
  );
  return row?.person_no ?? null;
}

export function refundsOfOrder(db: Db, tenantId: string, orderId: number) {
  return db
    .select()
    .from(refunds)
    .where(and(eq(refunds.tenantId, tenantId), eq(refunds.orderId, orderId)))
    .orderBy(asc(refunds.id));
}
