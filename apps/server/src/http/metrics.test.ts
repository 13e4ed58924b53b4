/**
 * Prometheus metrics and the readiness probe (issue 26 item 7): /metrics needs its bearer token and
 * exists only with METRICS_TOKEN; a scrape after some requests shows them by route pattern (never the
 * URL) and status, timed; notifies, exceptions, job queues, import jobs, reconciliation differences and
 * job runs show as they happen; /ready answers 503 when migrations are missing or the database is gone.
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '@server/app';
import { openDatabase, queryRows } from '@server/db/client';
import { importJobs } from '@server/db/schema-imports';
import { reconciliationRuns } from '@server/db/schema-reconciliation';
import { orders } from '@server/db/schema-finance';
import { createGateways } from '@server/gateways';
import type { WechatPaySimulator } from '@server/gateways/wechat-pay/simulator';
import { startJobs } from '@server/jobs/runner';
import { closeOrder } from '@server/modules/pay/channels/close';
import { createTestApp, usePostgres, type TestContext } from '@server-test/helpers';
import { bladeAuth, tokenFor } from '@server-test/issue-token';
import { backdate, createPayOrder, deliver, enableChannels, UNI } from '@server-test/pay-fixtures';

const TOKEN = randomBytes(24).toString('base64url');
const NOTIFY_ROUTE = '/api/blade-finance/pay/notify/:channel/:tenantId';
const ORDER_LIST = '/api/blade-finance/admin/order/list';

type Labels = Record<string, string>;

/** The samples of one metric in a scrape, with their labels. */
function samples(text: string, name: string): { labels: Labels; value: number }[] {
  const found = [];
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const labels: Labels = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g))
      labels[key!] = value!;
    found.push({ labels, value: Number(match[3]) });
  }
  return found;
}

