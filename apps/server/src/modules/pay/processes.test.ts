/**
 * What only separate processes show: two servers on one PostgreSQL sharing orders and notifies, and
 * a server killed with SIGKILL while it handles a notify. WeChat Pay is the simulator, listening in
 * this test process — the outside channel that outlives the server and tries again.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@server/config';
import { openDatabase, type Database } from '@server/db/client';
import { createWechatPayFixture } from '@server-test/wechat-pay-fixtures';
import { listenSimulator, type RunningSimulator } from '@server/gateways/wechat-pay/simulator-server';
import type { SimulatedNotify } from '@server/gateways/wechat-pay/simulator';
import { TEST_WIRE_KEY, usePostgres, type TestContext } from '@server-test/helpers';
import { wechatTokenFor } from '@server-test/issue-token';
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

/**
 * The tenant has real merchant keys (the simulator on a socket plays WeChat): the payer is a WeChat
 * sign-in with its openid, and notifies go to the https public address.
 */
const STUDENT_OPENID = 'o-student1-wechat-openid';
const PUBLIC = { PUBLIC_URL: 'https://pay.example.edu' };

const wechat = createWechatPayFixture();
let simulator: RunningSimulator;
const config = loadConfig({ APP_MODE: 'demo', JWT_SECRET: PROCESS_JWT_SECRET, WIRE_AES_KEY: TEST_WIRE_KEY });

beforeAll(async () => {
  simulator = await listenSimulator(wechat.simulator);
});
afterAll(async () => simulator?.close());

const merchantSettings = () => ({ ...wechat.config, baseUrl: simulator.url });

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

/** Posts WeChat's notify to a server as WeChat would (the same path, headers and bytes). */
async function deliverTo(server: ServerProcess, notify: SimulatedNotify) {
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

async function prepayWechat(server: ServerProcess, token: string, orderNo: string) {
  const res = await call(server, 'POST', '/api/blade-finance/pay/prepay', token, {
    orderNo,
    channel: 'wechat',
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  expect(wechat.simulator.order(orderNo)?.state).toBe('NOTPAY');
}

function expectPaidOnce(
  facts: Awaited<ReturnType<typeof paymentFacts>>,
  order: PayOrder,
  transactionId: string,
) {
  expect(facts.order).toMatchObject({ payStatus: 'PAID', paymentNo: transactionId });
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
      await enableChannels(database.db, UNI, { wechat: merchantSettings(), sandbox: {} });
      const token = await wechatTokenFor(asContext(database), UNI, 'student1', STUDENT_OPENID);

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

      await prepayWechat(a, token, orderNo);
      const notify = wechat.simulator.pay(orderNo);
      // WeChat's deliveries and retries land on whichever process the load balancer picks.
      const replies = await Promise.all(
        Array.from({ length: 40 }, (_, i) => deliverTo(i % 2 ? a : b, notify)),
      );
      expect(replies.every((r) => r.status === 200 && r.body === SUCCESS_REPLY)).toBe(true);

      expect(await payStatus(a, token, orderNo)).toBe('PAID');
      expect(await payStatus(b, token, orderNo)).toBe('PAID');
      const facts = await paymentFacts(database.db, order);
      expect(facts.order).toMatchObject({ payStatus: 'PAID', paymentNo: notify.transactionId });
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

describe('a server killed with SIGKILL while it handles a notify', () => {
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
        await enableChannels(database.db, UNI, { wechat: merchantSettings() });
        const token = await wechatTokenFor(asContext(database), UNI, 'student1', STUDENT_OPENID);
        const order = await createPayOrder(asContext(database), { amounts: [20_000, 6_600] });
        await prepayWechat(server, token, order.orderNo);
        const notify = wechat.simulator.pay(order.orderNo);

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
        // The reconciliation job finds the payment; WeChat's retry then meets a credited order.
        await eventually(
          'the order is paid',
          () => payStatus(server!, token, order.orderNo),
          (s) => s === 'PAID',
        );
        expect(await deliverTo(server, notify)).toEqual({ status: 200, body: SUCCESS_REPLY });
        expectPaidOnce(await paymentFacts(database.db, order), order, notify.transactionId);
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
          await enableChannels(database.db, UNI, { wechat: merchantSettings() });
          return {
            token: await wechatTokenFor(asContext(database), UNI, 'student1', STUDENT_OPENID),
            order: await createPayOrder(asContext(database), { amounts: [20_000, 6_600] }),
          };
        });

        server = await startServer({ ...env, ...JOBS_OFF });
        await prepayWechat(server, token, order.orderNo);
        const notify = wechat.simulator.pay(order.orderNo);
        // WeChat's delivery and its quick retries, with the process killed while they are handled.
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
        expect(await deliverTo(server, notify)).toEqual({ status: 200, body: SUCCESS_REPLY });
        await server.stop();
        await withDatabase(async (database) =>
          expectPaidOnce(await paymentFacts(database.db, order), order, notify.transactionId),
        );
      } finally {
        await server.stop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    120_000,
  );
});
