/** `npm run db:migrate`: applies the SQL migrations to the configured database and exits. */
import { loadConfig } from '../config';
import { openDatabase } from './client';

const config = loadConfig();
const database = await openDatabase({
  url: config.databaseUrl,
  poolMax: config.dbPoolMax,
  dataDir: config.dataDir,
});
try {
  await database.migrate();
  process.stdout.write(`Migrations applied (${database.kind}).\n`);
} finally {
  await database.close();
}
