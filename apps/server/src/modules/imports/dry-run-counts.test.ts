/**
 * The dry run's counts are what the commit changes (issue 15), for every kind: a file with bad rows
 * reports the counts of its good rows beside the problems (and cannot be committed); the same file
 * without the bad rows reports the same counts, and committing it creates and changes exactly that
 * many rows of the database, measured by comparing the kind's tables before and after.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@server/db/client';
import { createTestApp, type TestContext } from '@server-test/helpers';
import { importClient } from '@server-test/import-jobs';
import { tokenFor } from '@server-test/issue-token';

const T = '100001';

type Row = Record<string, unknown>;

interface Case {
  kind: string;
  query?: string;
  header: string;
  /** Committed first, so the file has something to update. */
  setup?: string[];
  good: string[];
  bad: string[];
  counts: { created: number; updated: number; unchanged: number };
  /** The tables the kind writes, and the key a row keeps across the commit. */
  tables: { name: string; key: (row: Row) => string }[];
}

const byId = (row: Row) => String(row.id);

const CASES: Case[] = [
  {
    kind: 'people',
    header: '人员类型,学号/工号,姓名,证件类型,证件号码,入学年份,专业,班级,部门,预留手机号',
    good: [
      '学生,S2024001,张三,身份证,110101200401071234,2024,会计学,会计2499,,13800000001',
      '学生,S2024002,李四,身份证,110101200402051235,2024,金融学,金融2401,,13800000011',
      '学生,S2098001,新生甲,身份证,110101200601098001,2026,法学,法学2601,,',
      '教职工,E2098001,新老师,,110101198001088002,,,,财务处,',
    ],
    bad: [
      '学生,S2098002,新生乙,身份证,12345,2026,,,,',
      '学生,S2098003,新生丙,身份证,110101200601028003,2026,,,,1234',
    ],
    counts: { created: 2, updated: 1, unchanged: 1 },
    tables: [
      { name: 'students', key: byId },
      { name: 'employees', key: byId },
    ],
  },
  {
    kind: 'other-people',
    header: '姓名,证件类型,证件号码,预留手机号',
    good: [
      '周七,身份证,110101199001003333,13800000031',
      '吴八,其他证件,E12345678,13800000098',
      '郑外一,身份证,110101199002038001,',
    ],
    bad: ['钱外二,身份证,1101011990,'],
    counts: { created: 1, updated: 1, unchanged: 1 },
    tables: [{ name: 'other_people', key: byId }],
  },
  {
    kind: 'enrollees',
    header: '姓名,身份证号,录取号,专业,入学年份',
    good: [
      '林小一,110101200705061238,A2025001,会计学,2025',
      '何小二,11010120070706124X,A2025002,软件工程,2025',
      '冯新一,110101200806018001,A2026801,法学,2026',
    ],
    bad: ['褚新二,110101200801018002,A2025001,,'],
    counts: { created: 1, updated: 1, unchanged: 1 },
    tables: [{ name: 'enrollees', key: byId }],
  },
  {
    kind: 'fee-items',
    header: '项目类型,项目名称,单价',
    good: ['自选项目,教材费,85.00', '自选项目,宿舍钥匙押金,60', '自选项目,毕业纪念册,45'],
    bad: ['充值,饭卡充值,', '自选项目,校徽,abc'],
    counts: { created: 1, updated: 1, unchanged: 1 },
    tables: [{ name: 'fee_items', key: byId }],
  },
  {
    kind: 'receivables',
    header: '学号,姓名,学年,项目代码,项目名称,应收金额',
    good: [
      'S2024001,张三,2025-2026,INSURANCE,医疗保险,380',
      'S2024001,张三,2025-2026,DORM,住宿费,1300',
      'S2024002,李四,2031-2032,BOOKS,教材费,200',
    ],
    bad: ['S9999999,无人,2031-2032,BOOKS,教材费,1', 'S2024001,张三,2024-2025,TUITION,学费,4000'],
    counts: { created: 1, updated: 1, unchanged: 1 },
    tables: [{ name: 'receivables', key: byId }],
  },
  {
    kind: 'salary',
    query: '?period=2027-05&replace=1',
    header: '工号,姓名,发放日期,应发合计,扣款合计,个税合计,实发合计',
    setup: ['E1001,陈老师,2027-05-15,10000,800,500,8700'],
    good: ['E1001,陈老师,2027-05-15,11000,800,500,9700', 'E1002,,2027-05-15,9000,700,300,8000'],
    bad: ['E9999,无人,2027-05-15,1,0,0,1', 'E1003,,2027-05-15,100,0,0,99'],
    counts: { created: 1, updated: 1, unchanged: 0 },
    // Replacing a month writes new rows: a slip is the staff member's of the month.
    tables: [{ name: 'salary_slips', key: (row) => `${String(row.employee_id)}:${String(row.period)}` }],
  },
  {
    kind: 'other-income',
    header: '工号,姓名,项目,发放部门,发放日期,金额,税额,实发',
    setup: ['E1001,陈老师,监考费,教务处,2032-01-10,300,0,300'],
    good: [
      'E1001,陈老师,监考费,教务处,2032-02-10,300,0,300',
      'E1002,,讲座酬金,研究生院,2032-02-11,500,50,450',
    ],
    bad: [
      'E1001,陈老师,监考费,教务处,2032-01-10,300,0,300',
      'E1001,陈老师,阅卷费,教务处,2032-02-12,100,0,90',
    ],
    counts: { created: 2, updated: 0, unchanged: 0 },
    tables: [{ name: 'other_incomes', key: byId }],
  },
];

