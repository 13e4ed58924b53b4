/**
 * Opens the database: PGlite in the data folder when DATABASE_URL is unset, otherwise a pg Pool.
 * Both give the same Drizzle API, so the rest of the server does not know which it has.
 */
import {
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as platformSchema from './schema';
import * as financeSchema from './schema-finance';

const schema = { ...platformSchema, ...financeSchema };

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction of Db (or Db itself): what a write inside the caller's transaction takes. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface ListenHandlers {
  message(payload: string): void;
  /** up: listening (again), so announcements may have been missed before; down: none can arrive. */
  reset(up: boolean): void;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** Hears NOTIFY on a channel (a lowercase identifier); answers the function that stops listening. */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  /**
   * Announces on a channel, outside any transaction (a notifying transaction holds up every other
   * notifying commit). PostgreSQL only: on PGlite the table triggers announce every write (one process,
   * no commit contention), so this does nothing there.
   */
  notify(channel: string, payload: string): Promise<void>;
  /** Whether this server announces its own writes (notify) rather than leaving it to the triggers. */
  readonly announcesWrites: boolean;
  /** The pg pool's connections (PostgreSQL only; PGlite has one connection and no pool). */
  poolStats?(): PoolStats;
  close(): Promise<void>;
}

export interface PoolStats {
  max: number;
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

/**
 * Set on the server's PostgreSQL connections: the order-list trigger (migration 0006) then leaves the
 * announcing to the server, which does it after commit.
 */
const APP_ANNOUNCES_OPTION = '-c cf.app_announces=on';

const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;
/** How the listening connection shows in pg_stat_activity. */
export const LISTEN_APPLICATION = 'cf-listen';
/** Pause before listening again after the connection was lost. */
const RELISTEN_MS = 1000;

/**
 * LISTEN on a connection of its own (a pool connection could be handed to a query meanwhile). A lost
 * connection is reported (reset(false)) and opened again every RELISTEN_MS until stopped.
 */
async function listenPg(
  url: string,
  channel: string,
  handlers: ListenHandlers,
  onError: (err: Error) => void,
): Promise<() => Promise<void>> {
  let current: pg.Client | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const retryLater = () => {
    if (!stopped) timer = setTimeout(() => void connect(), RELISTEN_MS);
  };
  const connect = async () => {
    const client = new pg.Client({ connectionString: url, application_name: LISTEN_APPLICATION });
    const lost = (err?: Error) => {
      if (current !== client) return;
      current = undefined;
      if (err) onError(err);
      handlers.reset(false);
      client.end().catch(() => undefined);
      retryLater();
    };
    client.on('notification', (n) => {
      if (n.channel === channel) handlers.message(n.payload ?? '');
    });
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (err) {
      onError(err as Error);
      client.end().catch(() => undefined);
      retryLater();
      return;
    }
    if (stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    current = client;
    handlers.reset(true);
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    const client = current;
    current = undefined;
    await client?.end().catch(() => undefined);
  };
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/**
 * The compiled server ships a migrated, empty PGlite cluster beside it (scripts/build.mjs): a new data
 * folder starts from that instead of running initdb and every migration (about 2 s of a first start).
 * Run from source (tsx, tests) there is none, and PGlite creates the cluster itself.
 */
const pgliteTemplate = path.join(path.dirname(fileURLToPath(import.meta.url)), 'pglite-template');
/** Any constant: serialises migrations of several processes starting at once on one PostgreSQL. */
const MIGRATION_LOCK = 7_310_001;

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite has no lock of its own: two processes on one folder would corrupt it. The lock file
 * holds the owner's pid; a file left by a dead process is taken over.
 */
export function acquireDirLock(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, 'pglite.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(lockPath, 'utf8') === String(process.pid)) unlinkSync(lockPath);
        } catch {
          /* already gone */
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number(readFileSync(lockPath, 'utf8'));
      if (owner && processAlive(owner))
        throw new Error(
          `The data folder ${dir} is in use by process ${owner}; PGlite allows one process only.`,
        );
      unlinkSync(lockPath);
    }
  }
  throw new Error(`Could not lock the data folder ${dir}`);
}

export async function openDatabase(options: {
  url?: string;
  /** pg pool size (DB_POOL_MAX); 10 when not given. */
  poolMax?: number;
  dataDir?: string;
  onIdleError?: (err: Error) => void;
}): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolMax ?? 10,
      options: APP_ANNOUNCES_OPTION,
    });
    // An idle client the server drops (restart, failover) must not crash the process: the pool
    // discards it, and queries on a live client report their own errors.
    pool.on('error', (err) => options.onIdleError?.(err));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      async migrate() {
        const client = await pool.connect();
        try {
          await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
          client.release();
        }
      },
      listen(channel, handlers) {
        if (!CHANNEL_NAME.test(channel)) throw new Error(`not a channel name: ${channel}`);
        return listenPg(options.url!, channel, handlers, (err) => options.onIdleError?.(err));
      },
      async notify(channel, payload) {
        if (!CHANNEL_NAME.test(channel)) throw new Error(`not a channel name: ${channel}`);
        await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
      },
      announcesWrites: true,
      poolStats: () => ({
        max: options.poolMax ?? 10,
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
      close: () => pool.end(),
    };
  }
  // dataDir undefined: an in-memory database (tests).
  const dataDir = options.dataDir ? path.join(options.dataDir, 'pglite') : undefined;
  const release = dataDir ? acquireDirLock(path.dirname(dataDir)) : () => undefined;
  if (dataDir && !existsSync(dataDir)) mkdirSync(dataDir, { recursive: true });
  let client: PGlite;
  try {
    const fresh = dataDir !== undefined && !existsSync(path.join(dataDir, 'PG_VERSION'));
    if (fresh && existsSync(pgliteTemplate)) {
      cpSync(pgliteTemplate, dataDir, {
        recursive: true,
        filter: (from) => path.basename(from) !== 'postmaster.pid',
      });
    }
    // pg_trgm: the searches' name-part indexes (migration 0022 creates the extension).
    client = new PGlite({ dataDir, extensions: { pg_trgm } });
    await client.waitReady;
  } catch (err) {
    release();
    throw err;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    async listen(channel, handlers) {
      if (!CHANNEL_NAME.test(channel)) throw new Error(`not a channel name: ${channel}`);
      // One process owns the folder (the lock file), so every change is made through this client.
      const stop = await client.listen(channel, (payload) => handlers.message(payload));
      handlers.reset(true);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    notify: async () => undefined,
    announcesWrites: false,
    async close() {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
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
