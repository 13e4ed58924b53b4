/**
 * The Alipay twin of processes.test.ts's kill test: a server killed with SIGKILL while it handles an
 * Alipay notify. The tenant has real Alipay settings (public-key mode) whose gateway is Alipay's
 * simulator listening in this test process — the outside channel that outlives the server, answers
 * alipay.trade.query after the restart and posts its notify again.
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@server/config';
import { openDatabase, type Database } from '@server/db/client';
import { createAlipaySimulator, type AlipayNotify } from '@server/gateways/alipay/simulator';
import { listenSimulator, type RunningSimulator } from '@server/gateways/wechat-pay/simulator-server';
import { TEST_WIRE_KEY, usePostgres, type TestContext } from '@server-test/helpers';
import { tokenFor } from '@server-test/issue-token';
import { UNI, createPayOrder, enableChannels, paymentFacts, type PayOrder } from '@server-test/pay-fixtures';
import {
  PROCESS_JWT_SECRET,
  eventually,
  freshPgDatabase,
  startServer,
  type ServerProcess,
} from '@server-test/server-process';

const SUCCESS_REPLY = 'success';
const FORM = { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' };
const JOBS_OFF = { JOBS_ENABLED: 'false' };
/** After a restart the reconciliation job asks about every PAYING order at once. */
const JOBS_ON = {
  JOBS_ENABLED: 'true',
  JOB_RECONCILE_INTERVAL: '0.5',
  RECONCILE_AFTER: '0',
  JOB_EXPIRE_INTERVAL: '3600',
};
/** Notifies go to the https public address; the payer signs in with a password (Alipay needs no openid). */
const PUBLIC = { PUBLIC_URL: 'https://pay.example.edu' };
const APP_ID = '2021004100000002';
const SELLER_ID = '2088410000000002';

const appKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
let running: RunningSimulator;
let alipay: ReturnType<typeof createAlipaySimulator>;
/** The OpenAPI methods Alipay was asked, with the trade each was about. */
const asked: { method: string; outTradeNo: string }[] = [];
const config = loadConfig({ APP_MODE: 'demo', JWT_SECRET: PROCESS_JWT_SECRET, WIRE_AES_KEY: TEST_WIRE_KEY });

beforeAll(async () => {
  const late: { simulator?: typeof alipay } = {};
  running = await listenSimulator({
    handle: (req) => {
      const params = new URLSearchParams(new URL(req.path, 'http://sim').search);
      for (const [k, v] of new URLSearchParams(req.body)) params.set(k, v);
      const biz = JSON.parse(params.get('biz_content') ?? '{}') as { out_trade_no?: string };
      asked.push({ method: params.get('method') ?? '', outTradeNo: biz.out_trade_no ?? '' });
      return late.simulator!.handle(req);
    },
  });
  alipay = late.simulator = createAlipaySimulator({
    app: {
      appId: APP_ID,
      sellerId: SELLER_ID,
      appPublicKeyPem: appKey.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    },
    base: running.url,
  });
});
afterAll(async () => {
  alipay?.stop();
  await running?.close();
});

/** The school's Alipay application as the console saves it, its gateway the simulator on a socket. */
const alipaySettings = () => ({
  appId: APP_ID,
  sellerId: SELLER_ID,
  keyMode: 'key',
  privateKeyPem: appKey.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  alipayPublicKeyPem: alipay.alipayPublicKeyPem,
  gateway: `${running.url}/gateway.do`,
});

/** The test's own connection plays the part of TestContext for the fixtures. */
const asContext = (database: Database) => ({ database, config }) as unknown as TestContext;