/** The value of the sample whose labels include `labels`; 0 when there is none (a counter not yet touched). */
function value(text: string, name: string, labels: Labels = {}): number {
  const hit = samples(text, name).find((s) => Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  return hit?.value ?? 0;
}

describe('GET /metrics', () => {
  let ctx: TestContext;
  let finance1: string;
  let student1: string;
  let simulator: WechatPaySimulator;
  const scrape = async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    ctx = await createTestApp({ METRICS_TOKEN: TOKEN, JOB_EXPIRE_INTERVAL: '0.05' });
    await enableChannels(ctx.database.db, UNI);
    finance1 = await tokenFor(ctx, UNI, 'finance1');
    student1 = await tokenFor(ctx, UNI, 'student1');
    simulator = (await ctx.app.gateways.pay.standins!.wechatSimulator(UNI))!;
  });
  afterAll(() => ctx?.close());

  it('answers only with the bearer token', async () => {
    for (const authorization of [
      undefined,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `bearer${TOKEN}`,
      `Basic ${TOKEN}`,
      TOKEN,
    ]) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { 'accept-language': 'en', ...(authorization ? { authorization } : {}) },
      });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.json()).toMatchObject({ code: 401, success: false, data: null });
      expect(res.json().msg).not.toMatch(/cf_/);
    }
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.body).toContain('# TYPE cf_http_requests_total counter');
    expect(res.body).toContain('process_cpu_seconds_total');
  });

  it('counts requests by route pattern and status, with their time', async () => {
    const before = await scrape();
    const open = await createPayOrder(ctx, { amounts: [321] });
    for (let i = 0; i < 2; i++) expect((await ctx.app.inject({ url: '/health' })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: `/api/nope/${open.id}?secret=${open.orderNo}` })).statusCode).toBe(
      404,
    );
    const list = await ctx.app.inject({
      url: `${ORDER_LIST}?orderNo=${open.orderNo}&size=10`,
      headers: bladeAuth(finance1),
    });
    expect(list.statusCode, list.body).toBe(200);
    // A forged notify: the route has parameters, answered 4xx by the channel's failure reply.
    const forged = await ctx.app.inject({
      method: 'POST',
      url: `/api/blade-finance/pay/notify/wechat/${UNI}`,
      headers: { 'content-type': 'application/json' },
      payload: '{"id":"forged"}',
    });
    expect(forged.statusCode).toBeGreaterThanOrEqual(400);
    const after = await scrape();

    const delta = (name: string, labels: Labels) => value(after, name, labels) - value(before, name, labels);
    const health = { method: 'GET', route: '/health', status: '200' };
    expect(delta('cf_http_requests_total', health)).toBe(2);
    expect(delta('cf_http_request_duration_seconds_count', health)).toBe(2);
    expect(delta('cf_http_request_duration_seconds_bucket', { ...health, le: '+Inf' })).toBe(2);
    expect(value(after, 'cf_http_request_duration_seconds_sum', health)).toBeGreaterThan(0);
    expect(delta('cf_http_requests_total', { method: 'GET', route: '(unmatched)', status: '404' })).toBe(1);
    expect(delta('cf_http_requests_total', { method: 'GET', route: ORDER_LIST, status: '200' })).toBe(1);
    expect(
      delta('cf_http_requests_total', {
        method: 'POST',
        route: NOTIFY_ROUTE,
        status: String(forged.statusCode),
      }),
    ).toBe(1);
    // The previous scrape is counted too, as /metrics.
    expect(value(after, 'cf_http_requests_total', { route: '/metrics', status: '200' })).toBeGreaterThan(0);
    // No URL, id, query or order number in any label.
    const routes = new Set(samples(after, 'cf_http_requests_total').map((s) => s.labels.route));
    for (const route of routes) expect(route).not.toMatch(/[?=]|\/\d+(\/|$)|notify\/wechat/);
    expect(after).not.toContain(open.orderNo);
  });

  it('counts notifies received and applied per channel, and the exceptions they make', async () => {
    const before = await scrape();
    const prepay = async (orderNo: string) => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/blade-finance/pay/prepay',
        headers: bladeAuth(student1),
        payload: { orderNo, channel: 'wechat' },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const paid = await createPayOrder(ctx, { amounts: [1_000] });
    await prepay(paid.orderNo);
    expect((await deliver(ctx, simulator.pay(paid.orderNo))).status).toBe(200);
    expect((await deliver(ctx, simulator.notify(paid.orderNo))).status).toBe(200);
    const late = await createPayOrder(ctx, { amounts: [2_000] });
    await prepay(late.orderNo);
    expect(await closeOrder(ctx.app, late.id, 'cancelled')).toBe('closed');
    expect((await deliver(ctx, simulator.pay(late.orderNo, { allowClosed: true }))).status).toBe(200);
    const tampered = simulator.notify(paid.orderNo);
    expect((await deliver(ctx, { ...tampered, rawBody: tampered.rawBody + ' ' })).status).not.toBe(200);
    const after = await scrape();

    const delta = (name: string, labels: Labels) => value(after, name, labels) - value(before, name, labels);
    const wechat = { channel: 'wechat' };
    expect(delta('cf_pay_notifies_received_total', wechat)).toBe(4);
    expect(delta('cf_pay_notifies_applied_total', { ...wechat, kind: 'payment', outcome: 'credited' })).toBe(
      1,
    );
    expect(delta('cf_pay_notifies_applied_total', { ...wechat, kind: 'payment', outcome: 'repeat' })).toBe(1);
    expect(
      delta('cf_pay_notifies_applied_total', { ...wechat, kind: 'payment', outcome: 'closed_order' }),
    ).toBe(1);
    expect(delta('cf_pay_notifies_failed_total', { ...wechat, reason: 'refused' })).toBe(1);
    expect(delta('cf_payment_exceptions_total', { ...wechat, kind: 'paid_after_close' })).toBe(1);
    expect(value(after, 'cf_payment_exceptions_open', { kind: 'paid_after_close' })).toBeGreaterThanOrEqual(
      1,
    );
  });

  it('shows the job queues, import jobs and reconciliation differences from the database', async () => {
    const db = ctx.database.db;
    const expired = await createPayOrder(ctx, { amounts: [500] });
    await backdate(db, expired.id, 'expire', 600);
    await db.insert(importJobs).values({
      tenantId: UNI,
      kind: 'people',
      file: Buffer.from('x'),
      status: 'failed',
      failure: 'imports.failed',
      finishedAt: new Date(),
    });
    await db.insert(reconciliationRuns).values({
      tenantId: UNI,
      billDate: '2030-01-02',
      channel: 'wechat',
      status: 'done',
      differenceCount: 3,
    });
    await db.insert(reconciliationRuns).values({
      tenantId: UNI,
      billDate: '2030-01-03',
      channel: 'sandbox',
      status: 'failed',
    });
    const text = await scrape();
    expect(value(text, 'cf_database_up')).toBe(1);
    expect(value(text, 'cf_job_queue', { kind: 'expire-orders', state: 'due' })).toBeGreaterThanOrEqual(1);
    expect(value(text, 'cf_job_oldest_due_seconds', { kind: 'expire-orders' })).toBeGreaterThanOrEqual(590);
    expect(value(text, 'cf_job_queue', { kind: 'imports', state: 'failed' })).toBe(1);
    expect(value(text, 'cf_job_queue', { kind: 'reconcile-daily', state: 'failed' })).toBe(1);
    // Every kind's states show, at 0 when empty, so an alert has a series to read.
    expect(samples(text, 'cf_job_queue').find((s) => s.labels.kind === 'poll-invoices')).toBeDefined();
    expect(value(text, 'cf_import_jobs', { kind: 'people', status: 'failed' })).toBe(1);
    expect(value(text, 'cf_reconciliation_differences', { tenant: UNI, channel: 'wechat' })).toBe(3);

    // The expiry job closes the order: the queue empties and the run is counted and timed.
    const jobs = startJobs(ctx.app);
    try {
      await vi.waitFor(
        async () => {
          const [row] = await db.select().from(orders).where(eq(orders.id, expired.id));
          expect(row!.payStatus).toBe('CLOSED');
        },
        { timeout: 10_000, interval: 50 },
      );
    } finally {
      await jobs.stop();
    }
    const later = await scrape();
    expect(value(later, 'cf_job_runs_total', { job: 'expire-orders', result: 'ok' })).toBeGreaterThanOrEqual(
      1,
    );
    expect(
      value(later, 'cf_job_run_duration_seconds_count', { job: 'expire-orders' }),
    ).toBeGreaterThanOrEqual(1);
    expect(value(later, 'cf_job_running', { job: 'expire-orders' })).toBe(0);
    expect(value(later, 'cf_job_last_success_timestamp_seconds', { job: 'expire-orders' })).toBeGreaterThan(
      Date.now() / 1000 - 60,
    );
    expect(value(later, 'cf_job_queue', { kind: 'expire-orders', state: 'due' })).toBe(0);
  });

  it('shows the pool on PostgreSQL', async () => {
    const text = await scrape();
    const pool = samples(text, 'cf_db_pool_connections');
    if (!usePostgres()) {
      expect(pool).toEqual([]);
      return;
    }
    expect(value(text, 'cf_db_pool_connections', { state: 'max' })).toBe(10);
    expect(value(text, 'cf_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    expect(pool.map((s) => s.labels.state).sort()).toEqual(['idle', 'max', 'total', 'waiting']);
  });

  it('counts SMS messages handed to their provider', async () => {
    const before = await scrape();
    await ctx.app.gateways.sms.send(UNI, '13900000000', 'test');
    const after = await scrape();
    expect(
      value(after, 'cf_messages_total', { channel: 'sms', result: 'sent' }) -
        value(before, 'cf_messages_total', { channel: 'sms', result: 'sent' }),
    ).toBe(1);
  });
});

