/**
 * The finance office's dashboard in one SQL statement: takings (reviewed charge bills minus reviewed
 * refund bills, online and other-means alike) today and this month by channel and by item, the month's
 * orders by state, and the size of each queue the office works through. It reads the tables of several
 * modules (fee, order, pay, invoice, user), so it lives here above them all, read-only.
 *
 * By item means by fee, each under its one name: a receivable's as its order lines write it ("2025-2026
 * 学费", @cf/shared/fees receivableName), a catalogue item's own, whatever name the bill was written
 * with (an other-means bill of it once said "学费"); a bill of neither keeps its name. One name, one row.
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
    // Read from indexes alone at a school's size: the month's bills (bills_takings), their receivables'
    // names (receivables_names), the month's orders by state (orders_tenant_created_state).
    sql`WITH b AS (
      SELECT bl.method,
             CASE WHEN r.id IS NOT NULL THEN ltrim(r.school_year || ' ' || r.item_name)
                  WHEN f.id IS NOT NULL THEN f.name
                  ELSE bl.project END AS project,
             CASE WHEN r.id IS NOT NULL THEN ltrim(r.school_year || ' ' || coalesce(nullif(r.item_name_en, ''), r.item_name))
                  WHEN f.id IS NOT NULL THEN coalesce(nullif(f.name_en, ''), f.name)
                  ELSE coalesce(nullif(bl.project_en, ''), bl.project) END AS project_en,
             CASE WHEN bl.kind = 'REFUND' THEN -bl.amount_fen ELSE bl.amount_fen END AS fen,
             CASE WHEN bl.kind = 'REFUND' THEN 0 ELSE 1 END AS n,
             bl.bill_date >= ${t}::timestamptz AS today
        FROM bills bl
        LEFT JOIN receivables r ON r.tenant_id = bl.tenant_id AND r.id = bl.receivable_id
        LEFT JOIN fee_items f ON r.id IS NULL AND f.tenant_id = bl.tenant_id AND f.id = bl.fee_item_id
       WHERE bl.tenant_id = ${tenantId} AND bl.status = 2 AND bl.bill_date >= ${m}::timestamptz
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
      FROM orders WHERE tenant_id = ${tenantId} AND created_at >= ${m}::timestamptz GROUP BY pay_status
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
