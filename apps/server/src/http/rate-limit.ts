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

/** A counter's live window without counting: how many so far and the seconds until it restarts. */
export async function peek(
  db: Db,
  key: string,
  windowSeconds: number,
): Promise<{ count: number; resetsIn: number }> {
  const rows = await queryRows<{ count: number; resets_in: number }>(
    db,
    sql`
    SELECT count, ceil(extract(epoch FROM window_start + make_interval(secs => ${windowSeconds}) - now())) AS resets_in
    FROM rate_limits
    WHERE key = ${key} AND window_start >= now() - make_interval(secs => ${windowSeconds})`,
  );
  const row = rows[0];
  return row ? { count: Number(row.count), resetsIn: Number(row.resets_in) } : { count: 0, resetsIn: 0 };
}

/** Forgets a counter (a successful sign-in clears its address's failures). */
export async function clearCounter(db: Db, key: string): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limits WHERE key = ${key}`);
}
