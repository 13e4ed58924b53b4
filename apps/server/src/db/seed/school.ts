/**
 * One school's year on PostgreSQL (issue 26 item 4, `npm run seed:school`): 50,000 people with their
 * accounts and bindings, 600,000 receivables, 1,000,000 orders with their items, bills, pay attempts and
 * inbox rows, 200 notices read by everyone, 12 months of salary for 3,000 staff and a year of audit rows,
 * at `scale` times those sizes.
 *
 * Rows are made in the database by `INSERT ... SELECT generate_series` (no row crosses the wire), in one
 * transaction. Every random choice is `rnd(salt, i)`, a hash of the row's number under the seed
 * (hashtextextended), so the same seed, scale and end date give the same rows. The data keeps the
 * product's rules: ID numbers carry their GB 11643 check character; an order's total is its items' and
 * its bills'; every PAID order has its charge bill, pay attempt and credited inbox row; a receivable's
 * received_fen is the sum of its reviewed charge bills; open orders only on what is still owed.
 */
import { md5Hex } from '@cf/shared/wire-crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { hashPassword } from '@server/modules/auth/password';
import type { Db } from '../client';
import { DEMO_PASSWORD, MENU_TREE, seedMenus, seedTenantBasics } from './demo';

export interface SchoolOptions {
  seed: number;
  /** 1: the sizes of FULL_SIZES; 0.01 for a quick test. */
  scale: number;
  tenantId: string;
  /** The year ends on this day (UTC): orders, notices, salary and audit rows fall in the 365 days before. */
  end: Date;
  /** Seed even when the database holds other tenants already. */
  force: boolean;
  log?: (line: string) => void;
}

export const FULL_SIZES = {
  students: 45_000,
  employees: 3_000,
  others: 2_000,
  receivables: 600_000,
  orders: 1_000_000,
  notices: 200,
  audit: 200_000,
};
export type SchoolSizes = typeof FULL_SIZES;

/** The finance office's account of the seeded school (password Demo@2024, like the demo's). */
export const SCHOOL_FINANCE_ACCOUNT = 'finance1';
/** Each staff member's receivables (OTHER); students share the rest (FEE). */
const STAFF_RECEIVABLES = 10;

export function sizesAt(scale: number): SchoolSizes {
  const sized = (n: number) => Math.max(1, Math.round(n * scale));
  return Object.fromEntries(Object.entries(FULL_SIZES).map(([k, n]) => [k, sized(n)])) as SchoolSizes;
}

export class SeedRefused extends Error {}

/** The student items of two school years, then the staff's: [code, name, English name, fen, partial]. */
const STUDENT_ITEMS = [
  ['TUITION', '学费', 'Tuition', 500_000, true],
  ['DORM', '住宿费', 'Accommodation', 120_000, false],
  ['INSURANCE', '医疗保险', 'Medical insurance', 38_000, false],
  ['TEXTBOOK', '教材费', 'Textbooks', 45_000, false],
  ['EXAM', '考试费', 'Exam fee', 12_000, false],
  ['LAB', '实验费', 'Laboratory fee', 30_000, true],
  ['TRAINING', '实训费', 'Practical training', 60_000, true],
] as const;
const STAFF_ITEMS = [
  ['UNION', '工会会费', 'Trade union dues', 24_000, false],
  ['PARKING', '停车费', 'Parking fee', 60_000, true],
  ['CANTEEN', '餐费', 'Canteen', 90_000, true],
  ['HOUSING', '周转房租金', 'Staff housing rent', 180_000, true],
  ['GYM', '健身房年卡', 'Gym card', 36_000, false],
] as const;

const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈';
const GIVEN =
  '伟芳娜秀英敏静丽强磊军洋勇艳杰娟涛明超兰霞平刚桂华建国志红玉晨宇浩然子涵欣怡梓轩一诺思远佳琪雨泽';
