/**
 * What main.ts does once the database is open: migrations, the demo seed, the app listening, the jobs.
 * Loaded by main.ts with import() while the database opens (a start does both at once), so this file
 * and everything it imports (fastify, every module, the gateways) are a chunk of their own.
 */
import type { Logger } from 'pino';
import { buildApp } from './app';
import type { Config } from './config';
import type { Database } from './db/client';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from './db/seed/demo';
import { createGateways } from './gateways';
import { startJobs, type Jobs } from './jobs/runner';

export interface Serving {
  /** Jobs first (a run in progress finishes while the database is still open), then the app. */
  stop(): Promise<void>;
}

export async function serve(config: Config, database: Database, log: Logger): Promise<Serving> {
  let building: ReturnType<typeof buildApp> | undefined;
  let jobs: Jobs | undefined;
  const stop = async () => {
    await jobs?.stop();
    const app = await building?.catch(() => undefined);
    await app?.close().catch(() => undefined);
  };
  try {
    let selfUrl = `http://127.0.0.1:${config.port}`;
    const gateways = createGateways(config, database.db, () => selfUrl);
    // The app is built while the database opens and migrates (building it asks nothing of the
    // database; what it needs, it asks for when ready, before it listens): a start does both at once.
    building = buildApp({ config, db: database.db, database, gateways });
    // A failed migration must not leave a failed build unobserved (stop() closes a built app).
    building.catch(() => undefined);
    await database.migrate();
    if (config.mode === 'demo' && (await seedDemo(database.db, gateways.files))) log.info('demo data seeded');
    const app = await building;
    const address = await app.listen({ port: config.port, host: config.host });
    selfUrl = `http://127.0.0.1:${new URL(address).port}`;
    jobs = startJobs(app);
    if (config.mode === 'demo') {
      const lines = DEMO_ACCOUNTS.map(
        (a) => `  tenant ${a.tenantId}  ${a.account.padEnd(9)} (${a.note})`,
      ).join('\n');
      process.stdout.write(
        `\nCampus finance assistant (demo mode, ${database.kind}) at ${selfUrl}/\n` +
          `Demo accounts, password ${DEMO_PASSWORD}:\n${lines}\n` +
          `SMS codes: GET /api/dev/outbox?phone=...  Captcha text: GET /api/dev/captcha/{key}\n\n`,
      );
    }
    return { stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
