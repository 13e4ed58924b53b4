/**
 * The gauges read from the database when Prometheus scrapes (./metrics.ts): the jobs' queues, import
 * jobs, unsettled payment exceptions and the latest reconciliation differences. Every count is over an
 * index or a small table, so a scrape stays cheap on a school's year of data.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db, type PoolStats } from '../db/client';
import type { Metrics } from './metrics';

/**
 * The states each job's work can be seen in from its table (docs/operations.md):
 * - expire-orders: unpaid orders past their expiry;
 * - reconcile-payments: orders PAYING longer than RECONCILE_AFTER (their notify is late);
 * - poll-invoices: invoices to send or ask about (due), and those the platform refused (failed);
 * - reconcile-daily: runs pending (due), running and failed;
 * - imports: jobs checking or committing (running), the same not stamped within their lease (due: a
 *   process died and another takes them over), and jobs failed in the last 24 hours.
 */
export const JOB_QUEUE_STATES = {
  'expire-orders': ['due'],
  'reconcile-payments': ['due'],
  'poll-invoices': ['due', 'failed'],
  'reconcile-daily': ['due', 'running', 'failed'],
  imports: ['due', 'running', 'failed'],
} as const;

/** modules/imports/service.ts IMPORT_LEASE_SECONDS (http cannot import a module). */
const IMPORT_LEASE_SECONDS = 60;

interface QueueRow {
  kind: string;
  state: string;
  n: number;
  oldest: number | null;
}

function readQueues(db: Db, reconcileAfter: number) {
  return queryRows<QueueRow>(
    db,
    sql`SELECT 'expire-orders' AS kind, 'due' AS state, count(*)::int AS n,
               extract(epoch FROM now() - min(expire_at))::float8 AS oldest
        FROM orders WHERE pay_status IN ('NOT_PAY', 'PAYING') AND expire_at <= now()
        UNION ALL
        SELECT 'reconcile-payments', 'due', count(*)::int, extract(epoch FROM now() - min(paying_at))::float8
        FROM orders WHERE pay_status = 'PAYING' AND paying_at < now() - make_interval(secs => ${reconcileAfter})
        UNION ALL
        SELECT 'poll-invoices', CASE WHEN status = 'failed' THEN 'failed' ELSE 'due' END, count(*)::int,
               extract(epoch FROM now() - min(created_at) FILTER (WHERE status = 'requested'))::float8
        FROM invoices WHERE status IN ('requested', 'reversing', 'failed') GROUP BY 2
        UNION ALL
        SELECT 'reconcile-daily', CASE status WHEN 'pending' THEN 'due' ELSE status END, count(*)::int,
               extract(epoch FROM now() - min(created_at))::float8
        FROM reconciliation_runs WHERE status IN ('pending', 'running', 'failed') GROUP BY 2
        UNION ALL
        SELECT 'imports', q.state, count(*)::int, extract(epoch FROM now() - min(q.updated_at))::float8
        FROM (SELECT updated_at, CASE
                WHEN status = 'failed' THEN 'failed'
                WHEN updated_at < now() - make_interval(secs => ${IMPORT_LEASE_SECONDS}) THEN 'due'
                ELSE 'running' END AS state
              FROM import_jobs
              WHERE status IN ('checking', 'committing')
                 OR (status = 'failed' AND finished_at > now() - interval '1 day')) q
        GROUP BY q.state`,
  );
}

const readImports = (db: Db) =>
  queryRows<{ kind: string; status: string; n: number }>(
    db,
    sql`SELECT kind, status, count(*)::int AS n FROM import_jobs
        WHERE status IN ('checking', 'checked', 'committing') OR finished_at > now() - interval '1 day'
        GROUP BY kind, status`,
  );

const readOpenExceptions = (db: Db) =>
  queryRows<{ kind: string; n: number }>(
    db,
    sql`SELECT kind, count(*)::int AS n FROM payment_exceptions WHERE status = 'open' GROUP BY kind`,
  );

const readDifferences = (db: Db) =>
  queryRows<{ tenant: string; channel: string; n: number }>(
    db,
    sql`SELECT DISTINCT ON (tenant_id, channel) tenant_id AS tenant, channel, difference_count AS n
        FROM reconciliation_runs WHERE status = 'done'
        ORDER BY tenant_id, channel, bill_date DESC`,
  );

export async function refreshDatabaseGauges(
  metrics: Metrics,
  db: Db,
  options: { reconcileAfter: number; poolStats?: () => PoolStats; onError: (err: unknown) => void },
): Promise<void> {
  const pool = options.poolStats?.();
  if (pool) for (const [state, n] of Object.entries(pool)) metrics.dbPool.set({ state }, n);
  let rows;
  try {
    rows = await Promise.all([
      readQueues(db, options.reconcileAfter),
      readImports(db),
      readOpenExceptions(db),
      readDifferences(db),
    ]);
  } catch (err) {
    options.onError(err);
    // The scrape still answers (process metrics, counters); the gauges below would be stale.
    metrics.databaseUp.set(0);
    for (const gauge of [
      metrics.jobQueue,
      metrics.jobOldestDue,
      metrics.importJobs,
      metrics.openExceptions,
      metrics.reconciliationDifferences,
    ])
      gauge.reset();
    return;
  }
  const [queues, imports, exceptions, differences] = rows;
  metrics.databaseUp.set(1);

  metrics.jobQueue.reset();
  metrics.jobOldestDue.reset();
  for (const [kind, states] of Object.entries(JOB_QUEUE_STATES)) {
    for (const state of states) metrics.jobQueue.set({ kind, state }, 0);
    metrics.jobOldestDue.set({ kind }, 0);
  }
  for (const row of queues) {
    metrics.jobQueue.set({ kind: row.kind, state: row.state }, Number(row.n));
    if (row.state === 'due' && row.oldest !== null)
      metrics.jobOldestDue.set({ kind: row.kind }, Math.max(0, Number(row.oldest)));
  }
  metrics.importJobs.reset();
  for (const row of imports) metrics.importJobs.set({ kind: row.kind, status: row.status }, Number(row.n));
  metrics.openExceptions.reset();
  for (const row of exceptions) metrics.openExceptions.set({ kind: row.kind }, Number(row.n));
  metrics.reconciliationDifferences.reset();
  for (const row of differences)
    metrics.reconciliationDifferences.set({ tenant: row.tenant, channel: row.channel }, Number(row.n));
}
