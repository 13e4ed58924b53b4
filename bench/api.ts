// npm run bench:api — API throughput with autocannon, on PostgreSQL and on PGlite: order list (a page
// of 10), order detail, create order, a (duplicate) payment notify, and a plain JSON route as the
// ceiling of the same run. Budget on PostgreSQL: order list >= 5,000 req/s, p99 <= 30 ms, >= 40% of ceiling.
// The order list is served from its per-caller reply cache after the first read; a last run on
// PostgreSQL with the cache off shows what a first read (a miss) costs. First of all, start.mjs times the
// compiled server's start (fresh and seeded data folder; budgets 3 s and 1.5 s).
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { encryptPassword } from '@cf/shared/wire-crypto';
import { signNotify } from '../apps/server/src/gateways/sandbox-pay/signature';
import { startServer, table } from './lib.mjs';
import { benchStart, startReport } from './start.mjs';

const print = (text: string) => process.stdout.write(`${text}\n`);

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const WORKERS = process.env.BENCH_WORKERS ?? '';
const PG_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const secrets = {
  JWT_SECRET: randomBytes(32).toString('hex'),
  WIRE_AES_KEY: randomBytes(24).toString('base64url').slice(0, 32),
  SANDBOX_PAY_KEY: randomBytes(32).toString('hex'),
};
const basic = 'Basic ' + Buffer.from('saber:saber_secret').toString('base64');

async function json(url: string, init: RequestInit = {}) {
  const res = await fetch(url, init);
  const text = await res.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`${url}: ${res.status} ${text.slice(0, 200)}`);
  }
}

async function signIn(base: string): Promise<string> {
  const { key } = await json(`${base}/api/blade-auth/oauth/captcha`);
  const { data } = await json(`${base}/api/dev/captcha/${key}`);
  const q = new URLSearchParams({
    tenantId: '100001',
    username: 'student1',
    password: encryptPassword('Demo@2024', secrets.WIRE_AES_KEY),
    grant_type: 'password',
    scope: 'all',
    type: 'account',
  });
  const token = await json(`${base}/api/blade-auth/oauth/token?${q}`, {
    method: 'POST',
    headers: { authorization: basic, 'tenant-id': '100001', 'captcha-key': key, 'captcha-code': data.text },
  });
  if (!token.access_token) throw new Error(`sign-in failed: ${JSON.stringify(token)}`);
  return token.access_token;
}

function run(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ duration: DURATION, connections: CONNECTIONS, ...opts }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

