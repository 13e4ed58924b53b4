/**
 * The server as a separate process (`tsx src/main.ts`), for tests of what only processes show:
 * several of them on one database, and one killed with SIGKILL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { TEST_WIRE_KEY } from './helpers';

const serverDir = path.resolve(import.meta.dirname, '..');

export const PROCESS_JWT_SECRET = 'process-test-jwt-secret-long-enough-0123456789';

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Output so far, for failure messages. */
  output(): string;
  /** SIGTERM (a clean stop) or SIGKILL; resolves when the process is gone. */
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<number | null>;
}

export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      APP_MODE: 'demo',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      JWT_SECRET: PROCESS_JWT_SECRET,
      WIRE_AES_KEY: TEST_WIRE_KEY,
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      // A server that never started is not left running after the test.
      child.kill('SIGKILL');
      reject(new Error(`server did not start within 60 s:\n${out}`));
    }, 60_000);
    child.stdout!.on('data', () => {
      const match = /at (http:\/\/127\.0\.0\.1:\d+)\//.exec(out);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before it started:\n${out}`));
    });
  });
  return {
    url,
    child,
    output: () => out,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** A new, empty PostgreSQL database on TEST_DATABASE_URL's server. */
export async function freshPgDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('needs TEST_DATABASE_URL');
  const name = `cf_proc_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** Polls until `check` answers true (or gives up with the last value in the message). */
export async function eventually<T>(
  what: string,
  read: () => Promise<T>,
  check: (v: T) => boolean,
  ms = 20_000,
) {
  const until = Date.now() + ms;
  let last: T | undefined;
  while (Date.now() < until) {
    last = await read().catch(() => undefined as T);
    if (last !== undefined && check(last)) return last;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what}: not reached; last ${JSON.stringify(last)}`);
}
