// npm run bench:api — API throughput with autocannon, on PostgreSQL and on PGlite: order list (a page
// of 10), order detail, create order, a (duplicate) payment notify, and a plain JSON route (client-config,
// no database) as the ceiling. Each route is measured right after a slice of the ceiling, and its share is
// of that slice: on a shared machine the figures move with the load, the shares much less.
// Budgets on PostgreSQL, 32 connections (the run fails when one is missed): order list with its reply
// cache off >= 15% of the ceiling, order detail >= 15%, create order >= 6%, signed duplicate notify >= 10%,
// p99 <= 30 ms each; PGlite's figures are printed beside. Queries per request: the server is started with
// bench/count-queries.mjs preloaded, and each route is first requested QUERY_PROBES times one by one.
// First of all, start.mjs times the compiled server's start (fresh and seeded data folder; 3 s and 1.5 s).
// BENCH_SECONDS (10), BENCH_CONNECTIONS (32), BENCH_WORKERS, BENCH_KINDS (postgres,pglite),
// BENCH_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"), BENCH_SKIP_START=1 (no start timing),
// BENCH_ROUTES (e.g. "create,noticeList": only those routes, for profiling one; budgets of others: not run).
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { signNotify } from '../apps/server/src/gateways/sandbox-pay/signature';
import { json, signInAccount } from './accounts';
import { startServer, table, throwAwayDatabase } from './lib.mjs';
import { benchStart, startReport } from './start.mjs';

const print = (text: string) => process.stdout.write(`${text}\n`);

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const WORKERS = process.env.BENCH_WORKERS ?? '';
const CEILING_SECONDS = Math.max(3, Math.round(DURATION / 2));
const QUERY_PROBES = 20;
const KINDS = (process.env.BENCH_KINDS ?? 'postgres,pglite').split(',') as ('postgres' | 'pglite')[];
const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
const ONLY = process.env.BENCH_ROUTES ? new Set(process.env.BENCH_ROUTES.split(',')) : undefined;
/** Budgets on PostgreSQL: share of the ceiling at least, p99 at most (ms). */
const BUDGETS: { route: Route; cacheOff: boolean; name: string; share: number }[] = [
  { route: 'list', cacheOff: true, name: 'order list, reply cache off', share: 0.15 },
  { route: 'detail', cacheOff: false, name: 'order detail', share: 0.15 },
  { route: 'create', cacheOff: false, name: 'create order', share: 0.06 },
  { route: 'notify', cacheOff: false, name: 'signed duplicate notify', share: 0.1 },
  { route: 'noticeList', cacheOff: false, name: 'notice list (first read: no reply cache)', share: 0.15 },
  { route: 'noticeDetail', cacheOff: false, name: 'notice detail (marks read)', share: 0.15 },
];
const P99_BUDGET_MS = 30;
const PG_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const secrets = {
  JWT_SECRET: randomBytes(32).toString('hex'),
  WIRE_AES_KEY: randomBytes(24).toString('base64url').slice(0, 32),
  SANDBOX_PAY_KEY: randomBytes(32).toString('hex'),
};

type Route = 'list' | 'detail' | 'create' | 'notify' | 'noticeList' | 'noticeDetail';
interface Measured {
  rps: number;
  p99: number;
  /** Of the ceiling measured just before. */
  share: number;
  queries: number;
}