async function benchOne(kind: 'postgres' | 'pglite', variant: { cacheOff?: boolean } = {}) {
  let dropDb: (() => Promise<void>) | undefined;
  const env: Record<string, string> = { ...secrets, LOG_LEVEL: 'warn', JOBS_ENABLED: 'false' };
  // The order list's reply cache off: what every first read of a page costs.
  if (variant.cacheOff) env.ORDER_LIST_CACHE_MB = '0';
  if (WORKERS) env.WEB_CONCURRENCY = WORKERS;
  if (kind === 'postgres') {
    const name = `cf_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    dropDb = async () => {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  } else {
    env.DATABASE_URL = '';
  }
  const server = await startServer(env);
  try {
    const base = server.url;
    const token = await signIn(base);
    const auth = {
      authorization: basic,
      'blade-auth': `bearer ${token}`,
      'content-type': 'application/json',
    };
    const other = await json(`${base}/api/blade-finance/fee/other`, { headers: auth });
    const topup = other.data.topup[0];
    const createBody = JSON.stringify({ feeItemId: topup.id, amountFen: topup.minFen });
    // Enough orders that the list's page of 10 is full and counting is real work.
    let lastOrder: { orderId: number; orderNo: string } | undefined;
    for (let i = 0; i < 40; i++) {
      const created = await json(`${base}/api/blade-finance/order/create-other`, {
        method: 'POST',
        headers: auth,
        body: createBody,
      });
      if (!created.success) throw new Error(`create failed: ${JSON.stringify(created)}`);
      lastOrder = created.data;
    }
    // Pay the last one through the sandbox checkout, then replay its paid notify (the duplicate path).
    const prepay = await json(`${base}/api/blade-finance/pay/prepay`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ orderNo: lastOrder!.orderNo, channel: 'sandbox' }),
    });
    const ticket = new URL(prepay.data.checkoutUrl, base).searchParams.get('ticket')!;
    await fetch(`${base}/api/blade-finance/pay/sandbox/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ticket, action: 'pay' }),
    });
    let paid: { paymentNo: string; paidAt: string } | undefined;
    for (let i = 0; i < 100 && !paid; i++) {
      const detail = await json(`${base}/api/blade-finance/order/detail/${lastOrder!.orderId}`, {
        headers: auth,
      });
      if (detail.data.payStatus === 'PAID') paid = detail.data;
      else await new Promise((r) => setTimeout(r, 100));
    }
    if (!paid) throw new Error('the sandbox payment did not arrive');
    const notifyBody = JSON.stringify({
      id: 'bench-replay',
      event_type: 'TRADE.SUCCESS',
      tenant_id: '100001',
      out_trade_no: lastOrder!.orderNo,
      transaction_id: paid.paymentNo,
      trade_state: 'SUCCESS',
      amount_fen: topup.minFen,
      success_time: paid.paidAt,
    });
    // Signed once: the timestamp stays within the 5-minute window for the whole run.
    const notifyHeaders = {
      'content-type': 'application/json',
      'sandbox-signature': signNotify(secrets.SANDBOX_PAY_KEY, notifyBody, Date.now()),
    };
    const probe = await fetch(`${base}/api/blade-finance/pay/notify/sandbox/100001`, {
      method: 'POST',
      headers: notifyHeaders,
      body: notifyBody,
    });
    if (probe.status !== 200) throw new Error(`notify replay refused: ${probe.status} ${await probe.text()}`);

    const scenarios: [string, autocannon.Options][] = [
      ['ceiling: GET client-config (no database)', { url: `${base}/api/blade-system/client-config` }],
      [
        'GET order list (page of 10)',
        { url: `${base}/api/blade-finance/order/list?tab=all&current=1&size=10`, headers: auth },
      ],
      [
        'GET order detail',
        { url: `${base}/api/blade-finance/order/detail/${lastOrder!.orderId}`, headers: auth },
      ],
      [
        'POST create order (top-up)',
        {
          url: `${base}/api/blade-finance/order/create-other`,
          method: 'POST',
          headers: auth,
          body: createBody,
        },
      ],
      [
        'POST notify (signed duplicate)',
        {
          url: `${base}/api/blade-finance/pay/notify/sandbox/100001`,
          method: 'POST',
          headers: notifyHeaders,
          body: notifyBody,
        },
      ],
    ];
    const rows = [];
    let ceiling = 0;
    let list: autocannon.Result | undefined;
    const label = variant.cacheOff ? `${kind}, list cache off` : kind;
    for (const [name, opts] of scenarios) {
      if (variant.cacheOff && !name.startsWith('ceiling') && !name.startsWith('GET order list')) continue;
      const r = await run(opts);
      if (name.startsWith('ceiling')) ceiling = r.requests.average;
      if (name.startsWith('GET order list')) list = r;
      rows.push({
        database: label,
        route: name,
        'req/s': Math.round(r.requests.average),
        'p50 ms': r.latency.p50,
        'p99 ms': r.latency.p99,
        non2xx: r.non2xx,
        errors: r.errors + r.timeouts,
        'of ceiling': ceiling ? `${Math.round((r.requests.average / ceiling) * 100)}%` : '-',
      });
    }
    return { rows, list: list!, ceiling };
  } finally {
    await server.stop();
    await dropDb?.();
  }
}

// Start time first, while no other server of this bench is running.
const start = await benchStart();
const results = [];
for (const kind of ['postgres', 'pglite'] as const) results.push(await benchOne(kind));
results.push(await benchOne('postgres', { cacheOff: true }));
print(
  `\nAPI benchmark (autocannon, ${CONNECTIONS} connections, ${DURATION} s per route${WORKERS ? `, ${WORKERS} workers` : ''})\n`,
);
print(table(results.flatMap((r) => r.rows)));
const pgResult = results[0]!;
const listOk =
  pgResult.list.requests.average >= 5000 &&
  pgResult.list.latency.p99 <= 30 &&
  pgResult.list.requests.average >= 0.4 * pgResult.ceiling;
print(
  `\nBudget (PostgreSQL order list >= 5000 req/s, p99 <= 30 ms, >= 40% of ceiling): ${listOk ? 'met' : 'NOT met'}`,
);
print(startReport(start));
process.exit(listOk && start.ok ? 0 : 1);
