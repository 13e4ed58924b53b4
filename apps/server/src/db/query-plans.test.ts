/**
 * No sequential scan of a large table on a request path (issue 26 item 5), PostgreSQL only: a small
 * school (seed:school's seedSchool at SCALE) is seeded and analysed, the payer's first reads, the
 * console's searches, the dashboard, the orders export and the reconciliation's reads are run as the
 * server runs them (the seed vacuums and analyses), every SELECT they send is captured at the pg client, and its EXPLAIN (FORMAT JSON)
 * must hold no Seq Scan node on orders, order_items, receivables, bills, notice_reads, audit_log,
 * students, employees, users or payment_inbox. The planner is asked with random_page_cost 1.1 (what
 * SSD-backed PostgreSQL is set to; the default 4 is for spinning disks) and nothing else bent:
 * enable_seqscan stays on (docs/decisions.md, "Query plans at a school's size").
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicAuth, createTestApp, usePostgres, type TestContext } from '@server-test/helpers';
import { allowResend, call, lastCode, signIn } from '@server-test/user-fixtures';
import { SALARY_VERIFY_HEADER } from '@cf/shared/salary';
import { oursNamed, oursOfDay } from '@server/modules/pay/reconciliation/repo';
import { seedSchool } from './seed/school';

const SCALE = 0.02;
const TENANT = '200001';
const END = new Date('2026-06-30T00:00:00Z');
const BIG = new Set([
  'orders',
  'order_items',
  'receivables',
  'bills',
  'notice_reads',
  'audit_log',
  'students',
  'employees',
  'users',
  'payment_inbox',
]);

/** Below this many pages (512 kB) a table of the seed may be read whole, if an index could serve. */
const SMALL_PAGES = 64;

interface Captured {
  text: string;
  values: unknown[];
}
let capturing: Captured[] | undefined;
const originalQuery = pg.Client.prototype.query;

/** Every statement the server's pool sends while `fn` runs (SELECT and WITH only). */
async function captured(fn: () => Promise<unknown>): Promise<Captured[]> {
  capturing = [];
  try {
    await fn();
    return capturing.filter((q) => /^\s*(SELECT|WITH)\b/i.test(q.text));
  } finally {
    capturing = undefined;
  }
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}
const seqScansOfBigTables = (node: PlanNode): string[] => [
  ...(node['Node Type'] === 'Seq Scan' && BIG.has(node['Relation Name'] ?? '')
    ? [node['Relation Name']!]
    : []),
  ...(node.Plans ?? []).flatMap(seqScansOfBigTables),
];

