// Start time of the compiled server, `npm start`'s server command (`node dist/main.js` in apps/server): from
// spawning it to the first 200 of /health, in demo mode on PGlite. Fresh = an empty data folder (the
// database is created, migrated and seeded); seeded = a folder a previous start left. Median of
// BENCH_START_RUNS (3) each. Budget: fresh <= 3 s, seeded <= 1.5 s. Run alone by `npm run start-time -w @cf/bench`;
// `npm run bench:api` runs it first and counts its budget.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildServer, median, root, serverCommand, table } from './lib.mjs';

const RUNS = Number(process.env.BENCH_START_RUNS ?? 3);
export const START_BUDGET_MS = { fresh: 3000, seeded: 1500 };

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** One start: milliseconds from spawn to the first 200 of /health; the server is stopped before it returns. */
async function timeStart(dataDir) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(serverCommand[0], serverCommand.slice(1), {
    cwd: path.join(root, 'apps/server'),
    env: {
      ...process.env,
      APP_MODE: 'demo',
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr.on('data', (chunk) => (err += chunk));
  let exited = false;
  const exit = new Promise((resolve) => child.on('exit', () => resolve((exited = true))));
  try {
    for (;;) {
      if (exited) throw new Error(`server exited before answering /health:\n${err}`);
      if (performance.now() - started > 60_000) throw new Error(`no 200 from /health in 60 s:\n${err}`);
      const ok = await fetch(`http://127.0.0.1:${port}/health`).then(
        (res) => res.status === 200,
        () => false,
      );
      if (ok) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    child.kill('SIGTERM');
    await exit;
  }
}

/** Runs both measurements; answers the table rows, the medians and whether both are within budget. */
export async function benchStart() {
  buildServer();
  const fresh = [];
  const dirs = [];
  for (let i = 0; i < RUNS; i++) {
    const dir = mkdtempSync(path.join(tmpdir(), 'cf-bench-start-'));
    dirs.push(dir);
    fresh.push(await timeStart(dir));
  }
  // The first fresh folder is now seeded; start on it again.
  const seeded = [];
  for (let i = 0; i < RUNS; i++) seeded.push(await timeStart(dirs[0]));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  const medians = { fresh: median(fresh), seeded: median(seeded) };
  const row = (name) => ({
    'data folder': name,
    'median ms': Math.round(medians[name]),
    runs: (name === 'fresh' ? fresh : seeded).map((v) => Math.round(v)).join(', '),
    budget: `<= ${START_BUDGET_MS[name]} ms`,
    '': medians[name] <= START_BUDGET_MS[name] ? 'met' : 'NOT met',
  });
  const rows = [row('fresh'), row('seeded')];
  const ok = medians.fresh <= START_BUDGET_MS.fresh && medians.seeded <= START_BUDGET_MS.seeded;
  return { rows, medians, ok };
}

export function startReport(result) {
  return (
    `\nStart time (node dist/main.js -> first 200 of /health, demo on PGlite, median of ${RUNS})\n\n` +
    `${table(result.rows)}\n\nBudget (fresh <= 3 s, seeded <= 1.5 s): ${result.ok ? 'met' : 'NOT met'}`
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await benchStart();
  process.stdout.write(`${startReport(result)}\n`);
  process.exit(result.ok ? 0 : 1);
}
