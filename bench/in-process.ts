// How bench:salary runs the server in its own process (bench:import runs the compiled one: lib.mjs): a
// throw-away PostgreSQL database on BENCH_DATABASE_URL's (or TEST_DATABASE_URL's) server, or PGlite
// without one; migrated and seeded with the demo; the app listening on a free port; and the headers
// of the demo school's finance clerk. close() stops the app, the database, and drops the database.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { loadConfig, type Config } from '../apps/server/src/config';
import { openDatabase, type Db } from '../apps/server/src/db/client';
import { users } from '../apps/server/src/db/schema';
import { seedDemo } from '../apps/server/src/db/seed/demo';
import { createGateways } from '../apps/server/src/gateways';
import { userSubject } from '../apps/server/src/modules/auth/subject';
import { issueTokens } from '../apps/server/src/modules/auth/tokens';
import { throwAwayDatabase } from './lib.mjs';

/** The demo school the benchmarks load, and its finance clerk. */
export const BENCH_TENANT = '100001';
const CLERK = 'finance1';

export interface InProcessServer {
  /** http://127.0.0.1:port */
  base: string;
  db: Db;
  config: Config;
  /** Basic client authorization and the finance clerk's bearer token. */
  headers: { authorization: string; 'blade-auth': string };
  /** Where the figures were taken, as the report says it. */
  where: string;
  onPostgres: boolean;
  /** Stops the app (waiting for its imports), closes and drops the database; once is enough. */
  close(): Promise<void>;
}

/**
 * Starts the demo server in this process. `prefix` names the throw-away database and data folder
 * (e.g. 'import'); `env` is read instead of process.env (tests).
 */
export async function startInProcessServer(
  prefix: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<InProcessServer> {
  const serverUrl = env.BENCH_DATABASE_URL ?? env.TEST_DATABASE_URL;
  const throwAway = serverUrl ? await throwAwayDatabase(serverUrl, prefix) : undefined;
  const config = loadConfig({
    ...env,
    APP_MODE: 'demo',
    DATABASE_URL: throwAway?.url ?? '',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), `cf-bench-${prefix}-`)),
    LOG_LEVEL: 'warn',
    JOBS_ENABLED: 'false',
  });
  const database = throwAway
    ? await openDatabase({ url: throwAway.url })
    : await openDatabase({ dataDir: config.dataDir });
  let closed: Promise<void> | undefined;
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  const close = () =>
    (closed ??= (async () => {
      try {
        await app?.close();
      } finally {
        await database.close();
        await throwAway?.drop();
      }
    })());
  try {
    await database.migrate();
    await seedDemo(database.db);
    const db = database.db;
    let base = '';
    app = await buildApp({
      config,
      db,
      database,
      gateways: createGateways(config, db, () => base),
      logger: false,
    });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
    const clerk = (await db.select().from(users)).find(
      (u) => u.tenantId === BENCH_TENANT && u.account === CLERK,
    );
    const token = (await issueTokens(db, config, await userSubject(db, clerk!, null))).access_token;
    return {
      base,
      db,
      config,
      headers: {
        authorization: 'Basic ' + Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64'),
        'blade-auth': `bearer ${token}`,
      },
      where: throwAway ? 'PostgreSQL' : 'PGlite (set BENCH_DATABASE_URL for the PostgreSQL figure)',
      onPostgres: Boolean(throwAway),
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}
