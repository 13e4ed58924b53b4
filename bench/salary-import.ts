// npm run bench:salary — a month's slips for 5,000 staff (a CSV of 5,000 rows, 8 items each) loaded
// through the finance office's route over HTTP: every row checked, then stored in one transaction.
// Budget (issue 13): under 10 s on PostgreSQL (exit 1 beyond). Needs BENCH_DATABASE_URL (or
// TEST_DATABASE_URL): a server where it may create and drop a throw-away database; without one it
// runs on PGlite and says so.
import { employees } from '../apps/server/src/db/schema';
import { BENCH_TENANT, startInProcessServer } from './in-process';

const ROWS = Number(process.env.BENCH_SALARY_ROWS ?? 5000);
const BUDGET_MS = 10_000;
const print = (text: string) => process.stdout.write(`${text}\n`);

const server = await startInProcessServer('salary');
try {
  const { base, db, headers, where } = server;

  // 5,000 staff members the file names.
  const staff = Array.from({ length: ROWS }, (_, i) => ({
    tenantId: BENCH_TENANT,
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

  const started = performance.now();
  const res = await fetch(`${base}/api/blade-finance/admin/salary/import?period=2027-01`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'text/csv' },
    body: file,
  });
  const took = performance.now() - started;
  const body = (await res.json()) as { data: { stored: boolean; rows: number; errors: unknown[] } };
  if (!body.data.stored) throw new Error(`not stored: ${JSON.stringify(body.data.errors.slice(0, 5))}`);
  print(
    `salary import: ${body.data.rows} rows (${(file.length / 1024).toFixed(0)} KB CSV) validated and stored in ${(took / 1000).toFixed(2)} s on ${where}; budget ${BUDGET_MS / 1000} s`,
  );
  if (took > BUDGET_MS) process.exitCode = 1;
} finally {
  await server.close();
}
