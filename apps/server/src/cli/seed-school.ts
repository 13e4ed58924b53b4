/**
 * `npm run seed:school -- [--seed N] [--scale F] [--tenant 200001] [--end YYYY-MM-DD] [--force]`: fills the
 * PostgreSQL database of DATABASE_URL with one school's year (db/seed/school.ts), after migrating it.
 * PGlite is refused (a school's year is for PostgreSQL), and so is a database that holds tenants already
 * unless --force.
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../db/client';
import { SCHOOL_FINANCE_ACCOUNT, SeedRefused, seedSchool } from '../db/seed/school';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      seed: { type: 'string', default: '1' },
      scale: { type: 'string', default: '1' },
      tenant: { type: 'string', default: '200001' },
      end: { type: 'string', default: new Date().toISOString().slice(0, 10) },
      force: { type: 'boolean', default: false },
    },
  });
  const url = process.env.DATABASE_URL;
  if (!url) {
    process.stderr.write(
      'seed:school needs PostgreSQL: set DATABASE_URL (PGlite is not for a school’s year)\n',
    );
    return 2;
  }
  const end = new Date(`${values.end}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.end) || Number.isNaN(end.getTime())) {
    process.stderr.write('--end is a day, YYYY-MM-DD\n');
    return 2;
  }
  const database = await openDatabase({ url, poolMax: 1 });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = Date.now();
  try {
    const sizes = await seedSchool(client, {
      seed: Number(values.seed),
      scale: Number(values.scale),
      tenantId: values.tenant,
      end,
      force: values.force,
      log: (line) => process.stdout.write(`  ${line}\n`),
    });
    process.stdout.write(
      `School ${values.tenant} seeded in ${((Date.now() - started) / 1000).toFixed(1)} s (seed ${values.seed}, ` +
        `scale ${values.scale}): ${JSON.stringify(sizes)}\n` +
        `Console account: ${SCHOOL_FINANCE_ACCOUNT}; payers sign in with their student or staff number; ` +
        `password Demo@2024.\n`,
    );
    return 0;
  } catch (err) {
    if (err instanceof SeedRefused) {
      process.stderr.write(`seed:school refused: ${err.message}\n`);
      return 2;
    }
    throw err;
  } finally {
    await client.end();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`seed:school failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
