/**
 * Builds the app for a test file on a fresh database: in-memory PGlite, or (TEST_DB=postgres)
 * a new database created on TEST_DATABASE_URL's server and dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { encryptPassword } from '@cf/shared/wire-crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { seedDemo } from '../src/db/seed/demo';
import { createGateways } from '../src/gateways';
import type { FetchLike } from '../src/gateways/types';
import { outboundFetch } from '../src/gateways/outbound-fetch';

export const TEST_WIRE_KEY = 'TestWireKey_0123456789abcdefghij';

export interface TestContext {
  app: FastifyInstance;
  config: Config;
  database: Database;
  close(): Promise<void>;
}

export const usePostgres = () => process.env.TEST_DB === 'postgres';

async function createPgDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `cf_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** Addresses of servers a test itself listens on (provider stand-ins): real HTTP, not inject(). */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * A fetch that answers through app.inject(), so the gateways' real HTTP code reaches the stand-ins;
 * a loopback address goes over the network to the test's own server.
 */
export function injectFetch(getApp: () => FastifyInstance): FetchLike {
  return async (url, init) => {
    const u = new URL(url);
    if (LOOPBACK_HOSTS.has(u.hostname)) {
      const res = await outboundFetch(url, init);
      return { status: res.status, text: () => res.text() };
    }
    const res = await getApp().inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: u.pathname + u.search,
      headers: init?.headers,
      payload: init?.body,
    });
    return { status: res.statusCode, text: async () => res.body };
  };
}

const TEST_ENV = {
  APP_MODE: 'demo',
  JWT_SECRET: 'test-jwt-secret-that-is-long-enough-0123456789',
  WIRE_AES_KEY: TEST_WIRE_KEY,
  LOG_LEVEL: 'silent',
};

/**
 * A data folder of its own for a test app that names none (uploaded files of the local store land
 * there, never in the working tree); removed by `close`.
 */
function dataDirFor(env: Record<string, string>): { env: { DATA_DIR: string }; remove(): void } {
  if (env.DATA_DIR) return { env: { DATA_DIR: env.DATA_DIR }, remove: () => undefined };
  const dir = mkdtempSync(path.join(tmpdir(), 'cf-test-data-'));
  return { env: { DATA_DIR: dir }, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** An app on a database that is already migrated (and seeded). */
async function appOn(config: Config, database: Database, logger?: object): Promise<FastifyInstance> {
  let app: FastifyInstance | undefined = undefined;
  const gateways = createGateways(
    config,
    database.db,
    () => 'http://app.test',
    injectFetch(() => app!),
  );
  app = await buildApp({ config, db: database.db, database, gateways, logger: logger ?? false });
  await app.ready();
  return app;
}

export async function createTestApp(
  env: Record<string, string> = {},
  /** logger: pino options (e.g. a stream) for tests that read the log lines. */
  options: { seed?: boolean; logger?: object } = {},
): Promise<TestContext> {
  const pgDb = usePostgres() ? await createPgDatabase() : undefined;
  const dataDir = dataDirFor(env);
  const config = loadConfig({
    ...TEST_ENV,
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...env,
    ...dataDir.env,
  });
  const database = await openDatabase({ url: config.databaseUrl });
  await database.migrate();
  if (options.seed !== false) await seedDemo(database.db);
  const app = await appOn(config, database, options.logger);
  return {
    app,
    config,
    database,
    async close() {
      await app.close();
      await database.close();
      await pgDb?.drop();
      dataDir.remove();
    },
  };
}

/**
 * Several apps on one seeded database, as several API processes behind a load balancer: each with its
 * own settings (`envs`, one per app) and, on PostgreSQL, its own connection pool. On PGlite they
 * share the one in-memory database. `close` closes them all.
 */
export async function createTestApps(
  envs: Record<string, string>[],
): Promise<{ apps: TestContext[]; close(): Promise<void> }> {
  const pgDb = usePostgres() ? await createPgDatabase() : undefined;
  const url = pgDb ? { DATABASE_URL: pgDb.url } : {};
  const first = await openDatabase({ url: pgDb?.url });
  await first.migrate();
  await seedDemo(first.db);
  const apps: TestContext[] = [];
  for (const [i, env] of envs.entries()) {
    const dataDir = dataDirFor(env);
    const config = loadConfig({ ...TEST_ENV, ...url, ...env, ...dataDir.env });
    const database = i === 0 || !pgDb ? first : await openDatabase({ url: pgDb.url });
    const app = await appOn(config, database);
    apps.push({
      app,
      config,
      database,
      async close() {
        await app.close();
        if (database !== first) await database.close();
        dataDir.remove();
      },
    });
  }
  return {
    apps,
    async close() {
      for (const ctx of apps) await ctx.close();
      await first.close();
      await pgDb?.drop();
    },
  };
}

export const basicAuth = (config: Config) =>
  'Basic ' + Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64');

/** The password as a BladeX browser client sends it. */
export const wirePassword = (typed: string) => encryptPassword(typed, TEST_WIRE_KEY);
