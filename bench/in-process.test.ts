/**
 * The benchmarks' shared start (bench/in-process.ts): the demo server in this process, whose finance
 * clerk's headers open the finance office's routes, closed (and its database dropped) once; and the
 * benchmark that runs the server in its process starts it through it rather than its own way.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { startInProcessServer } from './in-process';

const here = path.dirname(new URL(import.meta.url).pathname);

describe('the in-process bench server', () => {
  it('serves the finance office to the clerk’s headers, and closes once for all', async () => {
    const server = await startInProcessServer('selftest');
    const list = `${server.base}/api/blade-finance/admin/import/job/list`;
    try {
      const res = await fetch(list, { headers: server.headers });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { data: { total: number } }).data.total).toBe(0);
      expect((await fetch(list)).status).toBe(401);
      expect(server.where).toMatch(server.onPostgres ? /^PostgreSQL$/ : /^PGlite/);
    } finally {
      await Promise.all([server.close(), server.close()]);
    }
    await expect(fetch(list)).rejects.toThrow();
    const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
    if (serverUrl) {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      const left = await c.query("SELECT datname FROM pg_database WHERE datname LIKE 'cf_bench_selftest_%'");
      await c.end();
      expect(left.rows).toEqual([]);
    }
  });

  it('is how bench:salary starts its server; no bench makes its own throw-away database or sign-in', () => {
    const source = readFileSync(path.join(here, 'salary-import.ts'), 'utf8');
    expect(source).toContain("from './in-process'");
    for (const setup of ['CREATE DATABASE', 'openDatabase(', 'seedDemo(', 'buildApp(', 'issueTokens('])
      expect(source, `salary-import.ts repeats ${setup}`).not.toContain(setup);
    // The benches that run the compiled server (bench:import measures that process's own memory) share
    // lib.mjs's throwAwayDatabase and accounts.ts's sign-in.
    // (bench:scale and bench:peak keep a named database of their own, seeded once and reused.)
    for (const bench of ['import.ts', 'api.ts', 'scale.ts', 'peak.ts']) {
      const other = readFileSync(path.join(here, bench), 'utf8');
      const setups = [
        'encryptPassword(',
        'api/dev/captcha',
        ...(bench.match(/^(import|api)/) ? ['CREATE DATABASE'] : []),
      ];
      for (const setup of setups) expect(other, `${bench} repeats ${setup}`).not.toContain(setup);
    }
  });
});