describe('each dry-run count equals what the commit changes', () => {
  let ctx: TestContext;
  let finance: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    finance = await tokenFor(ctx, T, 'finance1');
  });
  afterAll(() => ctx.close());

  const { check, commit, committed } = importClient(
    () => ctx,
    () => finance,
  );

  /** The tenant's rows of the tables, by key, as text without their id and timestamps. */
  async function snapshot(tables: Case['tables']): Promise<Map<string, string>> {
    const rows = new Map<string, string>();
    for (const { name, key } of tables) {
      const stored = await queryRows<Row>(
        ctx.database.db,
        sql`SELECT * FROM ${sql.raw(name)} WHERE tenant_id = ${T}`,
      );
      for (const row of stored) {
        const { id: _id, created_at: _c, updated_at: _u, ...content } = row;
        rows.set(`${name}:${key(row)}`, JSON.stringify(content));
      }
    }
    return rows;
  }

  function changes(before: Map<string, string>, after: Map<string, string>) {
    let created = 0;
    let updated = 0;
    let removed = 0;
    for (const [key, content] of after) {
      if (!before.has(key)) created++;
      else if (before.get(key) !== content) updated++;
    }
    for (const key of before.keys()) if (!after.has(key)) removed++;
    return { created, updated, removed };
  }

  for (const c of CASES)
    it(`${c.kind}: the counts of the good rows, with and without the bad ones, are what is stored`, async () => {
      const file = (rows: string[]) => [c.header, ...rows].join('\n');
      if (c.setup) await committed((await check(c.kind, file(c.setup), c.query)).id);

      // Bad rows among the good ones: every problem reported, the good rows counted, no commit.
      const [firstGood, ...otherGood] = c.good;
      const withErrors = await check(c.kind, file([firstGood!, ...c.bad, ...otherGood]), c.query);
      expect(withErrors.errors.map((e) => e.row)).toEqual(c.bad.map((_, i) => i + 3));
      expect(withErrors).toMatchObject({
        status: 'checked',
        rows: c.good.length + c.bad.length,
        ...c.counts,
      });
      expect((await commit(withErrors.id)).statusCode).toBe(409);

      const clean = await check(c.kind, file(c.good), c.query);
      expect(clean).toMatchObject({ errorCount: 0, rows: c.good.length, ...c.counts });
      expect(clean.created + clean.updated + clean.unchanged).toBe(c.good.length);

      const before = await snapshot(c.tables);
      const done = await committed(clean.id);
      const after = await snapshot(c.tables);
      expect(done).toMatchObject({ status: 'committed', ...c.counts });
      expect(changes(before, after)).toEqual({
        created: c.counts.created,
        updated: c.counts.updated,
        removed: 0,
      });
    });
});
