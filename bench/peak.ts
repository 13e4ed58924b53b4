// npm run bench:peak — opening day (issue 26 item 6). Two compiled API processes (node dist/main.js)
// on one PostgreSQL and one S3 bucket (s3rver, started here) take BENCH_PEAK_PAYERS (2,000) payers
// arriving evenly over BENCH_PEAK_SECONDS (300). Each payer, on a phone in WeChat, signs in through
// WeChat (the social grant), reads home (user info, fees, notices), creates an order of what is payable
// now, opens the cashier, pays through WeChat Pay and waits on the result page; some cancel the order
// first and pay a new one, some leave the payment sheet and pay again. Every request goes to either
// process (a load balancer without stickiness).
// WeChat Pay is the v3 simulator on a socket in this process, playing WeChat: the tenant has merchant
// keys for it, the processes call it as they call WeChat, the payer's WeChat app checks paySign
// (payJsapi) and the simulator's notifies go to the public https address, which this bench maps to
// either process: some notifies twice (to both), some late (after the result page has learnt the
// payment by asking WeChat). The WeChat authorize page is played here too: the code WeChat would hand
// the app is written where the demo's OAuth stand-in keeps its codes, for openids linked to the
// payers' accounts before the run.
// The database (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/peak) is dropped and
// made anew each run: seed:school at BENCH_PEAK_SCALE (0.2: 10,000 students, about 3,000 with fees
// open), its year ending two days ago so the day's statement holds only this run's payments. Payers
// come through the bench as load balancer, each with its own address (TRUST_PROXY=loopback).
// Budgets (exit 1 when one is missed): no error (every answer 2xx and a success envelope, every notify
// acknowledged); p99 of every kind of request <= 500 ms; the ledger exact at the end: every payment
// the simulator took is credited once to its order (PAID, one credited inbox row, its charge bills
// equal to its total), cancelled orders took nothing, no payment exception, each receivable's received
// amount grew by exactly what was paid for it and equals its reviewed charge bills, and the day's
// reconciliation (console route) finds the statement and our payments the same, with no difference.
import { randomBytes, randomInt } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import pg from 'pg';
import type { StudentFees } from '@cf/shared/wire/fee';
import type { CancelResult, CreatedOrder, OrderDetail } from '@cf/shared/wire/order';
import type { PayStatusReply, PrepayAnswer } from '@cf/shared/wire/pay';
import type { ReconciliationRun } from '@cf/shared/wire/admin-reconciliation';
import { createWechatPayFixture } from '../apps/server/test/wechat-pay-fixtures';
import { listenSimulator } from '../apps/server/src/gateways/wechat-pay/simulator-server';
import type { SimulatedNotify } from '../apps/server/src/gateways/wechat-pay/simulator';
import { startS3Server } from '../apps/server/test/s3-server';
import { BASIC as basic, signInAccount } from './accounts';
import { buildServer, processMemoryMb, root, startServer, table } from './lib.mjs';

const print = (text: string) => process.stdout.write(`${text}\n`);

const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/peak';
const TENANT = process.env.BENCH_TENANT ?? '200001';
const PAYERS = Number(process.env.BENCH_PEAK_PAYERS ?? 2000);
const SECONDS = Number(process.env.BENCH_PEAK_SECONDS ?? 300);
const SCALE = process.env.BENCH_PEAK_SCALE ?? '0.2';
const P99_MS = 500;
const PUBLIC_URL = 'https://pay.peak.invalid';
// Shares of the payers who pay: cancel first and pay a new order; leave the sheet once; notify twice;
// notify late.
const SHARE = { cancelFirst: 0.1, abandonOnce: 0.08, duplicateNotify: 0.2, lateNotify: 0.15 };

const secrets = {
  JWT_SECRET: randomBytes(32).toString('hex'),
  WIRE_AES_KEY: randomBytes(24).toString('base64url').slice(0, 32),
  SANDBOX_PAY_KEY: randomBytes(32).toString('hex'),
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const chance = (p: number) => randomInt(1_000_000) < p * 1_000_000;
/** A phone user's pause between two taps. */
const think = () => sleep(300 + randomInt(1200));
const beijingDay = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);