function run(opts: autocannon.Options, duration = DURATION): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ duration, connections: CONNECTIONS, ...opts }, (err, result) =>
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
    const database = await throwAwayDatabase(PG_URL, 'api');
    env.DATABASE_URL = database.url;
    dropDb = database.drop;
  } else {
    env.DATABASE_URL = '';
  }
  const server = await startServer(env, { nodeArgs: NODE_ARGS, countQueries: true });
  try {
    const base = server.url;
    const auth = {
      ...(await signInAccount(base, {
        tenant: '100001',
        username: 'student1',
        wireKey: secrets.WIRE_AES_KEY,
      })),
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

    // The demo's notices: a page of the newest and the newest one's detail (a table and an attachment).
    const notices = await json(`${base}/api/blade-desk/notice/list?current=1&size=10`, { headers: auth });
    const newestNotice = notices.data.records[0].id as number;

    const scenarios: [Route, string, autocannon.Options][] = [
      [
        'list',
        'GET order list (page of 10)',
        { url: `${base}/api/blade-finance/order/list?tab=all&current=1&size=10`, headers: auth },
      ],
      [
        'detail',
        'GET order detail',
        { url: `${base}/api/blade-finance/order/detail/${lastOrder!.orderId}`, headers: auth },
      ],
      [
        'create',
        'POST create order (top-up)',
        {
          url: `${base}/api/blade-finance/order/create-other`,
          method: 'POST',
          headers: auth,
          body: createBody,
        },
      ],
      [
        'noticeList',
        'GET notice list (page of 10)',
        { url: `${base}/api/blade-desk/notice/list?current=1&size=10`, headers: auth },
      ],
      [
        'noticeDetail',
        'GET notice detail',
        { url: `${base}/api/blade-desk/notice/detail?id=${newestNotice}`, headers: auth },
      ],
      [
        'notify',
        'POST notify (signed duplicate)',
        {
          url: `${base}/api/blade-finance/pay/notify/sandbox/100001`,
          method: 'POST',
          headers: notifyHeaders,
          body: notifyBody,
        },
      ],
    ];
    const ceilingOpts = { url: `${base}/api/blade-system/client-config` };
    const label = variant.cacheOff ? `${kind}, list cache off` : kind;
    const rows = [];
    const measured: Partial<Record<Route, Measured>> = {};
    // Queries per request first, while the server is idle (a loaded server is still working through
    // the last run's queue for a while): each route asked QUERY_PROBES times, one after the other.
    const queriesOf: Partial<Record<Route, number>> = {};
    const skipped = (route: Route) => (variant.cacheOff && route !== 'list') || (ONLY && !ONLY.has(route));
    for (const [route, name, opts] of scenarios) {
      if (skipped(route)) continue;
      const before = await server.queries();
      for (let i = 0; i < QUERY_PROBES; i++) {
        const res = await fetch(opts.url!, {
          method: opts.method ?? 'GET',
          headers: opts.headers as Record<string, string>,
          body: opts.body as string | undefined,
        });
        if (res.status !== 200) throw new Error(`${name}: ${res.status} ${await res.text()}`);
        await res.arrayBuffer();
      }
      queriesOf[route] = ((await server.queries()) - before) / QUERY_PROBES;
    }
    for (const [route, name, opts] of scenarios) {
      if (skipped(route)) continue;
      const queries = queriesOf[route]!;
      const ceiling = await run(ceilingOpts, CEILING_SECONDS);
      const r = await run(opts);
      const share = r.requests.average / ceiling.requests.average;
      measured[route] = { rps: r.requests.average, p99: r.latency.p99, share, queries };
      rows.push({
        database: label,
        route: name,
        'req/s': Math.round(r.requests.average),
        'p50 ms': r.latency.p50,
        'p99 ms': r.latency.p99,
        non2xx: r.non2xx,
        errors: r.errors + r.timeouts,
        'ceiling req/s': Math.round(ceiling.requests.average),
        'of ceiling': `${Math.round(share * 100)}%`,
        'queries/req': queries.toFixed(2),
      });
    }
    return { kind, cacheOff: !!variant.cacheOff, rows, measured };
  } finally {
    await server.stop();
    await dropDb?.();
  }
}

// Start time first, while no other server of this bench is running.
const start = process.env.BENCH_SKIP_START ? undefined : await benchStart();
const results: Awaited<ReturnType<typeof benchOne>>[] = [];
for (const kind of KINDS) {
  results.push(await benchOne(kind));
  if (!ONLY || ONLY.has('list')) results.push(await benchOne(kind, { cacheOff: true }));
}
print(
  `\nAPI benchmark (autocannon, ${CONNECTIONS} connections, ${DURATION} s per route after ${CEILING_SECONDS} s of the ceiling${WORKERS ? `, ${WORKERS} workers` : ''})\n`,
);
print(table(results.flatMap((r) => r.rows)));
const figure = (kind: string, b: (typeof BUDGETS)[number]) =>
  results.find((r) => r.kind === kind && r.cacheOff === b.cacheOff)?.measured[b.route];
const shown = (m: Measured | undefined) =>
  m ? `${Math.round(m.share * 100)}%, p99 ${m.p99} ms, ${m.queries.toFixed(2)} q/req` : '-';
let budgetsOk = true;
const budgetRows = BUDGETS.map((b) => {
  const pg = figure('postgres', b);
  const met = !!pg && pg.share >= b.share && pg.p99 <= P99_BUDGET_MS;
  budgetsOk &&= met;
  return {
    route: b.name,
    budget: `>= ${Math.round(b.share * 100)}%, p99 <= ${P99_BUDGET_MS} ms`,
    postgres: shown(pg),
    '': pg ? (met ? 'met' : 'NOT met') : 'not run',
    pglite: shown(figure('pglite', b)),
  };
});
print(`\nBudgets (PostgreSQL, share of the ceiling measured just before, ${CONNECTIONS} connections)\n`);
print(table(budgetRows));
print(
  `\nBudgets: ${budgetsOk ? 'met' : 'NOT met'}; load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
if (start) print(startReport(start));
process.exit(budgetsOk && (start?.ok ?? true) ? 0 : 1);
