/**
 * The finance office's dashboard in one SQL statement: takings (reviewed charge bills minus reviewed
 * refund bills, online and other-means alike) today and this month by channel and by item, orders by
 * state, and the size of each queue the office works through. It reads the tables of several modules
 * (fee, order, pay, invoice, user), so it lives here above them all, read-only.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@server/db/client';

export interface DashboardRow {
  dim: 'channel' | 'item' | 'state' | 'queue';
  key: string;
  key_en: string;
  today_fen: string | number;
  month_fen: string | number;
  today_count: string | number;
  month_count: string | number;
}

export function dashboardRows(db: Db, tenantId: string, today: Date, month: Date): Promise<DashboardRow[]> {
  const t = today.toISOString();
  const m = month.toISOString();
  return queryRows<DashboardRow>(
    db,
    sql`WITH b AS (
      SELECT method, project, project_en,
             CASE WHEN kind = 'REFUND' THEN -amount_fen ELSE amount_fen END AS fen,
             CASE WHEN kind = 'REFUND' THEN 0 ELSE 1 END AS n,
             bill_date >= ${t}::timestamptz AS today
        FROM bills
       WHERE tenant_id = ${tenantId} AND status = 2 AND bill_date >= ${m}::timestamptz
    )
    SELECT 'channel' AS dim, method AS key, '' AS key_en,
           coalesce(sum(fen) FILTER (WHERE today), 0)::float8 AS today_fen, sum(fen)::float8 AS month_fen,
           coalesce(sum(n) FILTER (WHERE today), 0)::int AS today_count, sum(n)::int AS month_count
      FROM b GROUP BY method
    UNION ALL
    SELECT 'item', project, max(project_en),
           coalesce(sum(fen) FILTER (WHERE today), 0)::float8, sum(fen)::float8,
           coalesce(sum(n) FILTER (WHERE today), 0)::int, sum(n)::int
      FROM b GROUP BY project
    UNION ALL
    SELECT 'state', pay_status, '', 0, 0, count(*)::int, count(*)::int
      FROM orders WHERE tenant_id = ${tenantId} GROUP BY pay_status
    UNION ALL
    SELECT 'queue', 'billsToReview', '', 0, 0, 0, count(*)::int
      FROM bills WHERE tenant_id = ${tenantId} AND status = 1
    UNION ALL
    SELECT 'queue', 'openExceptions', '', 0, 0, 0, count(*)::int
      FROM payment_exceptions WHERE tenant_id = ${tenantId} AND status = 'open'
    UNION ALL
    SELECT 'queue', 'failedInvoices', '', 0, 0, 0, count(*)::int
      FROM invoices WHERE tenant_id = ${tenantId} AND status = 'failed'
    UNION ALL
    SELECT 'queue', 'pendingBindings', '', 0, 0, 0, count(*)::int
      FROM user_bindings WHERE tenant_id = ${tenantId} AND status = 'pending'`,
  );
}