// --- The database: made anew, seeded, set up for WeChat sign-in and WeChat Pay. ---

function npm(args: string[], what: string, env: Record<string, string> = {}) {
  const started = Date.now();
  const result = spawnSync('npm', args, {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, APP_MODE: 'demo', DATABASE_URL: PG_URL, ...env },
  });
  if (result.status !== 0) throw new Error(`${what} failed (exit ${result.status})`);
  return (Date.now() - started) / 1000;
}

async function freshDatabase(): Promise<void> {
  const url = new URL(PG_URL);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
}

buildServer();
await freshDatabase();
const seedEnd = beijingDay(Date.now() - 2 * 86_400_000);
const seedSeconds = npm(
  ['run', 'seed:school', '--', '--seed', '1', '--scale', SCALE, '--tenant', TENANT, '--end', seedEnd],
  'seed:school',
);
const client = new pg.Client({ connectionString: PG_URL });
await client.connect();
const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await client.query(text, params)).rows as T[];

// WeChat: the school's official account (the OAuth stand-in answers for it) and a merchant account
// whose API is the simulator below.
const wechat = createWechatPayFixture();
const simulatorServer = await listenSimulator(wechat.simulator);
const mpAppId = wechat.config.appId;
await q(`UPDATE tenants SET wechat_mp_app_id = $2, wechat_mp_secret = $3 WHERE tenant_id = $1`, [
  TENANT,
  mpAppId,
  randomBytes(16).toString('hex'),
]);
await q(
  `INSERT INTO pay_channels (tenant_id, channel, enabled, settings) VALUES ($1, 'wechat', true, $2)
   ON CONFLICT (tenant_id, channel) DO UPDATE SET enabled = true, settings = excluded.settings`,
  [TENANT, JSON.stringify({ ...wechat.config, baseUrl: simulatorServer.url })],
);
await q(`UPDATE pay_channels SET enabled = false WHERE tenant_id = $1 AND channel <> 'wechat'`, [TENANT]);

// The payers: students with something to pay now, each with a WeChat openid linked to the account.
const payers = await q<{ userId: number; openId: string }>(
  `WITH p AS (
     SELECT b.user_id FROM user_bindings b
      WHERE b.tenant_id = $1 AND b.status = 'active' AND b.user_type = 'student'
        AND EXISTS (SELECT 1 FROM receivables r WHERE r.tenant_id = b.tenant_id AND r.category = 'FEE'
                      AND r.person_type = 'student' AND r.person_id = b.student_id
                      AND r.payable_fen - r.reduction_fen - r.deferred_fen - r.received_fen > 0)
        -- Nothing held by an open order or an other-means bill under review: all of it payable now.
        AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.tenant_id = b.tenant_id AND o.person_type = 'student'
                          AND o.person_id = b.student_id AND o.pay_status IN ('NOT_PAY', 'PAYING'))
        AND NOT EXISTS (SELECT 1 FROM bills l WHERE l.tenant_id = b.tenant_id AND l.person_type = 'student'
                          AND l.person_id = b.student_id AND l.status = 1)
      ORDER BY b.user_id LIMIT $2)
   INSERT INTO oauth_links (tenant_id, source, open_id, user_id, nickname)
   SELECT $1, 'wechat', 'o-peak-' || p.user_id, p.user_id, '开学日 ' || p.user_id FROM p
   RETURNING user_id AS "userId", open_id AS "openId"`,
  [TENANT, PAYERS],
);
if (payers.length < PAYERS) throw new Error(`only ${payers.length} students have something to pay`);
const receivedBefore = new Map(
  (
    await q<{ id: number; received: string }>(
      `SELECT id, received_fen AS received FROM receivables WHERE tenant_id = $1 AND category = 'FEE'`,
      [TENANT],
    )
  ).map((r) => [r.id, Number(r.received)]),
);
print(
  `peak database ${new URL(PG_URL).pathname.slice(1)}: school ${TENANT} seeded at scale ${SCALE} in ${seedSeconds.toFixed(1)} s (year to ${seedEnd}); ${payers.length} payers`,
);