describe.skipIf(!usePostgres())('query plans on a school’s year', () => {
  let ctx: TestContext;
  let explainer: pg.Client;
  /** Each large table's size in this seed, in 8 kB pages (pg_class after the seed's ANALYZE). */
  const pages = new Map<string, number>();

  beforeAll(async () => {
    // First reads: the order list's reply cache off, so each read reaches the database.
    ctx = await createTestApp({ ORDER_LIST_CACHE_MB: '0' }, { seed: false });
    const seeder = new pg.Client({ connectionString: ctx.config.databaseUrl });
    await seeder.connect();
    try {
      await seedSchool(seeder, { seed: 7, scale: SCALE, tenantId: TENANT, end: END, force: false });
    } finally {
      await seeder.end();
    }
    explainer = new pg.Client({ connectionString: ctx.config.databaseUrl });
    await explainer.connect();
    await explainer.query('SET random_page_cost = 1.1');
    const sizes = await explainer.query(`SELECT relname, relpages FROM pg_class WHERE relname = ANY($1)`, [
      [...BIG],
    ]);
    for (const row of sizes.rows) pages.set(row.relname as string, Number(row.relpages));
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      if (capturing && this !== explainer) {
        const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown];
        if (typeof first === 'string')
          capturing.push({ text: first, values: Array.isArray(second) ? second : [] });
        else if (first && typeof first.text === 'string')
          capturing.push({ text: first.text, values: first.values ?? (Array.isArray(second) ? second : []) });
      }
      return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof pg.Client.prototype.query;
  }, 180_000);

  afterAll(async () => {
    pg.Client.prototype.query = originalQuery;
    await explainer?.end();
    await ctx?.close();
  });

  async function explain(q: Captured): Promise<PlanNode> {
    const { rows } = await explainer.query(`EXPLAIN (FORMAT JSON) ${q.text}`, q.values);
    return (rows[0]['QUERY PLAN'] as { Plan: PlanNode }[])[0]!.Plan;
  }

  async function expectIndexed(name: string, fn: () => Promise<unknown>) {
    const queries = await captured(fn);
    expect(queries.length, `${name}: no query captured`).toBeGreaterThan(0);
    const scans: string[] = [];
    for (const q of queries) {
      let tables = seqScansOfBigTables(await explain(q));
      // A table of a few pages in this small seed is read whole because that is cheaper; it passes
      // when an index serves the query once sequential scans are ruled out (at size, it is chosen).
      if (tables.length && tables.every((t) => (pages.get(t) ?? 0) < SMALL_PAGES)) {
        await explainer.query('BEGIN');
        await explainer.query('SET LOCAL enable_seqscan = off');
        tables = seqScansOfBigTables(await explain(q)).map((t) => `${t} (even with seq scans off)`);
        await explainer.query('ROLLBACK');
      }
      for (const table of tables) scans.push(`${table} in: ${q.text.replace(/\s+/g, ' ').slice(0, 300)}`);
    }
    expect(scans, name).toEqual([]);
  }

  const indexesOf = (node: PlanNode): string[] => [
    ...(node['Index Name'] ? [node['Index Name']] : []),
    ...(node.Plans ?? []).flatMap(indexesOf),
  ];

  /**
   * Every captured query that reads orders reaches them through `index`: a name part matches few
   * orders, and walking the newest orders backwards (orders_pkey) until 20 match reads the whole
   * table when the name is rare (1.2 s at a school's size).
   */
  async function expectThrough(name: string, index: string, fn: () => Promise<unknown>) {
    const queries = (await captured(fn)).filter((q) => /\bFROM orders\b/i.test(q.text));
    expect(queries.length, `${name}: no query of orders captured`).toBeGreaterThan(0);
    for (const q of queries) {
      const used = indexesOf(await explain(q));
      expect(used, `${name}: ${q.text.replace(/\s+/g, ' ').slice(0, 200)}`).toContain(index);
      expect(used, name).not.toContain('orders_pkey');
    }
  }

  /**
   * The page query (ORDER BY … LIMIT) of `table` reads about a page of its rows, not every row that
   * matches: EXPLAIN ANALYZE's rows out of the scans of `table`, summed, stay at most `most`.
   */
  async function expectPageReads(name: string, table: string, most: number, fn: () => Promise<unknown>) {
    const pages = (await captured(fn)).filter(
      (q) =>
        new RegExp(`\\bFROM ${table}\\b`, 'i').test(q.text) && /\bORDER BY\b[\s\S]*\bLIMIT\b/i.test(q.text),
    );
    expect(pages.length, `${name}: no page query of ${table} captured`).toBeGreaterThan(0);
    type Analysed = PlanNode & { 'Actual Rows'?: number; 'Actual Loops'?: number };
    const read = (node: Analysed): number =>
      (node['Relation Name'] === table ? (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1) : 0) +
      (node.Plans ?? []).reduce((sum, child) => sum + read(child as Analysed), 0);
    for (const q of pages) {
      const { rows } = await explainer.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${q.text}`, q.values);
      const plan = (rows[0]['QUERY PLAN'] as { Plan: Analysed }[])[0]!.Plan;
      expect(read(plan), `${name}: rows of ${table} read for a page`).toBeLessThanOrEqual(most);
    }
  }

  const ok = async (res: Promise<{ statusCode: number; body: string }>) => {
    const r = await res;
    expect(r.statusCode, r.body).toBe(200);
    return JSON.parse(r.body);
  };

  const one = async (sql: string) => String(Object.values((await explainer.query(sql, [TENANT])).rows[0])[0]);

  it('the payer’s first reads', async () => {
    const student = await one(
      `SELECT s.student_no FROM students s WHERE s.tenant_id = $1 AND EXISTS (SELECT 1 FROM orders o
        WHERE o.tenant_id = s.tenant_id AND o.person_type = 'student' AND o.person_id = s.id) ORDER BY s.id LIMIT 1`,
    );
    const staff = await one(`SELECT employee_no FROM employees WHERE tenant_id = $1 ORDER BY id LIMIT 1`);
    const token = (await signIn(ctx, TENANT, student)).access_token;
    const staffToken = (await signIn(ctx, TENANT, staff)).access_token;
    const get = (path: string, query: Record<string, string> = {}, t = token) =>
      ok(call(ctx, 'GET', path, { token: t, query }));
    // The salary index wants the phone proven on the session, as the app proves it.
    const phone = await one(`SELECT phone FROM users WHERE tenant_id = $1 AND account = '${staff}'`);
    await allowResend(ctx.database.db, phone);
    const sent = await ok(
      call(ctx, 'POST', '/api/blade-user/send-validate', { token: staffToken, body: {} }),
    );
    const proof = await ok(
      call(ctx, 'POST', '/api/blade-user/verify-phone', {
        token: staffToken,
        body: {
          verifyId: sent.data.id,
          verifyCode: await lastCode(ctx.database.db, phone),
          purpose: 'salary',
        },
      }),
    );
    const list = await get('/api/blade-finance/order/list', { tab: 'all', current: '1', size: '10' });
    const notices = await get('/api/blade-desk/notice/list', { current: '1', size: '10' });
    await expectIndexed('fee list', () => get('/api/blade-finance/fee/student'));
    await expectIndexed('order list', () =>
      get('/api/blade-finance/order/list', { tab: 'all', current: '1', size: '10' }),
    );
    await expectIndexed('order detail', () =>
      get(`/api/blade-finance/order/detail/${list.data.records[0].id}`),
    );
    await expectIndexed('notice list', () =>
      get('/api/blade-desk/notice/list', { current: '1', size: '10' }),
    );
    await expectIndexed('notice detail', () =>
      get('/api/blade-desk/notice/detail', { id: String(notices.data.records[0].id) }),
    );
    await expectIndexed('salary index', async () => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/blade-finance/salary/index?year=2026',
        headers: {
          authorization: basicAuth(ctx.config),
          'blade-auth': `bearer ${staffToken}`,
          [SALARY_VERIFY_HEADER]: proof.data.verifyToken,
        },
      });
      expect(res.statusCode, res.body).toBe(200);
    });
  });

  it('the console’s searches, the dashboard and the export', async () => {
    const token = (await signIn(ctx, TENANT, 'finance1')).access_token;
    const get = (path: string, query: Record<string, string>) => ok(call(ctx, 'GET', path, { token, query }));
    // A name of three characters: its last two are a part of it (one character is no trigram).
    const name = await one(
      `SELECT student_name FROM students WHERE tenant_id = $1 AND char_length(student_name) = 3 ORDER BY id LIMIT 1`,
    );
    const studentNo = await one(`SELECT student_no FROM students WHERE tenant_id = $1 ORDER BY id LIMIT 1`);
    const idCard = await one(`SELECT id_card FROM students WHERE tenant_id = $1 ORDER BY id LIMIT 1`);
    const phone = await one(`SELECT phone FROM students WHERE tenant_id = $1 ORDER BY id LIMIT 1`);
    const orderNo = await one(`SELECT order_no FROM orders WHERE tenant_id = $1 ORDER BY id LIMIT 1`);
    const part = [...name].slice(1).join('');
    // The rarest two characters of the school's names that some order carries.
    const rare = await one(
      `SELECT substr(person_name, 2, 2) FROM orders WHERE tenant_id = $1 AND char_length(person_name) = 3
        GROUP BY 1 ORDER BY count(*), 1 LIMIT 1`,
    );
    const page = { current: '1', size: '20' };
    const orders = (q: Record<string, string>) => () =>
      get('/api/blade-finance/admin/order/list', { ...page, ...q });
    await expectIndexed('orders by name', orders({ person: name }));
    await expectIndexed('orders by a part of a name', orders({ person: part }));
    await expectThrough('orders by a part of a name', 'orders_person_name_pairs', orders({ person: part }));
    await expectThrough(
      'orders by a rare part of a name',
      'orders_person_name_pairs',
      orders({ person: rare }),
    );
    await expectIndexed('orders by student number', orders({ person: studentNo }));
    await expectIndexed('orders by ID number', orders({ person: idCard }));
    await expectIndexed('orders by order number', orders({ orderNo: orderNo.slice(0, 12) }));
    await expectIndexed('orders by a day', orders({ from: '2026-03-02', to: '2026-03-02' }));
    await expectIndexed(
      'orders by state, channel and days',
      orders({ payStatus: 'PAID', channel: 'wechat', from: '2026-03-02', to: '2026-03-04' }),
    );
    const people = (keyword: string) => () =>
      get('/api/blade-finance/admin/person/list', { ...page, personType: 'student', keyword });
    await expectIndexed('people by name', people(name));
    await expectIndexed('people by a part of a name', people(part));
    await expectIndexed('people by number', people(studentNo));
    await expectIndexed('people by ID number', people(idCard));
    await expectIndexed('people by phone', people(phone));
    const audit = (q: Record<string, string>) => () =>
      get('/api/blade-finance/admin/audit/list', { ...page, ...q });
    await expectIndexed('audit by actor', audit({ who: 'finance1' }));
    // finance1 wrote a large share of the seed's audit rows: a page of them is read from the newest.
    const finance1Rows = Number(
      await one(
        `SELECT count(*) FROM audit_log a JOIN users u ON u.id = a.user_id WHERE a.tenant_id = $1 AND u.account = 'finance1'`,
      ),
    );
    expect(finance1Rows).toBeGreaterThan(1000);
    await expectPageReads('audit by a busy actor', 'audit_log', 200, audit({ who: 'finance1' }));
    await expectIndexed('audit by a part of a name', audit({ who: part }));
    await expectIndexed('audit by a day', audit({ from: '2026-03-02', to: '2026-03-02' }));
    await expectIndexed('dashboard', () => get('/api/blade-finance/admin/dashboard', {}));
    await expectIndexed('orders export of a day', async () => {
      const res = await call(ctx, 'GET', '/api/blade-finance/admin/order/export', {
        token,
        query: { from: '2026-03-02', to: '2026-03-02' },
      });
      expect(res.statusCode).toBe(200);
    });
  });

  it('the reconciliation’s reads of a day', async () => {
    const named = (
      await explainer.query(`SELECT order_no FROM payment_inbox WHERE tenant_id = $1 ORDER BY id LIMIT 50`, [
        TENANT,
      ])
    ).rows.map((r) => r.order_no as string);
    await expectIndexed('reconciliation', async () => {
      await oursOfDay(ctx.database.db, TENANT, 'wechat', '2026-03-02');
      await oursNamed(ctx.database.db, TENANT, 'wechat', { payments: named, refunds: ['RNONE'] });
    });
  });
});
