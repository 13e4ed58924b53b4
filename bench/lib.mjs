// Shared helpers of the benchmarks: start the demo server on a free port with a throw-away data folder.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** `npm start`'s server command: the compiled server (apps/server/dist), as production runs it. */
export const serverCommand = [process.execPath, '--enable-source-maps', 'dist/main.js'];

let built = false;
/** Compiles the server once per bench run, so the figures are of today's source. */
export function buildServer() {
  if (built) return;
  const result = spawnSync('npm', ['run', 'build', '-w', '@cf/server'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm run build -w @cf/server failed');
  built = true;
}

/**
 * Starts `apps/server` (compiled) in demo mode; resolves with its URL and a stop function.
 * `nodeArgs` go before the script (e.g. --cpu-prof); with `countQueries`, bench/count-queries.mjs is
 * preloaded and `queries()` answers how many statements the server has sent to its database so far.
 * @param {Record<string, string>} env
 * @param {{ nodeArgs?: string[], countQueries?: boolean }} options
 */
export async function startServer(env = {}, { nodeArgs = [], countQueries = false } = {}) {
  buildServer();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cf-bench-'));
  const preload = countQueries ? ['--import', path.join(root, 'bench/count-queries.mjs')] : [];
  const child = spawn(serverCommand[0], [...preload, ...nodeArgs, ...serverCommand.slice(1)], {
    cwd: path.join(root, 'apps/server'),
    // APP_MODE said out loud: the API bench runs the demo on PostgreSQL (DATABASE_URL), which needs it.
    env: {
      ...process.env,
      APP_MODE: 'demo',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 120_000);
    const onData = (chunk) => {
      out += chunk.toString();
      const match = /at (http:\/\/127\.0\.0\.1:\d+)\//.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited ${code}:\n${out}`)));
    // BENCH_SERVER_LOG=<file>: the server's whole output (e.g. with BENCH_NODE_ARGS=--trace-gc) goes there too.
    if (process.env.BENCH_SERVER_LOG) {
      const log = createWriteStream(process.env.BENCH_SERVER_LOG, { flags: 'a' });
      child.stdout.pipe(log);
      child.stderr.pipe(log);
    }
  });
  const stop = () =>
    new Promise((resolve) => {
      child.on('exit', resolve);
      child.kill('SIGTERM');
    });
  const queries = () =>
    new Promise((resolve, reject) => {
      if (!countQueries) return reject(new Error('started without countQueries'));
      let seen = '';
      const timer = setTimeout(() => reject(new Error('no query count from the server')), 10_000);
      const onData = (chunk) => {
        seen += chunk.toString();
        const match = /cf-bench-queries (\d+)\n/.exec(seen);
        if (!match) return;
        clearTimeout(timer);
        child.stderr.off('data', onData);
        resolve(Number(match[1]));
      };
      child.stderr.on('data', onData);
      child.kill('SIGUSR2');
    });
  return { url, stop, dataDir, queries, pid: child.pid };
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

export function table(rows) {
  const keys = Object.keys(rows[0] ?? {});
  const widths = keys.map((k) => Math.max(k.length, ...rows.map((r) => String(r[k]).length)));
  const line = (cells) => cells.map((c, i) => String(c).padEnd(widths[i])).join('  ');
  return [
    line(keys),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.map((r) => line(keys.map((k) => r[k]))),
  ].join('\n');
}

/**
 * A new database on the PostgreSQL server of `serverUrl`, named `cf_bench_<prefix>_<random>`; answers its
 * URL, its name and `drop()` (which ends its connections).
 * @param {string} serverUrl
 * @param {string} prefix
 */
export async function throwAwayDatabase(serverUrl, prefix) {
  const name = `cf_bench_${prefix}_${randomBytes(4).toString('hex')}`;
  const onServer = async (sql) => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await onServer(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), name, drop: () => onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * The peak resident memory (VmHWM) and the current one (VmRSS) of process `pid`, in MB (Linux).
 * @param {number} pid
 */
export function processMemoryMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { peak: kb('VmHWM') / 1024, now: kb('VmRSS') / 1024 };
}