const AREAS = ['110101', '310104', '440106', '320102', '330106', '420102', '510104', '610113'];
const MAJORS = ['会计学', '金融学', '计算机科学', '法学', '护理', '机械工程', '英语', '数学'];
const DEPARTMENTS = ['财务处', '教务处', '后勤处', '信息中心', '图书馆', '学生处', '人事处', '科研处'];
const NOTICE_CATEGORIES = [
  { dictKey: 'fees', dictValue: '缴费通知', remark: 'Fees', sort: 1 },
  { dictKey: 'finance', dictValue: '财务公告', remark: 'Finance office', sort: 2 },
  { dictKey: 'salary', dictValue: '薪酬发放', remark: 'Salary', sort: 3 },
  { dictKey: 'general', dictValue: '综合通知', remark: 'General', sort: 4 },
];
const AUDIT_ACTIONS = ['user.bind', 'user.verifyPhone', 'user.changePhone', 'bill.review', 'person.edit'];

const lit = (text: string) => `'${text.replace(/'/g, "''")}'`;
const textArray = (items: readonly string[]) => `ARRAY[${items.map(lit).join(',')}]::text[]`;
const chars = (text: string) => textArray([...text]);

/** The session's helpers: the seeded draw, a pick from a list, a person's name and the ID check character. */
function helperFunctions(seed: number): string[] {
  return [
    `CREATE OR REPLACE FUNCTION pg_temp.rnd(salt text, i bigint) RETURNS float8 LANGUAGE sql IMMUTABLE AS
     $$ SELECT (hashtextextended(salt || ':' || i, ${seed}) & 2147483647)::float8 / 2147483648 $$`,
    `CREATE OR REPLACE FUNCTION pg_temp.pick(items text[], salt text, i bigint) RETURNS text LANGUAGE sql IMMUTABLE AS
     $$ SELECT items[1 + floor(pg_temp.rnd(salt, i) * array_length(items, 1))::int] $$`,
    `CREATE OR REPLACE FUNCTION pg_temp.person_name(salt text, i bigint) RETURNS text LANGUAGE sql IMMUTABLE AS
     $$ SELECT pg_temp.pick(${chars(SURNAMES)}, salt || 's', i) || pg_temp.pick(${chars(GIVEN)}, salt || 'g', i)
          || CASE WHEN pg_temp.rnd(salt || 'l', i) < 0.6 THEN pg_temp.pick(${chars(GIVEN)}, salt || 'h', i) ELSE '' END $$`,
    // GB 11643: weights 2^(17-i) mod 11 over the first 17 digits, then '10X98765432'[sum mod 11].
    `CREATE OR REPLACE FUNCTION pg_temp.id_number(first17 text) RETURNS text LANGUAGE sql IMMUTABLE AS
     $$ SELECT first17 || substr('10X98765432', (sum(substr(first17, i, 1)::int * ((2 ^ (18 - i))::bigint % 11)) % 11)::int + 1, 1)
        FROM generate_series(1, 17) i $$`,
  ];
}

interface Step {
  name: string;
  sql: string;
  params?: unknown[];
}

