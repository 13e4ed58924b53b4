// npm run bench:login — does the time of a sign-in tell whether an account exists? Median time of a
// password grant (over HTTP, form body, fresh captcha) for an unknown account and for a known one with
// a wrong password, taken in turns. Budget: the medians within 5 ms of each other (exit 1 beyond).
// The server runs in this process (demo mode, PGlite) so the wrong-password counters can be cleared
// between tries: the bench measures the answer, not the slow-down that protects an attacked account.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { encryptPassword } from '@cf/shared/wire-crypto';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { rateLimits } from '../apps/server/src/db/schema';
import { seedDemo } from '../apps/server/src/db/seed/demo';
import { createGateways } from '../apps/server/src/gateways';
import { median, table } from './lib.mjs';

const ROUNDS = Number(process.env.BENCH_LOGIN_ROUNDS ?? 100);
const WARMUP = 5;
const BUDGET_MS = 5;
const print = (text: string) => process.stdout.write(`${text}\n`);

const config = loadConfig({
  ...process.env,
  APP_MODE: 'demo',
  DATABASE_URL: '',
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cf-bench-login-')),
  LOG_LEVEL: 'warn',
  JOBS_ENABLED: 'false',
});
const database = await openDatabase({ dataDir: config.dataDir });
await database.migrate();
await seedDemo(database.db);
let base = '';
const app = await buildApp({
  config,
  db: database.db,
  database,
  gateways: createGateways(config, database.db, () => base),
  logger: false,
});
base = await app.listen({ port: 0, host: '127.0.0.1' });
const basic = 'Basic ' + Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64');

async function timedSignIn(username: string): Promise<number> {
  await database.db.delete(rateLimits);
  const { key } = (await (await fetch(`${base}/api/blade-auth/oauth/captcha`)).json()) as { key: string };
  const { data } = (await (await fetch(`${base}/api/dev/captcha/${key}`)).json()) as {
    data: { text: string };
  };
  const body = new URLSearchParams({
    tenantId: '100001',
    username,
    password: encryptPassword('Wrong@2024', config.wireAesKey),
    grant_type: 'password',
  });
  const started = performance.now();
  const res = await fetch(`${base}/api/blade-auth/oauth/token`, {
    method: 'POST',
    headers: { authorization: basic, 'captcha-key': key, 'captcha-code': data.text },
    body,
  });
  const reply = (await res.json()) as { error_description?: string };
  const elapsed = performance.now() - started;
  if (res.status !== 400)
    throw new Error(`${username}: expected a refusal, got ${res.status} ${JSON.stringify(reply)}`);
  return elapsed;
}

const times = { unknown: [] as number[], known: [] as number[] };
try {
  for (let i = 0; i < WARMUP + ROUNDS; i++) {
    // Alternate the order so neither kind always runs first.
    const order = i % 2 ? (['unknown', 'known'] as const) : (['known', 'unknown'] as const);
    for (const kind of order) {
      const ms = await timedSignIn(kind === 'known' ? 'student1' : `nobody-${i}`);
      if (i >= WARMUP) times[kind].push(ms);
    }
  }
} finally {
  await app.close();
  await database.close();
}

const unknown = median(times.unknown);
const known = median(times.known);
const difference = Math.abs(unknown - known);
print(`Password grant, ${ROUNDS} tries each (wrong password for the known account)`);
print(
  table([
    { account: 'unknown', 'median ms': unknown.toFixed(2) },
    { account: 'known', 'median ms': known.toFixed(2) },
    { account: 'difference', 'median ms': difference.toFixed(2) },
  ]),
);
if (difference > BUDGET_MS) {
  print(`FAIL: the medians differ by more than ${BUDGET_MS} ms`);
  process.exit(1);
}
print(`OK: within ${BUDGET_MS} ms`);