async function call(
  server: ServerProcess,
  method: 'GET' | 'POST',
  url: string,
  token: string,
  body?: object,
) {
  const res = await fetch(server.url + url, {
    method,
    headers: { 'blade-auth': `bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: (await res.json()) as { data: Record<string, unknown>; msg: string } };
}

/** Posts Alipay's notify to a server as Alipay would (the same path, form headers and bytes). */
async function deliverTo(server: ServerProcess, notify: AlipayNotify) {
  const { pathname } = new URL(notify.notifyUrl);
  const res = await fetch(server.url + pathname, { method: 'POST', headers: FORM, body: notify.rawBody });
  return { status: res.status, body: await res.text() };
}

const payStatus = async (server: ServerProcess, token: string, orderNo: string) =>
  (await call(server, 'GET', `/api/blade-finance/pay/status?orderNo=${orderNo}`, token)).json.data.payStatus;

/** Prepays by Alipay, opens the cashier address (the trade now exists at Alipay) and pays there. */
async function payByAlipay(server: ServerProcess, token: string, orderNo: string): Promise<AlipayNotify> {
  const res = await call(server, 'POST', '/api/blade-finance/pay/prepay', token, {
    orderNo,
    channel: 'alipay',
    mode: 'wap',
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  const checkout = new URL(res.json.data.checkoutUrl as string);
  expect(checkout.origin + checkout.pathname).toBe(`${running.url}/gateway.do`);
  expect(checkout.searchParams.get('notify_url')).toBe(
    `${PUBLIC.PUBLIC_URL}/api/blade-finance/pay/notify/alipay/${UNI}`,
  );
  const opened = alipay.openCheckout(Object.fromEntries(checkout.searchParams));
  if (!('trade' in opened)) throw new Error(`the cashier refused the address: ${opened.refused}`);
  expect(opened.trade.status).toBe('WAIT_BUYER_PAY');
  // Paid at Alipay; the notify is the test's to deliver (and to lose, and to retry).
  alipay.pay(orderNo, { notify: false });
  return alipay.notifyOf(orderNo);
}

function expectPaidOnce(facts: Awaited<ReturnType<typeof paymentFacts>>, order: PayOrder, tradeNo: string) {
  expect(facts.order).toMatchObject({ payStatus: 'PAID', channel: 'alipay', paymentNo: tradeNo });
  expect(facts.charges).toHaveLength(order.receivableIds.length);
  expect(facts.charges.reduce((sum, b) => sum + b.amountFen, 0)).toBe(order.totalFen);
  expect(facts.receivables.reduce((sum, r) => sum + r.receivedFen, 0)).toBe(order.totalFen);
  expect(facts.inbox.map((i) => i.outcome)).toEqual(['credited']);
}

describe('a server killed with SIGKILL while it handles an Alipay notify', () => {
  it.runIf(usePostgres())(
    'PostgreSQL: after a restart the order is PAID exactly once',
    async () => {
      const pgDb = await freshPgDatabase();
      const dataDir = mkdtempSync(path.join(tmpdir(), 'cf-kill-alipay-'));
      const env = { DATABASE_URL: pgDb.url, DATA_DIR: dataDir, ...PUBLIC };
      let server: ServerProcess | undefined;
      let database: Database | undefined;
      const locker = new pg.Client({ connectionString: pgDb.url });
      try {
        server = await startServer({ ...env, ...JOBS_OFF });
        database = await openDatabase({ url: pgDb.url });
        await enableChannels(database.db, UNI, { alipay: alipaySettings() });
        const token = await tokenFor(asContext(database), UNI, 'student1');
        const order = await createPayOrder(asContext(database), { amounts: [20_000, 6_600] });
        const notify = await payByAlipay(server, token, order.orderNo);

        // Hold the order row, so the notify's transaction stops half-way (inbox row written, order not yet).
        await locker.connect();
        await locker.query('BEGIN');
        await locker.query('SELECT id FROM orders WHERE id = $1 FOR UPDATE', [order.id]);
        const inFlight = deliverTo(server, notify).catch((error: unknown) => error);
        await eventually(
          'the notify waits for the order row',
          async () =>
            (
              await locker.query(
                `SELECT count(*)::int AS n FROM pg_stat_activity
               WHERE wait_event_type = 'Lock' AND pid <> pg_backend_pid() AND datname = current_database()`,
              )
            ).rows[0].n as number,
          (n) => n > 0,
        );
        await server.stop('SIGKILL');
        expect(await inFlight).toBeInstanceOf(Error);
        await locker.query('ROLLBACK');
        // The dead process's transaction is rolled back: nothing of it remains.
        await eventually(
          'the half-done notify is undone',
          async () => (await paymentFacts(database!.db, order)).inbox.length,
          (n) => n === 0,
        );
        expect((await paymentFacts(database.db, order)).order.payStatus).toBe('PAYING');

        server = await startServer({ ...env, ...JOBS_ON });
        // The reconciliation job asks alipay.trade.query (no one calls the status route meanwhile)…
        await eventually(
          'the order is paid',
          async () => (await paymentFacts(database!.db, order)).order.payStatus,
          (s) => s === 'PAID',
        );
        expect(asked).toContainEqual({ method: 'alipay.trade.query', outTradeNo: order.orderNo });
        expect(await payStatus(server, token, order.orderNo)).toBe('PAID');
        // …and Alipay's retried notify then meets a credited order.
        expect(await deliverTo(server, alipay.notifyOf(order.orderNo))).toEqual({
          status: 200,
          body: SUCCESS_REPLY,
        });
        expectPaidOnce(await paymentFacts(database.db, order), order, notify.tradeNo);
      } finally {
        await locker.end().catch(() => undefined);
        await server?.stop();
        await database?.close();
        await pgDb.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    120_000,
  );

  it.runIf(!usePostgres())(
    'PGlite: after a restart on the same data folder the order is PAID exactly once',
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'cf-kill-alipay-'));
      const env = { DATA_DIR: dataDir, ...PUBLIC };
      const withDatabase = async <T>(work: (database: Database) => Promise<T>): Promise<T> => {
        // PGlite allows one process: the test opens the folder only while no server runs.
        const database = await openDatabase({ dataDir });
        try {
          return await work(database);
        } finally {
          await database.close();
        }
      };
      let server = await startServer({ ...env, ...JOBS_OFF });
      try {
        await server.stop();
        const { order, token } = await withDatabase(async (database) => {
          await enableChannels(database.db, UNI, { alipay: alipaySettings() });
          return {
            token: await tokenFor(asContext(database), UNI, 'student1'),
            order: await createPayOrder(asContext(database), { amounts: [20_000, 6_600] }),
          };
        });

        server = await startServer({ ...env, ...JOBS_OFF });
        const notify = await payByAlipay(server, token, order.orderNo);
        // Alipay's delivery and its quick retries, with the process killed while they are handled.
        const victim = server;
        const inFlight = Array.from({ length: 20 }, () =>
          deliverTo(victim, notify).catch((error: unknown) => error),
        );
        await new Promise((resolve) => setTimeout(resolve, 15));
        await victim.stop('SIGKILL');
        await Promise.all(inFlight);

        server = await startServer({ ...env, ...JOBS_ON });
        await eventually(
          'the order is paid',
          () => payStatus(server, token, order.orderNo),
          (s) => s === 'PAID',
        );
        expect(asked).toContainEqual({ method: 'alipay.trade.query', outTradeNo: order.orderNo });
        expect(await deliverTo(server, alipay.notifyOf(order.orderNo))).toEqual({
          status: 200,
          body: SUCCESS_REPLY,
        });
        await server.stop();
        await withDatabase(async (database) =>
          expectPaidOnce(await paymentFacts(database.db, order), order, notify.tradeNo),
        );
      } finally {
        await server.stop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    120_000,
  );
});
