/**
 * What the rest of the server knows of its database, whichever it is (PGlite or PostgreSQL): the
 * Drizzle schema and API, and the Database handle db/client.ts opens. Each kind's opening code lives in
 * its own file (open-pglite.ts, open-postgres.ts), loaded only when that kind is opened: a demo start
 * does not load pg, a PostgreSQL one does not load PGlite.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as platformSchema from './schema';
import * as financeSchema from './schema-finance';

export const schema = { ...platformSchema, ...financeSchema };

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

export interface OpenOptions {
  url?: string;
  /** pg pool size (DB_POOL_MAX); 10 when not given. */
  poolMax?: number;
  dataDir?: string;
  onIdleError?: (err: Error) => void;
  /** The database is gone for good (PGlite's thread stopped): nothing more can be answered. */
  onLost?: (err: Error) => void;
}

export const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;
/** How the listening connection shows in pg_stat_activity. */
export const LISTEN_APPLICATION = 'cf-listen';

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