/** Seeds the school; answers the sizes it used. The caller's client is used for every statement. */
export async function seedSchool(client: pg.Client, options: SchoolOptions): Promise<SchoolSizes> {
  const log = options.log ?? (() => undefined);
  const { tenantId, seed } = options;
  if (!Number.isSafeInteger(seed)) throw new SeedRefused('the seed must be a whole number');
  if (!/^\d{6}$/.test(tenantId)) throw new SeedRefused('the tenant id is six digits');
  if (!(options.scale > 0 && options.scale <= 10)) throw new SeedRefused('the scale lies in (0, 10]');
  const size = sizesAt(options.scale);
  const staffReceivables = size.employees * STAFF_RECEIVABLES;
  const studentReceivables = size.receivables - staffReceivables;
  if (studentReceivables < size.students || studentReceivables > size.students * STUDENT_ITEMS.length * 2)
    throw new SeedRefused('these sizes do not fit the catalogue');

  const tenantCount = Number((await client.query('SELECT count(*) AS n FROM tenants')).rows[0].n);
  if (tenantCount > 0 && !options.force)
    throw new SeedRefused(
      `the database holds ${tenantCount} tenant(s) already: give --force to add a school`,
    );
  if ((await client.query('SELECT 1 FROM tenants WHERE tenant_id = $1', [tenantId])).rowCount)
    throw new SeedRefused(`tenant ${tenantId} exists already: give another --tenant`);

  const passwordHash = await hashPassword(md5Hex(DEMO_PASSWORD));
  const end = options.end.toISOString().slice(0, 10);
  const started = Date.now();
  await client.query('BEGIN');
  try {
    await client.query('SET LOCAL synchronous_commit = off');
    for (const fn of helperFunctions(seed)) await client.query(fn);

    // The tenant, its params, dictionaries, roles (and the global menus on a fresh database).
    const db = drizzle(client) as unknown as Db;
    await client.query(
      `INSERT INTO tenants (tenant_id, tenant_name, tenant_name_en, mobile_modules)
       VALUES ($1, '样例大学', 'Sample University', $2::jsonb)`,
      [tenantId, JSON.stringify(['fee', 'feeOther', 'order', 'notice', 'invoice', 'salary'])],
    );
    if (Number((await client.query('SELECT count(*) AS n FROM menus')).rows[0].n) === 0)
      await seedMenus(db, MENU_TREE, null);
    const roleIds = await seedTenantBasics(db, tenantId, {
      account_registerPhone: '1',
      account_disableUserCenter: '0',
      bind_userTypes: 'student,employee,other',
      bind_studentNo: '1',
      bind_studentNoAlias: '',
      bind_employeeField: '1',
      bind_employeeRule: '0',
      bind_registerEmail: '1',
      bind_registerPhone: '1',
    });
    for (const c of NOTICE_CATEGORIES)
      await client.query(
        `INSERT INTO dicts (tenant_id, code, dict_key, dict_value, remark, sort) VALUES ($1, 'notice_category', $2, $3, $4, $5)`,
        [tenantId, c.dictKey, c.dictValue, c.remark, c.sort],
      );
    await client.query(`INSERT INTO pay_channels (tenant_id, channel, enabled) VALUES ($1, 'wechat', true)`, [
      tenantId,
    ]);
    const financeRole = (
      await client.query(
        `INSERT INTO roles (tenant_id, role_alias, role_name) VALUES ($1, 'finance', '财务处') RETURNING id`,
        [tenantId],
      )
    ).rows[0].id;
    const financeUser = (
      await client.query(
        `INSERT INTO users (tenant_id, account, real_name, nick_name, password_hash, role_ids)
         VALUES ($1, $2, '财务处', '财务处', $3, $4) RETURNING id`,
        [tenantId, SCHOOL_FINANCE_ACCOUNT, passwordHash, String(financeRole)],
      )
    ).rows[0].id;

    const base: Record<string, number> = {};
    for (const table of [
      'students',
      'employees',
      'other_people',
      'users',
      'receivables',
      'orders',
      'order_items',
      'notices',
      'salary_slips',
    ])
      base[table] = Number((await client.query(`SELECT coalesce(max(id), 0) AS b FROM ${table}`)).rows[0].b);

    const t = lit(tenantId);
    const endDay = `${lit(end)}::timestamptz`;
    const yearAgo = `(${endDay} - interval '365 days')`;
    const first17 = (k: string, from: string, days: number) =>
      `(${textArray(AREAS)})[1 + ${k} % 8] || to_char(date ${lit(from)} + ((${k} / 8) % ${days})::int, 'YYYYMMDD') || lpad(((${k} / 8) / ${days})::text, 3, '0')`;
    const steps: Step[] = [
      {
        name: 'students',
        sql: `INSERT INTO students (id, tenant_id, student_no, student_name, id_type, id_card, start_year, major, class_name, phone)
              SELECT ${base.students} + k + 1, ${t}, 'S' || (2022 + k % 4) || lpad(k::text, 6, '0'),
                     pg_temp.person_name('st', k), 1, pg_temp.id_number(${first17('k', '2003-01-01', 1826)}),
                     2022 + k % 4, (${textArray(MAJORS)})[1 + k % 8],
                     left((${textArray(MAJORS)})[1 + k % 8], 2) || (22 + k % 4) || lpad((1 + (k / 8) % 12)::text, 2, '0'),
                     '139' || lpad(k::text, 8, '0')
              FROM generate_series(0, ${size.students - 1}) k`,
      },
      {
        name: 'employees',
        sql: `INSERT INTO employees (id, tenant_id, employee_no, employee_name, id_card, phone, department)
              SELECT ${base.employees} + k + 1, ${t}, 'E' || lpad(k::text, 5, '0'), pg_temp.person_name('em', k),
                     pg_temp.id_number(${first17('k', '1965-01-01', 9000)}), '138' || lpad(k::text, 8, '0'),
                     (${textArray(DEPARTMENTS)})[1 + k % 8]
              FROM generate_series(0, ${size.employees - 1}) k`,
      },
      {
        name: 'other people',
        sql: `INSERT INTO other_people (id, tenant_id, id_type, id_card, name, phone)
              SELECT ${base.other_people} + k + 1, ${t}, 1, pg_temp.id_number(${first17('k', '1990-01-01', 4700)}),
                     pg_temp.person_name('ot', k), '137' || lpad(k::text, 8, '0')
              FROM generate_series(0, ${size.others - 1}) k`,
      },
      {
        // Everyone, numbered: students 0.., then staff, then the others; each gets an account.
        name: 'people',
        sql: `CREATE TEMP TABLE seed_people ON COMMIT DROP AS
              SELECT (row_number() OVER (ORDER BY ord, pid) - 1)::int AS n, * FROM (
                SELECT 1 AS ord, id AS pid, 'student' AS ptype, student_no AS account, student_name AS name, phone
                  FROM students WHERE tenant_id = ${t} AND id > ${base.students}
                UNION ALL SELECT 2, id, 'employee', employee_no, employee_name, phone
                  FROM employees WHERE tenant_id = ${t} AND id > ${base.employees}
                UNION ALL SELECT 3, id, 'other', 'P' || lpad((id - ${base.other_people})::text, 6, '0'), name, phone
                  FROM other_people WHERE tenant_id = ${t} AND id > ${base.other_people}) x;
              ALTER TABLE seed_people ADD COLUMN uid int;
              UPDATE seed_people SET uid = ${base.users} + n + 1;
              CREATE UNIQUE INDEX ON seed_people (n)`,
      },
      {
        name: 'users',
        sql: `INSERT INTO users (id, tenant_id, account, phone, real_name, nick_name, user_type, password_hash, role_ids, created_at)
              SELECT uid, ${t}, account, phone, name, name, ptype, ${lit(passwordHash)},
                     CASE ptype WHEN 'student' THEN ${lit(String(roleIds.student))}
                                WHEN 'employee' THEN ${lit(String(roleIds.employee))}
                                ELSE ${lit(String(roleIds.other))} END,
                     ${yearAgo} + pg_temp.rnd('uc', n) * interval '30 days'
              FROM seed_people ORDER BY n;
              INSERT INTO user_bindings (tenant_id, user_id, user_type, student_id, employee_id, other_id, status, created_at)
              SELECT ${t}, uid, ptype, CASE WHEN ptype = 'student' THEN pid END, CASE WHEN ptype = 'employee' THEN pid END,
                     CASE WHEN ptype = 'other' THEN pid END, 'active', ${yearAgo} + pg_temp.rnd('uc', n) * interval '30 days'
              FROM seed_people ORDER BY n`,
      },
      {
        // What each receivable is, and its fate: paid (in two parts when partial payment is allowed,
        // sometimes), or owed, with an open order on some.
        name: 'receivables',
        sql: `CREATE TEMP TABLE seed_items ON COMMIT DROP AS
              SELECT * FROM (VALUES ${[
                ...[0, 1].flatMap((year) =>
                  STUDENT_ITEMS.map(
                    ([code, name, nameEn, fen, partial], i) =>
                      `('FEE', ${year * STUDENT_ITEMS.length + i}, ${lit(code)}, ${lit(name)}, ${lit(nameEn)}, ${lit(
                        year ? '2025-2026' : '2024-2025',
                      )}, ${fen}::bigint, ${partial})`,
                  ),
                ),
                ...[0, 1].flatMap((year) =>
                  STAFF_ITEMS.map(
                    ([code, name, nameEn, fen, partial], i) =>
                      `('OTHER', ${year * STAFF_ITEMS.length + i}, ${lit(code)}, ${lit(name)}, ${lit(nameEn)}, ${lit(
                        year ? '2025' : '2024',
                      )}, ${fen}::bigint, ${partial})`,
                  ),
                ),
              ].join(',')}) AS v(category, k, code, name, name_en, school_year, price, partial);
              CREATE TEMP TABLE seed_recv ON COMMIT DROP AS
              SELECT r, ${base.receivables} + r + 1 AS id, p.n, p.pid, p.ptype, p.uid, p.name AS person_name, i.*,
                     reduction, price - reduction AS owed,
                     pg_temp.rnd('paid', r) < 0.9 AS paid,
                     pg_temp.rnd('paid', r) < 0.9 AND i.partial AND pg_temp.rnd('split', r) < 0.5 AS split,
                     pg_temp.rnd('paid', r) >= 0.9 AND pg_temp.rnd('open', r) < 0.4 AS open
              FROM (
                SELECT r, r % ${size.students} AS n, 'FEE' AS category, r / ${size.students} AS k
                  FROM generate_series(0, ${studentReceivables - 1}) r
                UNION ALL
                SELECT ${studentReceivables} + e, ${size.students} + e % ${size.employees}, 'OTHER', e / ${size.employees}
                  FROM generate_series(0, ${staffReceivables - 1}) e) x
              JOIN seed_people p ON p.n = x.n
              JOIN seed_items i ON i.category = x.category AND i.k = x.k
              CROSS JOIN LATERAL (SELECT CASE WHEN pg_temp.rnd('red', x.r) < 0.05
                                       THEN (i.price / 1000) * 100 ELSE 0 END AS reduction) red;
              CREATE UNIQUE INDEX ON seed_recv (r);
              INSERT INTO receivables (id, tenant_id, category, person_type, person_id, school_year, item_code,
                                       item_name, item_name_en, allow_partial, payable_fen, reduction_fen,
                                       received_fen, due_date, created_at)
              SELECT id, ${t}, category, ptype, pid, school_year, code, name, name_en, partial, price, reduction,
                     CASE WHEN paid THEN owed ELSE 0 END,
                     (left(school_year, 4) || '-09-30T00:00:00+08:00')::timestamptz, ${yearAgo}
              FROM seed_recv ORDER BY r`,
      },
    ];
    for (const step of steps) await run(client, step, log);

    const planned = Number(
      (
        await client.query(
          `SELECT count(*) FILTER (WHERE paid) + count(*) FILTER (WHERE split) + count(*) FILTER (WHERE open) AS n FROM seed_recv`,
        )
      ).rows[0].n,
    );
    const closed = Math.max(0, size.orders - planned);
    const orderSteps: Step[] = [
      {
        name: 'order plan',
        sql: `CREATE TEMP TABLE seed_orders ON COMMIT DROP AS
              SELECT j + ${base.orders} + 1 AS id, * FROM (
              SELECT row_number() OVER (ORDER BY x.r, x.part) - 1 AS j, x.*
              FROM (SELECT r, 1 AS part, 'PAID' AS status, CASE WHEN split THEN owed / 2 ELSE owed END AS amount
                      FROM seed_recv WHERE paid
                    UNION ALL SELECT r, 2, 'PAID', owed - owed / 2 FROM seed_recv WHERE split
                    UNION ALL SELECT r, 3, 'NOT_PAY', owed FROM seed_recv WHERE open
                    UNION ALL SELECT rv.r, 4 + c, 'CLOSED', rv.owed
                      FROM generate_series(0, ${closed - 1}) c
                      JOIN seed_recv rv ON rv.r = (c::bigint * 7919) % ${size.receivables}) x) numbered;
              ALTER TABLE seed_orders ADD COLUMN created timestamptz;
              UPDATE seed_orders SET created = CASE WHEN status = 'NOT_PAY'
                THEN clock_timestamp() - pg_temp.rnd('ot', j) * interval '2 minutes'
                ELSE ${yearAgo} + pg_temp.rnd('ot', j) * interval '365 days' END;
              CREATE UNIQUE INDEX ON seed_orders (id)`,
      },
      {
        name: 'orders',
        sql: `INSERT INTO orders (id, tenant_id, order_no, order_type, person_type, person_id, person_name, user_id,
                                  user_name, total_fen, pay_status, channel, payment_no, pay_method, paid_at,
                                  expire_at, closed_at, close_reason, paying_at, created_at, updated_at)
              SELECT o.id, ${t},
                     CASE WHEN rv.category = 'FEE' THEN 'F' ELSE 'O' END
                       || to_char(o.created AT TIME ZONE 'UTC', 'YYYYMMDDHH24MISS') || lpad((o.id % 1000000000)::text, 9, '0'),
                     rv.category, rv.ptype, rv.pid, rv.person_name, rv.uid, rv.person_name, o.amount, o.status,
                     CASE WHEN s.paid THEN 'wechat' END, CASE WHEN s.paid THEN '42' || lpad(o.id::text, 26, '0') END,
                     CASE WHEN s.paid THEN 'wechat' END, f.paid_at, o.created + interval '15 minutes', f.closed_at,
                     CASE WHEN f.closed_at IS NOT NULL THEN CASE WHEN f.expired THEN 'expired' ELSE 'cancelled' END END,
                     CASE WHEN s.paid THEN o.created + interval '3 seconds' END,
                     o.created, coalesce(f.paid_at, f.closed_at, o.created)
              FROM seed_orders o JOIN seed_recv rv ON rv.r = o.r,
                   LATERAL (SELECT o.status = 'PAID' AS paid, pg_temp.rnd('cr', o.j) < 0.7 AS expired) s,
                   LATERAL (SELECT
                     CASE WHEN s.paid THEN o.created + (5 + pg_temp.rnd('pt', o.j) * 120) * interval '1 second' END AS paid_at,
                     CASE WHEN o.status = 'CLOSED' THEN CASE WHEN s.expired THEN o.created + interval '15 minutes'
                       ELSE o.created + pg_temp.rnd('ct', o.j) * interval '10 minutes' END END AS closed_at,
                     s.expired) f
              ORDER BY o.id`,
      },
      {
        name: 'order items',
        sql: `INSERT INTO order_items (id, tenant_id, order_id, receivable_id, name, name_en, price_fen, quantity, amount_fen)
              SELECT ${base.order_items} + (o.id - ${base.orders}), ${t}, o.id, rv.id, rv.name, rv.name_en, o.amount, 1, o.amount
              FROM seed_orders o JOIN seed_recv rv ON rv.r = o.r ORDER BY o.id`,
      },
      {
        name: 'bills, pay attempts and inbox',
        sql: `INSERT INTO bills (tenant_id, bill_no, kind, order_id, order_item_id, receivable_id, person_type, person_id,
                                 project, project_en, price_fen, quantity, amount_fen, method, bill_date, status, source, created_at)
              SELECT ${t}, 'C' || to_char(od.paid_at AT TIME ZONE 'UTC', 'YYYYMMDDHH24MISS') || lpad(od.id::text, 10, '0'),
                     'CHARGE', od.id, oi.id, oi.receivable_id, od.person_type, od.person_id, oi.name, oi.name_en,
                     oi.price_fen, 1, oi.amount_fen, 'wechat', od.paid_at, 2, 'online', od.paid_at
              FROM orders od JOIN order_items oi ON oi.order_id = od.id
              WHERE od.tenant_id = ${t} AND od.id > ${base.orders} AND od.pay_status = 'PAID' ORDER BY od.id;
              INSERT INTO pay_attempts (tenant_id, order_id, channel, out_trade_no, payer_user_id, payer_name, status, created_at)
              SELECT ${t}, id, 'wechat', order_no, user_id, user_name, 'PAID', paying_at
              FROM orders WHERE tenant_id = ${t} AND id > ${base.orders} AND pay_status = 'PAID' ORDER BY id;
              INSERT INTO payment_inbox (channel, transaction_id, order_no, tenant_id, amount_fen, outcome, payload, paid_at, created_at)
              SELECT 'wechat', payment_no, order_no, ${t}, total_fen, 'credited', '{"source":"seed:school"}'::jsonb, paid_at, paid_at
              FROM orders WHERE tenant_id = ${t} AND id > ${base.orders} AND pay_status = 'PAID' ORDER BY id`,
      },
      {
        name: 'notices and reads',
        sql: `INSERT INTO notices (id, tenant_id, title, title_en, category, author_dept, author_dept_en, content,
                                   content_en, audience, status, release_time, created_by, created_at, updated_at)
              SELECT ${base.notices} + i, ${t}, '第 ' || i || ' 号通知', 'Notice no. ' || i,
                     pg_temp.pick(${textArray(NOTICE_CATEGORIES.map((c) => c.dictKey))}, 'nc', i), '财务处', 'Finance office',
                     '<p>第 ' || i || ' 号通知的正文。</p>', '<p>The text of notice no. ' || i || '.</p>', '[]'::jsonb,
                     'published', rel, ${financeUser}, rel, rel
              FROM generate_series(1, ${size.notices}) i,
                   LATERAL (SELECT ${endDay} - (${size.notices} - i + 1) * (interval '365 days' / ${size.notices}) AS rel) r;
              INSERT INTO notice_reads (tenant_id, user_id, notice_id, read_at)
              SELECT ${t}, p.uid, n.id, least(${endDay}, n.release_time + ((p.n * 7 + n.id) % 4320) * interval '1 minute')
              FROM notices n CROSS JOIN seed_people p WHERE n.tenant_id = ${t} AND n.id > ${base.notices}`,
      },
      {
        name: 'salary',
        sql: `CREATE TEMP TABLE seed_slips ON COMMIT DROP AS
              SELECT ${base.salary_slips} + row_number() OVER (ORDER BY p.n, m) AS id, p.pid, p.n, m,
                     to_char(date_trunc('month', ${endDay}) - (m + 1) * interval '1 month', 'YYYY-MM') AS period,
                     (500000 + floor(pg_temp.rnd('base', p.n) * 5000) * 100)::bigint AS basic,
                     200000::bigint AS post,
                     (floor(pg_temp.rnd('perf', p.n * 12 + m) * 3000) * 100)::bigint AS perf
              FROM seed_people p CROSS JOIN generate_series(0, 11) m WHERE p.ptype = 'employee';
              ALTER TABLE seed_slips ADD COLUMN gross bigint, ADD COLUMN pension bigint, ADD COLUMN fund bigint, ADD COLUMN tax bigint;
              UPDATE seed_slips SET gross = basic + post + perf, pension = (basic + post + perf) * 8 / 100,
                                    fund = (basic + post + perf) * 12 / 100;
              UPDATE seed_slips SET tax = greatest(0, (gross - pension - fund - 500000) / 10);
              INSERT INTO salary_slips (id, tenant_id, employee_id, period, pay_date, gross_fen, deduction_fen, tax_fen, net_fen)
              SELECT id, ${t}, pid, period, period || '-15', gross, pension + fund, tax, gross - pension - fund - tax
              FROM seed_slips ORDER BY id;
              INSERT INTO salary_items (slip_id, name, "group", amount_fen, sort)
              SELECT s.id, v.name, v.grp, v.amount, v.sort FROM seed_slips s CROSS JOIN LATERAL (VALUES
                ('基本工资', 'income', s.basic, 1), ('岗位津贴', 'income', s.post, 2), ('绩效工资', 'income', s.perf, 3),
                ('养老保险', 'deduction', s.pension, 4), ('住房公积金', 'deduction', s.fund, 5),
                ('个人所得税', 'tax', s.tax, 6)) AS v(name, grp, amount, sort)
              ORDER BY s.id, v.sort`,
      },
      {
        name: 'audit',
        sql: `INSERT INTO audit_log (tenant_id, user_id, action, detail, ip, created_at)
              SELECT ${t}, CASE WHEN act IN ('bill.review', 'person.edit') THEN ${financeUser}
                                ELSE ${base.users} + 1 + (a * 7919) % ${size.students + size.employees + size.others} END,
                     act, '{}'::jsonb, '10.' || (a % 250) || '.' || (a / 250 % 250) || '.' || (1 + a % 200),
                     ${yearAgo} + pg_temp.rnd('at', a) * interval '365 days'
              FROM generate_series(0, ${size.audit - 1}) a,
                   LATERAL (SELECT pg_temp.pick(${textArray(AUDIT_ACTIONS)}, 'aa', a) AS act) x`,
      },
      {
        name: 'sequences',
        sql: Object.keys(base)
          .map(
            (table) =>
              `SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}))`,
          )
          .join(';\n'),
      },
    ];
    for (const step of orderSteps) await run(client, step, log);
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
  log(`committed in ${((Date.now() - started) / 1000).toFixed(1)} s; vacuuming and analysing`);
  // VACUUM too: the visibility map of the new rows, so counts read an index alone from the start
  // (autovacuum would get there later), and the planner's statistics.
  await client.query('VACUUM (ANALYZE)');
  return size;
}

async function run(client: pg.Client, step: Step, log: (line: string) => void) {
  const started = Date.now();
  await client.query(step.sql, step.params);
  log(`${step.name}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
