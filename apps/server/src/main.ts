/** Entry point: settings -> database (locked) -> migrations -> demo seed -> listen; signals close cleanly. */
import pino from 'pino';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { loggerOptions } from './http/redact';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from './db/seed/demo';
import { createGateways } from './gateways';
import { startJobs, type Jobs } from './jobs/runner';

// The start-up log goes through the same redaction list as the app's (a failed seed query names its values).
const log = pino(loggerOptions({ name: 'campus-finance' }));

async function main() {
  const config = loadConfig();
  const database = await openDatabase({
    url: config.databaseUrl,
    poolMax: config.dbPoolMax,
    dataDir: config.dataDir,
    onIdleError: (err) => log.warn({ err }, 'idle database connection lost'),
  });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    try {
      // Jobs first: a run in progress finishes while the database is still open.
      await jobs?.stop();
      await app?.close();
    } finally {
      await database.close();
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let jobs: Jobs | undefined;
  try {
    await database.migrate();
    let selfUrl = `http://127.0.0.1:${config.port}`;
    const gateways = createGateways(config, database.db, () => selfUrl);
    if (config.mode === 'demo' && (await seedDemo(database.db, gateways.files))) log.info('demo data seeded');
    app = await buildApp({ config, db: database.db, database, gateways });
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
  } catch (err) {
    await jobs?.stop();
    await app?.close().catch(() => undefined);
    await database.close();
    throw err;
  }
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) log.fatal(err.message);
  else log.fatal({ err }, 'failed to start');
  process.exit(1);
});
