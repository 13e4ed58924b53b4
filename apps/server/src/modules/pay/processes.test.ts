/**
 * What only separate processes show: two servers on one PostgreSQL sharing orders and notifies, and
 * a server killed with SIGKILL while it handles a notify, on each channel. WeChat Pay and Alipay are
 * their simulators, listening in this test process — the outside channel that outlives the server,
 * answers the reconciliation job's query after the restart and posts its notify again.
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@server/config';
import { openDatabase, type Database } from '@server/db/client';
import { createAlipaySimulator } from '@server/gateways/alipay/simulator';
import { createWechatPayFixture } from '@server-test/wechat-pay-fixtures';
import { listenSimulator, type RunningSimulator } from '@server/gateways/wechat-pay/simulator-server';
import { TEST_WIRE_KEY, usePostgres, type TestContext } from '@server-test/helpers';
import { tokenFor, wechatTokenFor } from '@server-test/issue-token';
import { UNI, createPayOrder, enableChannels, paymentFacts, type PayOrder } from '@server-test/pay-fixtures';
import {
  PROCESS_JWT_SECRET,
  eventually,
  freshPgDatabase,
  startServer,
  type ServerProcess,
} from '@server-test/server-process';

const SUCCESS_REPLY = JSON.stringify({ code: 'SUCCESS', message: '成功' });
const JOBS_OFF = { JOBS_ENABLED: 'false' };
/** After a restart the reconciliation job asks about every PAYING order at once. */
const JOBS_ON = {
  JOBS_ENABLED: 'true',
  JOB_RECONCILE_INTERVAL: '0.5',
  RECONCILE_AFTER: '0',
  JOB_EXPIRE_INTERVAL: '3600',
};
/** Notifies go to the https public address. */
const PUBLIC = { PUBLIC_URL: 'https://pay.example.edu' };
/** The WeChat payer signs in through WeChat (its openid); Alipay's with a password (no openid needed). */
const STUDENT_OPENID = 'o-student1-wechat-openid';
const ALIPAY_APP_ID = '2021004100000002';
const ALIPAY_SELLER_ID = '2088410000000002';

const config = loadConfig({ APP_MODE: 'demo', JWT_SECRET: PROCESS_JWT_SECRET, WIRE_AES_KEY: TEST_WIRE_KEY });
/** The test's own connection plays the part of TestContext for the fixtures. */
const asContext = (database: Database) => ({ database, config }) as unknown as TestContext;

/** A notify as the channel posts it: the same path, headers and bytes. */
interface Delivery {
  notifyUrl: string;
  headers: Record<string, string>;
  rawBody: string;
}

/** What the kill test needs of a channel: its settings, a payer, a payment and its notifies. */
interface Channel {
  name: 'wechat' | 'alipay';
  /** The merchant settings as the console saves them, the channel's address the simulator. */
  settings(): Record<string, unknown>;
  token(database: Database): Promise<string>;
  /** Prepays through the server and pays at the channel; the notify is the test's to deliver. */
  pay(
    server: ServerProcess,
    token: string,
    orderNo: string,
  ): Promise<{ notify: Delivery; paymentNo: string }>;
  /** The channel's notify of the order again (its retry). */
  again(orderNo: string, first: Delivery): Delivery;
  /** What the channel answers a notify it may stop sending. */
  reply: string;
  /** The requests the channel's simulator received ("METHOD path" or the OpenAPI method), with the trade. */
  asked: { request: string; outTradeNo: string }[];
  /** The request the reconciliation job makes of a trade. */
  query: string;
}

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

/** Posts a channel's notify to a server as the channel would. */
async function deliverTo(server: ServerProcess, notify: Delivery) {
  const { pathname } = new URL(notify.notifyUrl);
  const res = await fetch(server.url + pathname, {
    method: 'POST',
    headers: notify.headers,
    body: notify.rawBody,
  });
  return { status: res.status, body: await res.text() };
}

const payStatus = async (server: ServerProcess, token: string, orderNo: string) =>
  (await call(server, 'GET', `/api/blade-finance/pay/status?orderNo=${orderNo}`, token)).json.data.payStatus;

async function prepay(server: ServerProcess, token: string, body: object) {
  const res = await call(server, 'POST', '/api/blade-finance/pay/prepay', token, body);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data;
}

const wechat = createWechatPayFixture();
let wechatRunning: RunningSimulator;
const wechatChannel: Channel = {
  name: 'wechat',
  settings: () => ({ ...wechat.config, baseUrl: wechatRunning.url }),
  token: (database) => wechatTokenFor(asContext(database), UNI, 'student1', STUDENT_OPENID),
  async pay(server, token, orderNo) {
    await prepay(server, token, { orderNo, channel: 'wechat' });
    expect(wechat.simulator.order(orderNo)?.state).toBe('NOTPAY');
    const notify = wechat.simulator.pay(orderNo);
    return { notify, paymentNo: notify.transactionId };
  },
  again: (_orderNo, first) => first,
  reply: SUCCESS_REPLY,
  asked: [],
  query: 'GET /v3/pay/transactions/out-trade-no',
};

const appKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
let alipayRunning: RunningSimulator;
let alipay: ReturnType<typeof createAlipaySimulator>;
const ALIPAY_FORM = { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' };
const alipayChannel: Channel = {
  name: 'alipay',
  settings: () => ({
    appId: ALIPAY_APP_ID,
    sellerId: ALIPAY_SELLER_ID,
    keyMode: 'key',
    privateKeyPem: appKey.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    alipayPublicKeyPem: alipay.alipayPublicKeyPem,
    gateway: `${alipayRunning.url}/gateway.do`,
  }),
  token: (database) => tokenFor(asContext(database), UNI, 'student1'),
  /** Prepays by Alipay, opens the cashier address (the trade now exists at Alipay) and pays there. */
  async pay(server, token, orderNo) {
    const data = await prepay(server, token, { orderNo, channel: 'alipay', mode: 'wap' });
    const checkout = new URL(data.checkoutUrl as string);
    expect(checkout.origin + checkout.pathname).toBe(`${alipayRunning.url}/gateway.do`);
    expect(checkout.searchParams.get('notify_url')).toBe(
      `${PUBLIC.PUBLIC_URL}/api/blade-finance/pay/notify/alipay/${UNI}`,
    );
    const opened = alipay.openCheckout(Object.fromEntries(checkout.searchParams));
    if (!('trade' in opened)) throw new Error(`the cashier refused the address: ${opened.refused}`);
    expect(opened.trade.status).toBe('WAIT_BUYER_PAY');
    alipay.pay(orderNo, { notify: false });
    const notify = alipay.notifyOf(orderNo);
    return { notify: { ...notify, headers: ALIPAY_FORM }, paymentNo: notify.tradeNo };
  },
  // Alipay's retry is a new notify (its own notify_id and time) of the same trade.
  again: (orderNo) => ({ ...alipay.notifyOf(orderNo), headers: ALIPAY_FORM }),
  reply: 'success',
  asked: [],
  query: 'alipay.trade.query',
};

beforeAll(async () => {
  wechatRunning = await listenSimulator({
    handle: (req) => {
      const trade = /\/out-trade-no\/([^/?]+)/.exec(req.path);
      const request = `${req.method} ${req.path.replace(/\/out-trade-no\/.*$/, '/out-trade-no')}`;
      wechatChannel.asked.push({ request, outTradeNo: trade?.[1] ?? '' });
      return wechat.simulator.handle(req);
    },
  });
  const late: { simulator?: typeof alipay } = {};
  alipayRunning = await listenSimulator({
    handle: (req) => {
      const params = new URLSearchParams(new URL(req.path, 'http://sim').search);
      for (const [k, v] of new URLSearchParams(req.body)) params.set(k, v);
      const biz = JSON.parse(params.get('biz_content') ?? '{}') as { out_trade_no?: string };
      alipayChannel.asked.push({ request: params.get('method') ?? '', outTradeNo: biz.out_trade_no ?? '' });
      return late.simulator!.handle(req);
    },
  });
  alipay = late.simulator = createAlipaySimulator({
    app: {
      appId: ALIPAY_APP_ID,
      sellerId: ALIPAY_SELLER_ID,
      appPublicKeyPem: appKey.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    },
    base: alipayRunning.url,
  });
});
afterAll(async () => {
  alipay?.stop();
  await Promise.all([wechatRunning?.close(), alipayRunning?.close()]);
});

function expectPaidOnce(
  facts: Awaited<ReturnType<typeof paymentFacts>>,
  order: PayOrder,
  channel: Channel['name'],
  paymentNo: string,
) {
  expect(facts.order).toMatchObject({ payStatus: 'PAID', channel, paymentNo });
  expect(facts.charges).toHaveLength(order.receivableIds.length);
  expect(facts.charges.reduce((sum, b) => sum + b.amountFen, 0)).toBe(order.totalFen);
  expect(facts.receivables.reduce((sum, r) => sum + r.receivedFen, 0)).toBe(order.totalFen);
  expect(facts.inbox.map((i) => i.outcome)).toEqual(['credited']);
}

describe.runIf(usePostgres())('two server processes on one PostgreSQL', () => {
  it('takes an order created on one and notified on the other, crediting it once', async () => {
    const pgDb = await freshPgDatabase();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cf-two-'));
    const env = { DATABASE_URL: pgDb.url, DATA_DIR: dataDir, ...PUBLIC, ...JOBS_OFF };
    const servers: ServerProcess[] = [];
    let database: Database | undefined;
    try {
      servers.push(await startServer(env));
      servers.push(await startServer(env));
      const [a, b] = servers as [ServerProcess, ServerProcess];
      database = await openDatabase({ url: pgDb.url });
      await enableChannels(database.db, UNI, { wechat: wechatChannel.settings(), sandbox: {} });
      const token = await wechatChannel.token(database);

      // Created through A with the order module's own endpoint, from a seeded receivable.
      const fees = await call(a, 'GET', '/api/blade-finance/fee/student', token);
      const years = fees.json.data.years as { items: { receivableId: number; availableFen: number }[] }[];
      const item = years.flatMap((y) => y.items).find((i) => i.availableFen > 0)!;
      const created = await call(a, 'POST', '/api/blade-finance/order/create-fee', token, {
        items: [{ receivableId: item.receivableId }],
      });
      expect(created.status, JSON.stringify(created.json)).toBe(200);
      const orderNo = created.json.data.orderNo as string;
      const order: PayOrder = {
        id: created.json.data.orderId as number,
        orderNo,
        tenantId: UNI,
        totalFen: created.json.data.totalFen as number,
        receivableIds: [item.receivableId],
        creatorId: 0,
      };
      const receivedBefore = (await paymentFacts(database.db, order)).receivables[0]!.receivedFen;

      const { notify, paymentNo } = await wechatChannel.pay(a, token, orderNo);
      // WeChat's deliveries and retries land on whichever process the load balancer picks.
      const replies = await Promise.all(
        Array.from({ length: 40 }, (_, i) => deliverTo(i % 2 ? a : b, notify)),
      );
      expect(replies.every((r) => r.status === 200 && r.body === SUCCESS_REPLY)).toBe(true);

      expect(await payStatus(a, token, orderNo)).toBe('PAID');
      expect(await payStatus(b, token, orderNo)).toBe('PAID');
      const facts = await paymentFacts(database.db, order);
      expect(facts.order).toMatchObject({ payStatus: 'PAID', paymentNo });
      expect(facts.charges).toHaveLength(1);
      expect(facts.receivables[0]!.receivedFen - receivedBefore).toBe(order.totalFen);
      expect(facts.inbox.map((i) => i.outcome)).toEqual(['credited']);
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
      await database?.close();
      await pgDb.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe.each([wechatChannel, alipayChannel])(
  'a server killed with SIGKILL while it handles a $name notify',
  (channel) => {
    const asked = (orderNo: string) =>
      channel.asked.filter((a) => a.outTradeNo === orderNo).map((a) => a.request);

    it.runIf(usePostgres())(
      'PostgreSQL: after a restart the order is PAID exactly once',
      async () => {
        const pgDb = await freshPgDatabase();
        const dataDir = mkdtempSync(path.join(tmpdir(), 'cf-kill-'));
        const env = { DATABASE_URL: pgDb.url, DATA_DIR: dataDir, ...PUBLIC };
        let server: ServerProcess | undefined;
        let database: Database | undefined;
        const locker = new pg.Client({ connectionString: pgDb.url });
        try {
          server = await startServer({ ...env, ...JOBS_OFF });
          database = await openDatabase({ url: pgDb.url });
          await enableChannels(database.db, UNI, { [channel.name]: channel.settings() });
          const token = await channel.token(database);
          const order = await createPayOrder(asContext(database), { amounts: [20_000, 6_600] });
          const { notify, paymentNo } = await channel.pay(server, token, order.orderNo);

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
          // The reconciliation job asks the channel (no one calls the status route meanwhile)…
          await eventually(
            'the order is paid',
            async () => (await paymentFacts(database!.db, order)).order.payStatus,
            (s) => s === 'PAID',
          );
          expect(asked(order.orderNo)).toContain(channel.query);
          expect(await payStatus(server, token, order.orderNo)).toBe('PAID');
          // …and the channel's retried notify then meets a credited order.
          expect(await deliverTo(server, channel.again(order.orderNo, notify))).toEqual({
            status: 200,
            body: channel.reply,
          });
          expectPaidOnce(await paymentFacts(database.db, order), order, channel.name, paymentNo);
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
        const dataDir = mkdtempSync(path.join(tmpdir(), 'cf-kill-'));
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
            await enableChannels(database.db, UNI, { [channel.name]: channel.settings() });
            return {
              token: await channel.token(database),
              order: await createPayOrder(asContext(database), { amounts: [20_000, 6_600] }),
            };
          });

          server = await startServer({ ...env, ...JOBS_OFF });
          const { notify, paymentNo } = await channel.pay(server, token, order.orderNo);
          // The channel's delivery and its quick retries, with the process killed while they are handled.
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
          expect(asked(order.orderNo)).toContain(channel.query);
          expect(await deliverTo(server, channel.again(order.orderNo, notify))).toEqual({
            status: 200,
            body: channel.reply,
          });
          await server.stop();
          await withDatabase(async (database) =>
            expectPaidOnce(await paymentFacts(database.db, order), order, channel.name, paymentNo),
          );
        } finally {
          await server.stop();
          rmSync(dataDir, { recursive: true, force: true });
        }
      },
      120_000,
    );
  },
);
