/**
 * Reading the audit log (written by http/audit.ts): the tenant's rows with who acted (account, name),
 * filtered by who, action and days; a page (newest first) and its count, and batches by id for the
 * export (keyset on id: rows are written with the time of writing, so id order is time order).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AuditFilters } from '@cf/shared/wire/admin-audit';
import { queryRows, type Db } from '@server/db/client';
import type { PageQuery } from '@server/http/envelope';
import { dayRange, likePattern, nameLike } from '@server/http/search';

export interface AuditRow {
  id: string | number;
  user_id: number | null;
  account: string | null;
  real_name: string | null;
  action: string;
  detail: Record<string, unknown> | string;
  ip: string | null;
  created_ms: string | number;
}

const SELECT = sql`SELECT a.id, a.user_id, u.account, u.real_name, a.action, a.detail, a.ip,
  floor(extract(epoch FROM a.created_at) * 1000)::float8 AS created_ms
  FROM audit_log a LEFT JOIN users u ON u.tenant_id = a.tenant_id AND u.id = a.user_id`;

/** An account that `who` names: by account, or by a part of the person's name. */
const whoMatches = (who: string): SQL =>
  sql`(u.account ILIKE ${likePattern(who)} OR ${nameLike(sql`u.real_name`, who)})`;

/** Above this many accounts matching `who`, the search joins them instead of naming them. */
const MAX_NAMED_ACTORS = 1000;

/**
 * Who a search names, as the accounts (ids) matching `who` by account or name, read first: with
 * their ids as constants PostgreSQL knows from its statistics that one clerk wrote 40% of a school's
 * audit rows (walk the newest rows) and a student four (read theirs and sort). Joined instead, it
 * guessed eight rows for everyone and sorted a busy clerk's 80,000 rows for a page (bench:scale,
 * "audit by actor (finance office)"). Undefined: no `who`, or more matches than MAX_NAMED_ACTORS.
 */
async function actorsOf(db: Db, tenantId: string, f: AuditFilters): Promise<number[] | undefined> {
  if (!f.who) return undefined;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT u.id FROM users u WHERE u.tenant_id = ${tenantId} AND ${whoMatches(f.who)}
        LIMIT ${MAX_NAMED_ACTORS + 1}`,
  );
  return rows.length > MAX_NAMED_ACTORS ? undefined : rows.map((r) => Number(r.id));
}

function where(tenantId: string, f: AuditFilters, actors: number[] | undefined): SQL {
  const parts: SQL[] = [sql`a.tenant_id = ${tenantId}`];
  if (actors) parts.push(sql`a.user_id = ANY(${`{${actors.join(',')}}`}::int[])`);
  else if (f.who) parts.push(whoMatches(f.who));
  if (f.action) parts.push(sql`a.action ILIKE ${likePattern(f.action)}`);
  const { start, end } = dayRange(f.from, f.to);
  if (start) parts.push(sql`a.created_at >= ${start.toISOString()}::timestamptz`);
  if (end) parts.push(sql`a.created_at < ${end.toISOString()}::timestamptz`);
  return sql.join(parts, sql` AND `);
}

export async function auditPage(db: Db, tenantId: string, f: AuditFilters, q: PageQuery) {
  const w = where(tenantId, f, await actorsOf(db, tenantId, f));
  const [rows, [count]] = await Promise.all([
    queryRows<AuditRow>(
      db,
      sql`${SELECT} WHERE ${w} ORDER BY a.created_at DESC, a.id DESC LIMIT ${q.size} OFFSET ${(q.current - 1) * q.size}`,
    ),
    queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM audit_log a LEFT JOIN users u ON u.tenant_id = a.tenant_id AND u.id = a.user_id WHERE ${w}`,
    ),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/** How many rows the search finds, and the newest of them: an export writes those rows, no later ones. */
export async function countAudit(
  db: Db,
  tenantId: string,
  f: AuditFilters,
): Promise<{ count: number; lastId: number }> {
  const [row] = await queryRows<{ n: number; last_id: string | number }>(
    db,
    sql`SELECT count(*)::int AS n, coalesce(max(a.id), 0)::float8 AS last_id FROM audit_log a LEFT JOIN users u ON u.tenant_id = a.tenant_id AND u.id = a.user_id WHERE ${where(tenantId, f, await actorsOf(db, tenantId, f))}`,
  );
  return { count: Number(row?.n ?? 0), lastId: Number(row?.last_id ?? 0) };
}

export async function* auditBatches(
  db: Db,
  tenantId: string,
  f: AuditFilters,
  lastId = Number.MAX_SAFE_INTEGER - 1,
  batch = 1000,
): AsyncGenerator<AuditRow[]> {
  const w = where(tenantId, f, await actorsOf(db, tenantId, f));
  let below = lastId + 1;
  for (;;) {
    const rows = await queryRows<AuditRow>(
      db,
      sql`${SELECT} WHERE ${w} AND a.id < ${below} ORDER BY a.id DESC LIMIT ${batch}`,
    );
    if (rows.length === 0) return;
    yield rows;
    below = Number(rows[rows.length - 1]!.id);
    if (rows.length < batch) return;
  }
}
