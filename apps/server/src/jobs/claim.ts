/**
 * Work sharing between processes: a job claims the orders it will handle with one UPDATE over a
 * SELECT ... FOR UPDATE SKIP LOCKED, stamping updated_at. Another process running the same job at
 * the same moment skips the locked rows, and one running later skips rows stamped within the lease.
 * The work itself needs no lock: every transition it may cause is a conditional update.
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';

export async function claimOrders(
  db: Db,
  where: SQL,
  options: { leaseSeconds: number; limit: number; orderBy: SQL },
): Promise<number[]> {
  const lease = sql`now() - make_interval(secs => ${options.leaseSeconds})`;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`UPDATE orders SET updated_at = now()
        WHERE id IN (
          SELECT id FROM orders
          WHERE ${where} AND updated_at < ${lease}
          ORDER BY ${options.orderBy}
          LIMIT ${options.limit}
          FOR UPDATE SKIP LOCKED
        )
        RETURNING id`,
  );
  return rows.map((r) => Number(r.id));
}