// --- Two API processes on the database and one bucket. ---

const s3 = await startS3Server();
const env = {
  ...secrets,
  ...s3.env,
  DATABASE_URL: PG_URL,
  PUBLIC_URL,
  LOG_LEVEL: 'warn',
  JOBS_ENABLED: 'true',
  // Behind the load balancer (this bench): each phone's own address comes as X-Forwarded-For.
  TRUST_PROXY: 'loopback',
};
// BENCH_PEAK_PROFILE=dir: each process writes a CPU profile there when it stops (node --cpu-prof).
const profile = process.env.BENCH_PEAK_PROFILE;
const nodeArgs = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [];
const servers = [await startServer(env, { nodeArgs }), await startServer(env, { nodeArgs })];
const bases = servers.map((s) => s.url as string);
const anyBase = () => bases[randomInt(bases.length)]!;

// --- Measuring. ---

interface Kind {
  ms: number[];
  errors: number;
}
const kinds = new Map<string, Kind>();
const problems: string[] = [];
function record(name: string, ms: number, error?: string) {
  let kind = kinds.get(name);
  if (!kind) kinds.set(name, (kind = { ms: [], errors: 0 }));
  kind.ms.push(ms);
  if (error) {
    kind.errors++;
    if (problems.length < 20) problems.push(`${name}: ${error}`);
    // The first few as they happen, so a long run that goes wrong is seen going wrong.
    if (problems.length <= 3) print(`  ${name}: ${error}`);
  }
}

type Json<T = unknown> = { success?: boolean; code?: number; msg?: string; data: T; access_token?: string };

