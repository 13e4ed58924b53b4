/**
 * `npm run seed:school` at 1/100 of a school (PostgreSQL only): the counts of every table it fills, the
 * product's rules on the rows (GB 11643 check characters, orders = items = bills, received = reviewed
 * charge bills, paid orders with their attempt and inbox row), a payer's fee list and order list read
 * through the app agreeing with the rows, the refusal of a database with tenants, and the same rows from
 * the same seed.
 */
import { idCardCheckOk } from '@cf/shared/validation';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, usePostgres, type TestContext } from '@server-test/helpers';
import { bladeAuth, tokenFor } from '@server-test/issue-token';
import { SeedRefused, seedSchool, sizesAt, type SchoolOptions } from './school';

const SCALE = 0.01;
const END = new Date('2026-06-30T00:00:00Z');
const SCHOOL = '200001';

describe.skipIf(!usePostgres())('seed:school', () => {
  let ctx: TestContext;
  let client: pg.Client;
  const options = (over: Partial<SchoolOptions> = {}): SchoolOptions => ({
    seed: 7,
    scale: SCALE,
    tenantId: SCHOOL,
    end: END,
    force: false,
    ...over,
  });
  const one = async <T>(text: string, params: unknown[] = [SCHOOL]): Promise<T> =>
    (await client.query(text, params)).rows[0] as T;
  const count = async (text: string, params?: unknown[]) =>
    Number((await one<{ n: string }>(text, params)).n);

  beforeAll(async () => {
    ctx = await createTestApp({}, { seed: false });
    client = new pg.Client({ connectionString: ctx.config.databaseUrl });
    await client.connect();
    await seedSchool(client, options());
  }, 120_000);
  afterAll(async () => {
    await client?.end();
    await ctx?.close();
  });

  it('fills every table to its size', async () => {
    const size = sizesAt(SCALE);
    const people = size.students + size.employees + size.others;
    const t = 'WHERE tenant_id = $1';
    expect(await count(`SELECT count(*) AS n FROM students ${t}`)).toBe(450);
    expect(await count(`SELECT count(*) AS n FROM employees ${t}`)).toBe(30);
    expect(await count(`SELECT count(*) AS n FROM other_people ${t}`)).toBe(20);
    expect(await count(`SELECT count(*) AS n FROM users ${t}`)).toBe(people + 1);
    expect(await count(`SELECT count(*) AS n FROM user_bindings ${t} AND status = 'active'`)).toBe(people);
    expect(await count(`SELECT count(*) AS n FROM receivables ${t}`)).toBe(6_000);
    expect(await count(`SELECT count(*) AS n FROM orders ${t}`)).toBe(10_000);
    expect(await count(`SELECT count(*) AS n FROM order_items ${t}`)).toBe(10_000);
    const paid = await count(`SELECT count(*) AS n FROM orders ${t} AND pay_status = 'PAID'`);
    expect(paid).toBeGreaterThan(5_000);
    expect(await count(`SELECT count(*) AS n FROM orders ${t} AND pay_status = 'NOT_PAY'`)).toBeGreaterThan(
      0,
    );
    expect(await count(`SELECT count(*) AS n FROM orders ${t} AND pay_status = 'CLOSED'`)).toBeGreaterThan(0);
    expect(await count(`SELECT count(*) AS n FROM bills ${t}`)).toBe(paid);
    expect(await count(`SELECT count(*) AS n FROM pay_attempts ${t} AND status = 'PAID'`)).toBe(paid);
    expect(await count(`SELECT count(*) AS n FROM payment_inbox ${t} AND outcome = 'credited'`)).toBe(paid);
    expect(await count(`SELECT count(*) AS n FROM notices ${t} AND status = 'published'`)).toBe(2);
    expect(await count(`SELECT count(*) AS n FROM notice_reads ${t}`)).toBe(2 * people);
    expect(await count(`SELECT count(*) AS n FROM salary_slips ${t}`)).toBe(30 * 12);
    expect(
      await count(`SELECT count(*) AS n FROM salary_items i JOIN salary_slips s ON s.id = i.slip_id ${t}`),
    ).toBe(30 * 12 * 6);
    expect(await count(`SELECT count(*) AS n FROM audit_log ${t}`)).toBe(2_000);
  });

  it('keeps the rules: ID check characters, orders = items = bills, received = charge bills', async () => {
    const ids = (
      await client.query<{ id_card: string }>(
        `SELECT id_card FROM students WHERE tenant_id = $1 UNION ALL SELECT id_card FROM employees WHERE tenant_id = $1
         UNION ALL SELECT id_card FROM other_people WHERE tenant_id = $1`,
        [SCHOOL],
      )
    ).rows.map((r) => r.id_card);
    expect(ids).toHaveLength(500);
    expect(ids.filter((id) => !idCardCheckOk(id))).toEqual([]);
    expect(new Set(ids).size).toBe(500);

    const broken = {
      itemsDiffer: `SELECT count(*) AS n FROM orders o WHERE tenant_id = $1
                    AND total_fen <> (SELECT sum(amount_fen) FROM order_items i WHERE i.order_id = o.id)`,
      billsDiffer: `SELECT count(*) AS n FROM orders o WHERE tenant_id = $1 AND pay_status = 'PAID'
                    AND total_fen <> (SELECT coalesce(sum(amount_fen), 0) FROM bills b
                                      WHERE b.order_id = o.id AND b.kind = 'CHARGE' AND b.status = 2)`,
      billsOfUnpaid: `SELECT count(*) AS n FROM bills b JOIN orders o ON o.id = b.order_id
                      WHERE o.tenant_id = $1 AND o.pay_status <> 'PAID'`,
      paidWithoutFacts: `SELECT count(*) AS n FROM orders WHERE tenant_id = $1 AND pay_status = 'PAID'
                         AND (paid_at IS NULL OR payment_no IS NULL OR channel IS NULL OR paid_at < created_at)`,
      closedWithoutFacts: `SELECT count(*) AS n FROM orders WHERE tenant_id = $1 AND pay_status = 'CLOSED'
                           AND (closed_at IS NULL OR close_reason IS NULL OR paid_at IS NOT NULL)`,
      inboxDiffers: `SELECT count(*) AS n FROM orders o WHERE tenant_id = $1 AND pay_status = 'PAID'
                     AND NOT EXISTS (SELECT 1 FROM payment_inbox p WHERE p.channel = o.channel
                       AND p.transaction_id = o.payment_no AND p.amount_fen = o.total_fen AND p.order_no = o.order_no)`,
      receivedDiffers: `SELECT count(*) AS n FROM receivables r WHERE tenant_id = $1 AND received_fen <>
                        (SELECT coalesce(sum(amount_fen), 0) FROM bills b
                         WHERE b.receivable_id = r.id AND b.kind = 'CHARGE' AND b.status = 2)`,
      overpaid: `SELECT count(*) AS n FROM receivables WHERE tenant_id = $1 AND received_fen > payable_fen - reduction_fen`,
      openBeyondOwed: `SELECT count(*) AS n FROM receivables r WHERE tenant_id = $1
                       AND payable_fen - reduction_fen - received_fen < (SELECT coalesce(sum(i.amount_fen), 0)
                         FROM order_items i JOIN orders o ON o.id = i.order_id
                         WHERE i.receivable_id = r.id AND o.pay_status IN ('NOT_PAY', 'PAYING'))`,
      wrongPerson: `SELECT count(*) AS n FROM orders o JOIN order_items i ON i.order_id = o.id
                    JOIN receivables r ON r.id = i.receivable_id
                    WHERE o.tenant_id = $1 AND (r.person_id <> o.person_id OR r.person_type <> o.person_type)`,
    };
    for (const [name, text] of Object.entries(broken)) expect(await count(text), name).toBe(0);
  });

  it("gives a payer's fee list and order list through the app as the rows say", async () => {
    const payer = await one<{ account: string; uid: number; pid: number }>(
      `SELECT u.account, u.id AS uid, b.student_id AS pid FROM users u JOIN user_bindings b ON b.user_id = u.id
       WHERE u.tenant_id = $1 AND u.user_type = 'student'
         AND EXISTS (SELECT 1 FROM orders o WHERE o.user_id = u.id AND o.pay_status = 'NOT_PAY')
       ORDER BY u.id LIMIT 1`,
    );
    const facts = await one<{ payable: string; received: string; reduction: string }>(
      `SELECT sum(payable_fen) AS payable, sum(received_fen) AS received, sum(reduction_fen) AS reduction
       FROM receivables WHERE tenant_id = $1 AND person_type = 'student' AND person_id = $2`,
      [SCHOOL, payer.pid],
    );
    const orders = (
      await client.query<{ pay_status: string; n: string; fen: string }>(
        `SELECT pay_status, count(*) AS n, sum(total_fen) AS fen FROM orders WHERE user_id = $1 GROUP BY 1`,
        [payer.uid],
      )
    ).rows;
    const of = (status: string) => orders.find((o) => o.pay_status === status);
    const token = await tokenFor(ctx, SCHOOL, payer.account);

    const fees = await ctx.app.inject({ url: '/api/blade-finance/fee/student', headers: bladeAuth(token) });
    expect(fees.statusCode, fees.body).toBe(200);
    const data = fees.json().data;
    expect(data.summary.payable).toBe(Number(facts.payable));
    expect(data.summary.received).toBe(Number(facts.received));
    expect(data.summary.reduction).toBe(Number(facts.reduction));
    expect(data.summary.receivable).toBe(
      Number(facts.payable) - Number(facts.reduction) - Number(facts.received),
    );
    expect(data.payNow.inOrdersFen).toBe(Number(of('NOT_PAY')!.fen));
    expect(data.payNow.payNowFen).toBe(data.summary.pending - data.payNow.inOrdersFen);
    expect(data.years.map((y: { schoolYear: string }) => y.schoolYear).sort()).toEqual([
      '2024-2025',
      '2025-2026',
    ]);

    const list = async (tab: string) => {
      const res = await ctx.app.inject({
        url: `/api/blade-finance/order/list?tab=${tab}&current=1&size=100`,
        headers: bladeAuth(token),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { total: number; records: { totalFen: number; payStatus: string }[] };
    };
    const all = await list('all');
    expect(all.total).toBe(orders.reduce((n, o) => n + Number(o.n), 0));
    for (const [tab, status] of [
      ['paid', 'PAID'],
      ['unpaid', 'NOT_PAY'],
      ['expired', 'CLOSED'],
    ]) {
      const page = await list(tab!);
      expect(page.total, tab).toBe(Number(of(status!)?.n ?? 0));
      expect(
        page.records.reduce((fen, r) => fen + r.totalFen, 0),
        tab,
      ).toBe(Number(of(status!)?.fen ?? 0));
    }
  });

  it('refuses a database that holds tenants, unless forced, and makes the same rows from the same seed', async () => {
    await expect(seedSchool(client, options({ tenantId: '200002' }))).rejects.toThrow(SeedRefused);
    await expect(seedSchool(client, options({ force: true }))).rejects.toThrow(/exists already/);
    await seedSchool(client, options({ tenantId: '200002', force: true }));
    await seedSchool(client, options({ tenantId: '200003', force: true, seed: 8 }));
    const fingerprint = async (tenantId: string) =>
      one<Record<string, string>>(
        `SELECT
           (SELECT md5(string_agg(student_no || student_name || id_card, ',' ORDER BY student_no)) FROM students WHERE tenant_id = $1) AS people,
           (SELECT md5(string_agg(order_type || pay_status || total_fen || person_name || coalesce(close_reason, ''), ',' ORDER BY order_no))
              FROM orders WHERE tenant_id = $1 AND pay_status <> 'NOT_PAY') AS orders,
           (SELECT md5(string_agg(item_code || payable_fen || reduction_fen || received_fen, ',' ORDER BY id)) FROM receivables WHERE tenant_id = $1) AS receivables,
           (SELECT sum(net_fen)::text FROM salary_slips WHERE tenant_id = $1) AS salary`,
        [tenantId],
      );
    const first = await fingerprint(SCHOOL);
    expect(await fingerprint('200002')).toEqual(first);
    const other = await fingerprint('200003');
    for (const key of Object.keys(first)) expect(other[key], key).not.toBe(first[key]);
  }, 120_000);
});
