/**
 * Fixed-window counters kept in PostgreSQL, so several API processes share them.
 * Returns normally under the limit; throws 429 above it.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { tooMany } from './errors';

export async function hit(db: Db, key: string, limit: number, windowSeconds: number): Promise<number> {
  const rows = await queryRows<{ count: number }>(
    db,
    sql`
    INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, now(), 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.window_start < now() - make_interval(secs => ${windowSeconds}) THEN 1 ELSE rate_limits.count + 1 END,
      window_start = CASE WHEN rate_limits.window_start < now() - make_interval(secs => ${windowSeconds}) THEN now() ELSE rate_limits.window_start END
    RETURNING count`,
  );
  return Number(rows[0]?.count ?? 0);
}

export async function rateLimit(db: Db, key: string, limit: number, windowSeconds: number): Promise<void> {
  if ((await hit(db, key, limit, windowSeconds)) > limit) throw tooMany();
}