describe('GET /ready', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({}, { seed: false });
  });
  afterAll(() => ctx?.close());

  it('is ready with the database up and every migration applied', async () => {
    const res = await ctx.app.inject({ url: '/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 200, success: true, data: { status: 'ready' } });
  });

  it('has no /metrics without METRICS_TOKEN', async () => {
    const res = await ctx.app.inject({ url: '/metrics', headers: { authorization: 'Bearer ' } });
    expect(res.statusCode).toBe(404);
  });

  it('answers 503 while a migration is not applied', async () => {
    const db = ctx.database.db;
    const [last] = await queryRows<{ id: number; hash: string; created_at: string }>(
      db,
      sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    await db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last!.id}`);
    try {
      const res = await ctx.app.inject({ url: '/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ code: 503, success: false, data: null, msg: 'migrations not applied: 1' });
      // Liveness does not depend on it.
      expect((await ctx.app.inject({ url: '/health' })).statusCode).toBe(200);
    } finally {
      await db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last!.id}, ${last!.hash}, ${last!.created_at})`,
      );
    }
    expect((await ctx.app.inject({ url: '/ready' })).statusCode).toBe(200);
  });

  it('answers 503 when the database is gone', async () => {
    const database = await openDatabase({ url: ctx.config.databaseUrl });
    await database.migrate();
    const app = await buildApp({
      config: ctx.config,
      db: database.db,
      database,
      gateways: createGateways(ctx.config, database.db, () => 'http://app.test'),
      logger: false,
    });
    try {
      expect((await app.inject({ url: '/ready' })).statusCode).toBe(200);
      await database.close();
      const res = await app.inject({ url: '/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ code: 503, success: false, data: null, msg: 'database down' });
    } finally {
      await app.close();
    }
  });
});
