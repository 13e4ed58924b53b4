// npm run bench:salary — a month's slips for 5,000 staff (a CSV of 5,000 rows, 8 items each) loaded
// through the finance office's route over HTTP: every row checked, then stored in one transaction.
// Budget (issue 13): under 10 s on PostgreSQL (exit 1 beyond). Needs BENCH_DATABASE_URL (or
// TEST_DATABASE_URL): a server where it may create and drop a throw-away database; without one it
// runs on PGlite and says so.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { employees, users } from '../apps/server/src/db/schema';
import { seedDemo } from '../apps/server/src/db/seed/demo';
import { createGateways } from '../apps/server/src/gateways';
import { userSubject } from '../apps/server/src/modules/auth/subject';
import { issueTokens } from '../apps/server/src/modules/auth/tokens';

const ROWS = Number(process.env.BENCH_SALARY_ROWS ?? 5000);
const BUDGET_MS = 10_000;
const TENANT = '100001';
const print = (text: string) => process.stdout.write(`${text}\n`);

const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
let dropDatabase = async () => {};
let databaseUrl = '';
if (serverUrl) {
  const name = `cf_bench_salary_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  dropDatabase = async () => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
}

const config = loadConfig({
  ...process.env,
  APP_MODE: 'demo',
  DATABASE_URL: databaseUrl,
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cf-bench-salary-')),
  LOG_LEVEL: 'warn',
  JOBS_ENABLED: 'false',
});
const database = databaseUrl
  ? await openDatabase({ url: databaseUrl })
  : await openDatabase({ dataDir: config.dataDir });
try {
  await database.migrate();
  await seedDemo(database.db);
  const db = database.db;

  // 5,000 staff members the file names.
  const staff = Array.from({ length: ROWS }, (_, i) => ({
    tenantId: TENANT,
    employeeNo: `B${String(i).padStart(6, '0')}`,
    employeeName: `职工${i}`,
    idCard: `1101011980${String(i).padStart(8, '0')}`,
  }));
  for (let at = 0; at < staff.length; at += 1000)
    await db.insert(employees).values(staff.slice(at, at + 1000));

  const header = [
    '工号',
    '姓名',
    '发放日期',
    '收入:基本工资',
    '收入:岗位津贴',
    '收入:绩效工资',
    '收入:交通补贴',
    '扣款:养老保险',
    '扣款:医疗保险',
    '扣款:住房公积金',
    '税:个人所得税',
    '应发合计',
    '扣款合计',
    '个税合计',
    '实发合计',
  ];
  const yuan = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
  const lines = staff.map((person, i) => {
    const income = [600_000 + i, 260_000, 150_000 + (i % 9) * 10_000, 30_000];
    const deduction = [48_000, 12_000, 72_000];
    const tax = [28_000 + (i % 7) * 1_500];
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    const gross = sum(income);
    const net = gross - sum(deduction) - sum(tax);
    return [
      person.employeeNo,
      person.employeeName,
      '2027-01-15',
      ...[...income, ...deduction, ...tax, gross, sum(deduction), sum(tax), net].map(yuan),
    ].join(',');
  });
  const file = Buffer.from([header.join(','), ...lines].join('\n'));

  let base = '';
  const app = await buildApp({
    config,
    db,
    database,
    gateways: createGateways(config, db, () => base),
    logger: false,
  });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
  const finance = (await db.select().from(users)).find(
    (u) => u.tenantId === TENANT && u.account === 'finance1',
  );
  const token = (await issueTokens(db, config, await userSubject(db, finance!, null))).access_token;
  const basic = 'Basic ' + Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64');

  const started = performance.now();
  const res = await fetch(`${base}/api/blade-finance/admin/salary/import?period=2027-01`, {
    method: 'POST',
    headers: { authorization: basic, 'blade-auth': `bearer ${token}`, 'content-type': 'text/csv' },
    body: file,
  });
  const took = performance.now() - started;
  const body = (await res.json()) as { data: { stored: boolean; rows: number; errors: unknown[] } };
  await app.close();
  if (!body.data.stored) throw new Error(`not stored: ${JSON.stringify(body.data.errors.slice(0, 5))}`);
  const where = databaseUrl ? 'PostgreSQL' : 'PGlite (set BENCH_DATABASE_URL for the PostgreSQL figure)';
  print(
    `salary import: ${body.data.rows} rows (${(file.length / 1024).toFixed(0)} KB CSV) validated and stored in ${(took / 1000).toFixed(2)} s on ${where}; budget ${BUDGET_MS / 1000} s`,
  );
  if (took > BUDGET_MS) process.exitCode = 1;
} finally {
  await database.close();
  await dropDatabase();
}
