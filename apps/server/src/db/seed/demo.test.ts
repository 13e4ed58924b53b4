/**
 * Seeding the demo when several seeders meet an empty database at once: two connections in one
 * process (both databases), and two demo servers starting together on one PostgreSQL.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { usePostgres } from '@server-test/helpers';
import { freshPgDatabase, startServer } from '@server-test/server-process';
import { openDatabase, queryRows, type Database } from '../client';
import { seedDemo } from './demo';

async function counts(database: Database) {
  const [row] = await queryRows<{ tenants: number; students: number }>(
    database.db,
    sql`SELECT (SELECT count(*)::int FROM tenants) AS tenants,
               (SELECT count(*)::int FROM users WHERE account = 'student1') AS students`,
  );
  return row;
}

describe('seeding the demo', () => {
  it('two seeders at once on an empty database: one seeds, the other finds its data, neither fails', async () => {
    const pgDb = usePostgres() ? await freshPgDatabase() : undefined;
    const first = await openDatabase({ url: pgDb?.url });
    // PostgreSQL: a second pool, so the two transactions run on separate connections.
    const second = pgDb ? await openDatabase({ url: pgDb.url }) : first;
    try {
      await first.migrate();
      const seeded = await Promise.all([seedDemo(first.db), seedDemo(second.db)]);
      expect(seeded.sort()).toEqual([false, true]);
      // Platform, university, college; student1 at the university and student2's tenant has none.
      expect(await counts(first)).toEqual({ tenants: 3, students: 1 });
      expect(await seedDemo(second.db)).toBe(false);
    } finally {
      if (second !== first) await second.close();
      await first.close();
      await pgDb?.drop();
    }
  });

  it.runIf(usePostgres())(
    'two demo servers starting together on one empty PostgreSQL both start, and the data is seeded once',
    async () => {
      const pgDb = await freshPgDatabase();
      const env = { DATABASE_URL: pgDb.url, JOBS_ENABLED: 'false' };
      const servers = await Promise.allSettled([
        startServer({ ...env, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cf-seed-a-')) }),
        startServer({ ...env, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cf-seed-b-')) }),
      ]);
      const database = await openDatabase({ url: pgDb.url });
      try {
        const failed = servers.filter((s) => s.status === 'rejected').map((s) => String(s.reason));
        expect(failed).toEqual([]);
        for (const s of servers) {
          if (s.status === 'fulfilled') expect((await fetch(`${s.value.url}/health`)).status).toBe(200);
        }
        expect(await counts(database)).toEqual({ tenants: 3, students: 1 });
      } finally {
        for (const s of servers) if (s.status === 'fulfilled') await s.value.stop();
        await database.close();
        await pgDb.drop();
      }
    },
    120_000,
  );
});
