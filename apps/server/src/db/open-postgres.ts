/** PostgreSQL through a pg Pool (DATABASE_URL set); loaded by db/client.ts only then. */
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import {
  CHANNEL_NAME,
  LISTEN_APPLICATION,
  migrationsFolder,
  schema,
  type Database,
  type Db,
  type ListenHandlers,
  type OpenOptions,
} from './database';

/**
 * Set on the server's PostgreSQL connections: the order-list trigger (migration 0006) then leaves the
 * announcing to the server, which does it after commit.
 */
const APP_ANNOUNCES_OPTION = '-c cf.app_announces=on';

/** Pause before listening again after the connection was lost. */
const RELISTEN_MS = 1000;

/** Any constant: serialises migrations of several processes starting at once on one PostgreSQL. */
const MIGRATION_LOCK = 7_310_001;

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

export function openPostgres(options: OpenOptions & { url: string }): Database {
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
      return listenPg(options.url, channel, handlers, (err) => options.onIdleError?.(err));
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
