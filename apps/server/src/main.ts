/**
 * Entry point: settings -> database (locked) -> migrations -> demo seed -> listen; signals close cleanly.
 * The app's code (serve.ts and all it imports) loads while the database opens: PGlite compiles its
 * WebAssembly off the main thread and reads its data folder, so the two overlap (bench/start.mjs).
 */
import pino from 'pino';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { loggerOptions } from './http/redact';
import type { Serving } from './serve';

// The start-up log goes through the same redaction list as the app's (a failed seed query names its values).
const log = pino(loggerOptions({ name: 'campus-finance' }));

async function main() {
  const config = loadConfig();
  const loading = import('./serve');
  // A failed open leaves the import to settle unobserved.
  loading.catch(() => undefined);
  const database = await openDatabase({
    url: config.databaseUrl,
    poolMax: config.dbPoolMax,
    dataDir: config.dataDir,
    onIdleError: (err) => log.warn({ err }, 'idle database connection lost'),
    // A supervisor (or the operator) starts the server again; it cannot answer without its database.
    onLost: (err) => {
      log.fatal({ err }, 'the database stopped');
      process.exit(1);
    },
  });
  let serving: Serving | undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // In the message: the redaction list hides any field named like a signature (http/redact.ts).
    log.info(`shutting down on ${signal}`);
    try {
      await serving?.stop();
    } finally {
      await database.close();
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    const { serve } = await loading;
    serving = await serve(config, database, log);
  } catch (err) {
    await database.close();
    throw err;
  }
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) log.fatal(err.message);
  else log.fatal({ err }, 'failed to start');
  process.exit(1);
});
