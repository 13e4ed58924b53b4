/**
 * Opens the database: PGlite in the data folder when DATABASE_URL is unset, otherwise a pg Pool.
 * Both give the same Drizzle API, so the rest of the server does not know which it has. Each kind's
 * code is loaded only when it is the one opened (open-pglite.ts, open-postgres.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { migrationsFolder, type Database, type Db, type OpenOptions } from './database';

export type { Database, Db, PoolStats, Tx } from './database';
export { LISTEN_APPLICATION } from './database';

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.url) {
    const { openPostgres } = await import('./open-postgres');
    return openPostgres({ ...options, url: options.url });
  }
  const { openPglite } = await import('./open-pglite');
  return openPglite(options);
}

export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/** Runs raw SQL and answers its rows; PGlite and pg both reply with `{rows}`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** When each migration of the journal was made (drizzle records these as created_at once applied). */
let journalTimes: number[] | undefined;
function migrationTimes(): number[] {
  journalTimes ??= (
    JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
      entries: { when: number }[];
    }
  ).entries.map((e) => e.when);
  return journalTimes;
}

/**
 * How many of the migrations this server ships are not applied to the database (readiness, /ready).
 * Drizzle applies in order and records each migration's time; it runs those newer than the last
 * recorded one, which is what this counts. No migrations table at all: none applied.
 */
export async function migrationsBehind(db: Db): Promise<number> {
  const times = migrationTimes();
  const [table] = await queryRows<{ present: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!table?.present) return times.length;
  const [row] = await queryRows<{ last: string | number | null }>(
    db,
    sql`select max(created_at) as last from drizzle.__drizzle_migrations`,
  );
  const last = row?.last === null || row?.last === undefined ? -Infinity : Number(row.last);
  return times.filter((when) => when > last).length;
}