/** One request to either process, timed under its kind; a non-2xx or unsuccessful answer is an error. */
async function call<T = unknown>(
  name: string,
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string>,
  body?: object,
): Promise<Json<T>> {
  const started = performance.now();
  let error: string | undefined;
  let json = {} as Json<T>;
  try {
    const res = await fetch(anyBase() + path, {
      method,
      headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    json = text ? (JSON.parse(text) as Json<T>) : json;
    if (res.status >= 300 || json.success === false) error = `${res.status} ${text.slice(0, 160)}`;
  } catch (err) {
    error = String(err);
  }
  record(name, performance.now() - started, error);
  if (error) throw new Error(`${name}: ${error}`);
  return json;
}

/** WeChat posts a notify to the public address; the load balancer hands it to either process. */
async function deliver(notify: SimulatedNotify, name: string, base = anyBase()) {
  const { pathname } = new URL(notify.notifyUrl);
  if (!notify.notifyUrl.startsWith(PUBLIC_URL)) problems.push(`notify to ${notify.notifyUrl}`);
  const started = performance.now();
  let error: string | undefined;
  try {
    const res = await fetch(base + pathname, {
      method: 'POST',
      headers: notify.headers,
      body: notify.rawBody,
    });
    const text = await res.text();
    if (res.status !== 200 && res.status !== 204) error = `${res.status} ${text.slice(0, 160)}`;
  } catch (err) {
    error = String(err);
  }
  record(name, performance.now() - started, error);
}

// --- The payers. ---

interface Paid {
  orderNo: string;
  transactionId: string;
  amountFen: number;
  lines: { receivableId: number; amountFen: number }[];
}
const paid: Paid[] = [];
const cancelled: string[] = [];
const lateNotifies: Promise<void>[] = [];
let payersDone = 0;
let payersFailed = 0;

/** A phone's address on the internet, as the load balancer passes it on. */
const addressOf = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

async function signIn(openId: string, address: string): Promise<Record<string, string>> {
  // What WeChat's authorize page hands the app after the payer allows it (the stand-in's code store).
  const code = randomBytes(16).toString('hex');
  await q(
    `INSERT INTO dev_oauth_codes (code, app_id, open_id, nickname, expires_at)
     VALUES ($1, $2, $3, '', now() + interval '5 minutes')`,
    [code, mpAppId, openId],
  );
  const params = new URLSearchParams({ grant_type: 'social', tenantId: TENANT, source: 'wechat', code });
  const token = await call(
    'POST oauth/token (WeChat code)',
    'POST',
    `/api/blade-auth/oauth/token?${params}`,
    { authorization: basic, 'tenant-id': TENANT, 'x-forwarded-for': address },
  );
  if (!token.access_token) throw new Error(`no token: ${JSON.stringify(token).slice(0, 200)}`);
  return {
    authorization: basic,
    'blade-auth': `bearer ${token.access_token}`,
    'tenant-id': TENANT,
    'x-forwarded-for': address,
  };
}

async function createOrder(h: Record<string, string>, items: { receivableId: number }[]) {
  const created = await call<CreatedOrder>(
    'POST order/create-fee',
    'POST',
    '/api/blade-finance/order/create-fee',
    h,
    {
      items,
    },
  );
  return created.data;
}

async function payer(openId: string, address: string): Promise<void> {
  const h = await signIn(openId, address);
  const [, fees] = await Promise.all([
    call('GET oauth/user-info', 'GET', '/api/blade-auth/oauth/user-info', h),
    call<StudentFees>('GET fee/student', 'GET', '/api/blade-finance/fee/student', h),
    call('GET notice/list', 'GET', '/api/blade-desk/notice/list?current=1&size=10', h),
  ]);
  await think();
  // 全选: every item with something payable now, at what is payable now.
  const items = fees.data.years.flatMap((y) => y.items.filter((i) => i.payNow.payNowFen > 0));
  if (!items.length) throw new Error('nothing payable on the fee list');
  const wanted = items.map((i) => ({ receivableId: i.receivableId }));
  let order = await createOrder(h, wanted);
  if (chance(SHARE.cancelFirst)) {
    await think();
    const result = await call<CancelResult>(
      'POST order/cancel',
      'POST',
      `/api/blade-finance/order/cancel/${order.orderId}`,
      h,
    );
    if (result.data.result !== 'closed') throw new Error(`cancel answered ${JSON.stringify(result.data)}`);
    cancelled.push(order.orderNo);
    await call('GET fee/student', 'GET', '/api/blade-finance/fee/student', h);
    order = await createOrder(h, wanted);
  }
  const detail = await call<OrderDetail>(
    'GET order/detail',
    'GET',
    `/api/blade-finance/order/detail/${order.orderId}`,
    h,
  );
  await call('GET pay/cashier', 'GET', `/api/blade-finance/pay/cashier?orderNo=${order.orderNo}`, h);
  await think();
  const prepay = () =>
    call<PrepayAnswer>('POST pay/prepay (wechat)', 'POST', '/api/blade-finance/pay/prepay', h, {
      orderNo: order.orderNo,
      channel: 'wechat',
    });
  let sheet = await prepay();
  if (chance(SHARE.abandonOnce)) {
    // The payer closes WeChat's payment sheet, then taps 支付 again.
    await call('POST pay/abandon', 'POST', '/api/blade-finance/pay/abandon', h, { orderNo: order.orderNo });
    await think();
    sheet = await prepay();
  }
  const answer = wechat.simulator.payJsapi(sheet.data.jsapi);
  if ('refused' in answer) throw new Error(`WeChat refused the payment sheet: ${answer.refused}`);
  const notify = answer.notify;
  paid.push({
    orderNo: order.orderNo,
    transactionId: notify.transactionId,
    amountFen: order.totalFen,
    lines: detail.data.items.map((i) => ({
      receivableId: i.receivableId ?? 0,
      amountFen: i.amountFen,
    })),
  });
  if (chance(SHARE.lateNotify)) {
    // WeChat is slow today: the result page learns the payment by asking; the notify comes later.
    lateNotifies.push(sleep(10_000 + randomInt(20_000)).then(() => deliver(notify, 'notify (late)')));
  } else {
    const first = deliver(notify, 'notify');
    if (chance(SHARE.duplicateNotify)) {
      // WeChat did not hear the answer in time and sends it again, here to the other process.
      await sleep(randomInt(1500));
      await Promise.all([first, deliver(notify, 'notify (again)', bases[randomInt(bases.length)])]);
    } else await first;
  }
  // The result page asks until the order is paid.
  for (let tries = 0; ; tries++) {
    const status = await call<PayStatusReply>(
      'GET pay/status',
      'GET',
      `/api/blade-finance/pay/status?orderNo=${order.orderNo}`,
      h,
    );
    if (status.data.result === 'paid') break;
    if (tries >= 30) throw new Error(`order ${order.orderNo} still ${status.data.result} after 30 tries`);
    await sleep(1000);
  }
  await think();
  await call('GET order/list', 'GET', '/api/blade-finance/order/list?tab=all&current=1&size=10', h);
}

const loads: number[][] = [loadavg()];
const loadTimer = setInterval(() => loads.push(loadavg()), 30_000);
const rss = new Map<number, number>();
const rssTimer = setInterval(() => {
  for (const s of servers) {
    try {
      const kb = processMemoryMb(s.pid!).now * 1024;
      rss.set(s.pid!, Math.max(rss.get(s.pid!) ?? 0, kb));
    } catch {
      // gone
    }
  }
}, 5000);

const started = Date.now();
const runs: Promise<void>[] = [];
for (let i = 0; i < payers.length; i++) {
  const due = started + (i * SECONDS * 1000) / payers.length;
  const wait = due - Date.now();
  if (wait > 0) await sleep(wait);
  runs.push(
    payer(payers[i]!.openId, addressOf(i + 1)).then(
      () => void payersDone++,
      (err) => {
        payersFailed++;
        if (problems.length < 20) problems.push(`payer ${payers[i]!.openId}: ${String(err).slice(0, 300)}`);
      },
    ),
  );
  if (i % 200 === 199)
    print(
      `  ${i + 1} payers started, ${payersDone} done, ${payersFailed} failed (${Math.round((Date.now() - started) / 1000)} s)`,
    );
}
await Promise.all(runs);
await Promise.all(lateNotifies);
const runSeconds = (Date.now() - started) / 1000;
clearInterval(loadTimer);
clearInterval(rssTimer);
loads.push(loadavg());

// --- The ledger. ---

interface BudgetRow {
  measure: string;
  figure: string;
  budget: string;
  '': string;
}
const budgets: BudgetRow[] = [];
const budget = (measure: string, figure: string, limit: string, met: boolean) =>
  budgets.push({ measure, figure, budget: limit, '': met ? 'met' : 'NOT met' });

const paidNos = paid.map((p) => p.orderNo);
const orderRows = new Map(
  (
    await q<{ order_no: string; pay_status: string; total_fen: string; payment_no: string | null }>(
      `SELECT order_no, pay_status, total_fen, payment_no FROM orders WHERE order_no = ANY($1)`,
      [[...paidNos, ...cancelled]],
    )
  ).map((r) => [r.order_no, r]),
);
const inbox = await q<{ order_no: string; transaction_id: string; outcome: string; amount_fen: string }>(
  // The channel knows an order by its attempt's number (the order's, or the order's _2, _3 after a retry).
  `SELECT split_part(order_no, '_', 1) AS order_no, transaction_id, outcome, amount_fen FROM payment_inbox
    WHERE split_part(order_no, '_', 1) = ANY($1)`,
  [[...paidNos, ...cancelled]],
);
const charges = new Map(
  (
    await q<{ order_no: string; fen: string }>(
      `SELECT o.order_no, sum(b.amount_fen) AS fen FROM bills b JOIN orders o ON o.id = b.order_id
        WHERE o.order_no = ANY($1) AND b.kind = 'CHARGE' AND b.status = 2 GROUP BY o.order_no`,
      [paidNos],
    )
  ).map((r) => [r.order_no, Number(r.fen)]),
);
const ledgerProblems: string[] = [];
const wrong = (text: string) => {
  if (ledgerProblems.length < 20) ledgerProblems.push(text);
};
for (const p of paid) {
  const row = orderRows.get(p.orderNo);
  if (row?.pay_status !== 'PAID') wrong(`${p.orderNo}: ${row?.pay_status ?? 'missing'}, not PAID`);
  if (row && Number(row.total_fen) !== p.amountFen)
    wrong(`${p.orderNo}: total ${row.total_fen} ≠ ${p.amountFen}`);
  if (row && row.payment_no !== p.transactionId) wrong(`${p.orderNo}: payment no ${row.payment_no}`);
  const credited = inbox.filter((i) => i.order_no === p.orderNo && i.outcome === 'credited');
  if (credited.length !== 1 || credited[0]!.transaction_id !== p.transactionId)
    wrong(`${p.orderNo}: ${credited.length} credited inbox rows`);
  else if (Number(credited[0]!.amount_fen) !== p.amountFen)
    wrong(`${p.orderNo}: credited ${credited[0]!.amount_fen}`);
  if (charges.get(p.orderNo) !== p.amountFen)
    wrong(`${p.orderNo}: charge bills ${charges.get(p.orderNo) ?? 0} ≠ ${p.amountFen}`);
}
for (const no of cancelled) {
  const row = orderRows.get(no);
  if (row?.pay_status !== 'CLOSED') wrong(`cancelled ${no}: ${row?.pay_status}`);
  if (inbox.some((i) => i.order_no === no)) wrong(`cancelled ${no} took a payment`);
}
const exceptions = Number(
  (
    await q<{ n: string }>(
      `SELECT count(*) AS n FROM payment_exceptions WHERE tenant_id = $1 AND created_at >= $2`,
      [TENANT, new Date(started)],
    )
  )[0]!.n,
);
if (exceptions) wrong(`${exceptions} payment exceptions`);
// Each receivable: grown by exactly what was paid for it, and equal to its reviewed charge bills
// less its reviewed refund bills (the one rule of what was received).
const paidFor = new Map<number, number>();
for (const p of paid)
  for (const l of p.lines) paidFor.set(l.receivableId, (paidFor.get(l.receivableId) ?? 0) + l.amountFen);
const receivableRows = await q<{ id: number; received: string; billed: string }>(
  `SELECT r.id, r.received_fen AS received,
          coalesce((SELECT sum(b.amount_fen) FROM bills b WHERE b.receivable_id = r.id AND b.kind = 'CHARGE' AND b.status = 2), 0) AS billed
     FROM receivables r WHERE r.id = ANY($1)`,
  [[...paidFor.keys()]],
);
for (const r of receivableRows) {
  const grew = Number(r.received) - (receivedBefore.get(r.id) ?? 0);
  if (grew !== paidFor.get(r.id))
    wrong(`receivable ${r.id}: received grew by ${grew}, paid ${paidFor.get(r.id)}`);
  if (Number(r.received) !== Number(r.billed))
    wrong(`receivable ${r.id}: received ${r.received} ≠ bills ${r.billed}`);
}
if (receivableRows.length !== paidFor.size)
  wrong(`${paidFor.size - receivableRows.length} receivables missing`);

// The day's statement against our payments, through the console as the finance office runs it.
async function officeHeaders(): Promise<Record<string, string>> {
  const h = await signInAccount(bases[0]!, {
    tenant: TENANT,
    username: 'finance1',
    wireKey: secrets.WIRE_AES_KEY,
  });
  return { ...h, 'tenant-id': TENANT };
}
const office = await officeHeaders();
const days = [...new Set([beijingDay(started), beijingDay(Date.now())])];
const reconciled: string[] = [];
let statementLines = 0;
for (const billDate of days) {
  const res = await fetch(`${bases[0]}/api/blade-finance/admin/reconciliation/runs`, {
    method: 'POST',
    headers: { ...office, 'content-type': 'application/json' },
    body: JSON.stringify({ billDate, channel: 'wechat' }),
  });
  const body = (await res.json()) as Json<ReconciliationRun | null>;
  const run = body.data;
  if (res.status !== 200 || !run || run.status !== 'done') {
    wrong(`reconciliation of ${billDate}: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
    continue;
  }
  statementLines += run.statement.payments.count;
  reconciled.push(
    `${billDate}: ${run.statement.payments.count} statement lines, ${run.ours.payments.count} ours, ${run.differenceCount} differences`,
  );
  if (run.differenceCount !== 0 || run.statement.payments.count !== run.ours.payments.count)
    wrong(`reconciliation of ${billDate}: ${run.differenceCount} differences`);
}
if (statementLines !== paid.length)
  wrong(`statements hold ${statementLines} payments, ${paid.length} were made`);

for (const s of servers) await s.stop();
await s3.close();
await simulatorServer.close();
await client.end();

// --- The report. ---

const pct = (ms: number[], p: number) => {
  const sorted = [...ms].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)] ?? 0;
};
const mixRows = [...kinds.entries()].map(([name, k]) => ({
  request: name,
  count: k.ms.length,
  'p50 ms': Math.round(pct(k.ms, 0.5)),
  'p95 ms': Math.round(pct(k.ms, 0.95)),
  'p99 ms': Math.round(pct(k.ms, 0.99)),
  'max ms': Math.round(Math.max(...k.ms)),
  errors: k.errors,
}));
const total = mixRows.reduce((n, r) => n + r.count, 0);
const errors = mixRows.reduce((n, r) => n + r.errors, 0) + payersFailed;
budget('errors', `${errors} (${payersFailed} payers failed)`, '0', errors === 0);
for (const r of mixRows)
  budget(`p99 ${r.request}`, `${r['p99 ms']} ms`, `<= ${P99_MS} ms`, r['p99 ms'] <= P99_MS);
budget(
  'ledger',
  ledgerProblems.length
    ? ledgerProblems.join('; ')
    : `exact: ${paid.length} payments credited once, ${cancelled.length} cancelled orders took nothing`,
  'exact',
  ledgerProblems.length === 0,
);

print(
  `\nbench:peak: ${payers.length} payers over ${SECONDS} s on two API processes (${bases.join(', ')}), one PostgreSQL (${new URL(PG_URL).host}), one S3 bucket (s3rver); the run took ${runSeconds.toFixed(0)} s`,
);
print(
  `${payersDone} payers paid, ${payersFailed} failed; ${paid.length} payments, ${cancelled.length} orders cancelled and paid anew`,
);
print(`\nRequest mix (${total} requests, ${(total / runSeconds).toFixed(1)} per second)\n`);
print(table(mixRows));
if (problems.length) print(`\nFirst problems:\n- ${problems.join('\n- ')}`);
print(`\nReconciliation: ${reconciled.join('; ') || 'none'}`);
print(
  `Peak RSS of the API processes: ${[...rss.values()].map((kb) => `${Math.round(kb / 1024)} MB`).join(', ')}`,
);
print(
  `Load average (1 min) every 30 s: ${loads.map((l) => l[0]!.toFixed(1)).join(' ')}; ${
    (await import('node:os')).cpus().length
  } cores`,
);
print('\nBudgets\n');
print(table(budgets));
const ok = budgets.every((r) => r[''] === 'met');
print(
  `\nBudgets: ${ok ? 'met' : 'NOT met'}; command: npm run bench:peak (BENCH_PEAK_PAYERS=${PAYERS}, BENCH_PEAK_SECONDS=${SECONDS}, BENCH_PEAK_SCALE=${SCALE})`,
);
process.exit(ok ? 0 : 1);
