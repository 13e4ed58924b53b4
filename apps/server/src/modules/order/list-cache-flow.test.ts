/**
 * The cached order lists through the API: a person reads their own writes at once, another process's
 * writes and writes made outside this code within moments, never another person's page, and, for
 * random sequences of orders, payments, cancels and refunds, exactly what the database says.
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, injectFetch, usePostgres, type TestContext } from '@server-test/helpers';
import { eventually } from '@server-test/server-process';
import { buildApp } from '@server/app';
import { LISTEN_APPLICATION, openDatabase, type Database } from '@server/db/client';
import { ok } from '@server/http/envelope';
import { createGateways } from '@server/gateways';
import type { AuthContext } from '@server/http/context';
import {
  api,
  demoTokens,
  feeItemId,
  orderRow,
  pay,
  UNI,
  userIdOf,
  type Tokens,
} from '@server-test/fee-fixtures';
import { recordRefund } from './pay-status';
import { listMyOrders, listOtherOrders } from './query-service';
import { transaction } from '@server/db/transaction';

interface Record_ {
  id: number;
  payStatus: string;
}

describe('cached order lists', () => {
  let ctx: TestContext;
  let t: Tokens;
  let textbooks: number;
  const db = () => ctx.database.db;
  const list = async (token: string, path = 'order/list', query: Record<string, string | number> = {}) => {
    const res = await api(ctx, 'GET', path, token, { query });
    expect(res.statusCode).toBe(200);
    return res.json().data as { records: Record_[]; total: number };
  };
  const buy = async (token: string, quantity = 1) => {
    const res = await api(ctx, 'POST', 'order/create-other', token, {
      body: { feeItemId: textbooks, quantity },
    });
    expect(res.statusCode).toBe(200);
    return res.json().data.orderId as number;
  };
  const statusOf = (records: Record_[], id: number) => records.find((r) => r.id === id)?.payStatus;

  beforeAll(async () => {
    ctx = await createTestApp();
    t = await demoTokens(ctx);
    textbooks = await feeItemId(db(), UNI, 'Textbooks');
  });
  afterAll(() => ctx.close());

  it('is on, and a person reads their own writes at once', async () => {
    expect(ctx.app.orderListCache.enabled).toBe(true);
    const before = await list(t.student1);
    expect(ctx.app.orderListCache.size.callers).toBeGreaterThan(0);
    const id = await buy(t.student1);
    const afterCreate = await list(t.student1);
    expect(afterCreate.total).toBe(before.total + 1);
    expect(afterCreate.records[0]!.id).toBe(id);
    expect(afterCreate.records[0]!.payStatus).toBe('NOT_PAY');

    await pay(db(), id);
    expect(statusOf((await list(t.student1)).records, id)).toBe('PAID');
    expect((await list(t.student1, 'order/list', { tab: 'paid' })).records.map((r) => r.id)).toContain(id);

    const other = await buy(t.student1);
    await list(t.student1);
    const cancelled = await api(ctx, 'POST', `order/cancel/${other}`, t.student1);
    expect(cancelled.json().data.payStatus).toBe('CLOSED');
    expect(statusOf((await list(t.student1)).records, other)).toBe('CLOSED');
  });

  it('never answers one person with another person’s page', async () => {
    const mine = await list(t.student1);
    const teachers = await list(t.teacher1);
    expect(teachers.records.map((r) => r.id)).not.toEqual(mine.records.map((r) => r.id));
    // teacher1 pays one of student1's orders: it joins the teacher's other people's orders only.
    const id = await buy(t.student1);
    await list(t.teacher1, 'order/other-list');
    await list(t.student1, 'order/other-list');
    const teacher = await userIdOf(db(), UNI, 'teacher1');
    await pay(db(), id, { userId: teacher, oauthId: null, name: '陈老师' });
    expect((await list(t.teacher1, 'order/other-list')).records.map((r) => r.id)).toContain(id);
    expect((await list(t.student1, 'order/other-list')).records.map((r) => r.id)).not.toContain(id);
    // Pages differ by language too.
    const zh = await ctx.app.inject({
      method: 'GET',
      url: '/api/blade-finance/order/list',
      headers: { authorization: 'Basic c2FiZXI6c2FiZXJfc2VjcmV0', 'blade-auth': `bearer ${t.student1}` },
    });
    const en = await list(t.student1);
    expect(zh.json().data.records[0].itemsSummary).not.toBe(
      (en.records[0] as unknown as { itemsSummary: string }).itemsSummary,
    );
  });

  it('shows a change made outside this code (the database announces it)', async () => {
    const id = await buy(t.student1);
    expect(statusOf((await list(t.student1)).records, id)).toBe('NOT_PAY');
    if (usePostgres()) {
      // A connection of someone else (psql, another tool), not one of the server's.
      const outside = new pg.Client({ connectionString: ctx.config.databaseUrl });
      await outside.connect();
      try {
        await outside.query(`UPDATE orders SET pay_status = 'CLOSED', closed_at = now() WHERE id = $1`, [id]);
      } finally {
        await outside.end();
      }
    } else {
      await db().execute(sql`UPDATE orders SET pay_status = 'CLOSED', closed_at = now() WHERE id = ${id}`);
    }
    await eventually(
      'the cached list shows the change',
      async () => statusOf((await list(t.student1)).records, id),
      (s) => s === 'CLOSED',
      2_000,
    );
  });

  it('announces the server’s own order writes once: the trigger keeps quiet on its connections', async () => {
    if (!usePostgres()) return; // PGlite: one process, nobody else to tell.
    const listener = new pg.Client({ connectionString: ctx.config.databaseUrl });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (n) => {
      if (n.channel === 'cf_order_list' && n.payload) heard.push(n.payload);
    });
    try {
      await listener.query('LISTEN cf_order_list');
      const id = await buy(t.student1);
      const userId = (await orderRow(db(), id)).userId;
      const mine = () =>
        heard
          .flatMap((p) => [JSON.parse(p)].flat() as { u: number[] }[])
          .filter((a) => a.u.includes(userId!));
      await eventually(
        'the new order is announced',
        async () => mine().length,
        (n) => n >= 1,
        2_000,
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(mine()).toHaveLength(1);
    } finally {
      await listener.end();
    }
  });

  it('answers from the database while it cannot hear announcements, then caches again', async () => {
    if (!usePostgres()) return; // PGlite runs in this process: there is no connection to lose.
    const id = await buy(t.student1);
    await list(t.student1);
    await db().execute(
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE application_name = ${LISTEN_APPLICATION} AND datname = current_database()`,
    );
    await eventually(
      'the cache turns off',
      async () => ctx.app.orderListCache.enabled,
      (on) => !on,
      2_000,
    );
    await db().execute(sql`UPDATE orders SET pay_status = 'CLOSED', closed_at = now() WHERE id = ${id}`);
    expect(statusOf((await list(t.student1)).records, id)).toBe('CLOSED');
    await eventually('the cache listens again', async () => ctx.app.orderListCache.enabled, Boolean, 5_000);
    await list(t.student1);
    expect(ctx.app.orderListCache.size.callers).toBeGreaterThan(0);
  });

  it('shows orders another server process created and paid, within moments', async () => {
    if (!usePostgres()) return; // one PGlite folder belongs to one process
    let second: FastifyInstance | undefined = undefined;
    const database: Database = await openDatabase({ url: ctx.config.databaseUrl });
    try {
      const gateways = createGateways(
        ctx.config,
        database.db,
        () => 'http://app.test',
        injectFetch(() => second!),
      );
      second = await buildApp({ config: ctx.config, db: database.db, database, gateways, logger: false });
      await second.ready();
      const before = await list(t.student1);
      const created = await second.inject({
        method: 'POST',
        url: '/api/blade-finance/order/create-other',
        headers: { authorization: 'Basic c2FiZXI6c2FiZXJfc2VjcmV0', 'blade-auth': `bearer ${t.student1}` },
        payload: { feeItemId: textbooks, quantity: 1 },
      });
      const id = created.json().data.orderId as number;
      await eventually(
        'the first process lists the new order',
        async () => (await list(t.student1)).records[0]?.id,
        (first) => first === id,
        2_000,
      );
      expect((await list(t.student1)).total).toBe(before.total + 1);
      await pay(database.db, id);
      await eventually(
        'the first process lists it paid',
        async () => statusOf((await list(t.student1)).records, id),
        (s) => s === 'PAID',
        2_000,
      );
    } finally {
      await second?.close();
      await database.close();
    }
  });

  it('for random sequences of orders, payments, cancels and refunds, answers what the database holds', async () => {
    const student = await userIdOf(db(), UNI, 'student1');
    const teacher = await userIdOf(db(), UNI, 'teacher1');
    const auth = (userId: number): AuthContext => ({
      tenantId: UNI,
      userId,
      oauthId: null,
      sessionId: 's',
      account: '',
      userType: null,
      roleName: '',
    });
    const tabs = ['all', 'unpaid', 'paid', 'refunded', 'expired', 'processing'] as const;
    const op = fc.oneof(
      fc.record({ kind: fc.constant('create' as const), quantity: fc.integer({ min: 1, max: 3 }) }),
      fc.record({ kind: fc.constant('pay' as const), pick: fc.nat(), byTeacher: fc.boolean() }),
      fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('refund' as const), pick: fc.nat(), whole: fc.boolean() }),
    );
    const read = fc.record({
      tab: fc.constantFrom(...tabs),
      size: fc.constantFrom(2, 5),
      current: fc.constantFrom(1, 2),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(op, read), { minLength: 3, maxLength: 8 }), async (steps) => {
        const created: number[] = [];
        for (const [step, q] of steps) {
          const pick = async (want: string[], n: number) => {
            const rows = await Promise.all(created.map((id) => orderRow(db(), id)));
            const open = rows.filter((r) => want.includes(r.payStatus));
            return open.length ? open[n % open.length]! : undefined;
          };
          if (step.kind === 'create') created.push(await buy(t.student1, step.quantity));
          else if (step.kind === 'pay') {
            const o = await pick(['NOT_PAY'], step.pick);
            if (o)
              await pay(
                db(),
                o.id,
                step.byTeacher ? { userId: teacher, oauthId: null, name: 'T' } : undefined,
              );
          } else if (step.kind === 'cancel') {
            const o = await pick(['NOT_PAY'], step.pick);
            if (o) await api(ctx, 'POST', `order/cancel/${o.id}`, t.student1);
          } else {
            const o = await pick(['PAID'], step.pick);
            if (o)
              await transaction(db(), (tx) =>
                recordRefund(tx, {
                  orderId: o.id,
                  amountFen: step.whole ? o.totalFen - o.refundedFen : 1,
                  method: 'sandbox',
                  refundedAt: new Date(),
                  createdBy: null,
                  note: 'property',
                  kind: 'refundOnly',
                }),
              );
          }
          for (const [path, userId, token, fn] of [
            ['order/list', student, t.student1, listMyOrders],
            ['order/other-list', teacher, t.teacher1, listOtherOrders],
          ] as const) {
            const query = { tab: q.tab, size: q.size, current: q.current };
            // Twice: the second read is the one a cache would answer.
            for (let i = 0; i < 2; i++) {
              const served = await api(ctx, 'GET', path, token, { query });
              const truth = ok(
                await fn(db(), auth(userId), q.tab, { current: q.current, size: q.size }, 'en'),
              );
              expect(served.json()).toEqual(JSON.parse(JSON.stringify(truth)));
            }
          }
        }
      }),
      { numRuns: 12 },
    );
  }, 120_000);
});
