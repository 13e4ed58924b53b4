// npm run bench:import — bulk loading as the finance office does it (issue 15), over HTTP: upload a CSV
// of 10,000 new students, wait for the dry-run report, commit, wait for the commit; then the same for
// 50,000 receivables (5 items for each of those students). Budgets on PostgreSQL: the students within
// 20 s from upload to committed, the receivables within 60 s, and the process's RSS (server and bench
// are one process here) under 512 MB at its peak. Exit 1 when one is missed. Needs BENCH_DATABASE_URL
// (or TEST_DATABASE_URL): a server where it may create and drop a throw-away database; without one it
// runs on PGlite and says so. The machine is shared: the load average is printed beside the figures.
// Issue 23: files are read in worker threads, so the server keeps answering while they load: the
// largest event-loop delay and the slowest /health answer (asked every 100 ms) during the loads are
// printed, with a budget of 100 ms for the event-loop delay, on both (PGlite runs in its own thread).
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { idCardCheckCharacter } from '@cf/shared/validation';
import { startInProcessServer } from './in-process';

/** The i-th student's ID number, with its GB 11643 check character (imports refuse a wrong one). */
const idCard = (i: number) => {
  const first17 = `1101012006${String(i).padStart(7, '0')}`;
  return first17 + idCardCheckCharacter(first17);
};

const STUDENTS = Number(process.env.BENCH_IMPORT_STUDENTS ?? 10_000);
const ITEMS_PER_STUDENT = 5;
const BUDGETS = { students: 20_000, receivables: 60_000, rssMb: 512, loopDelayMs: 100 };
const print = (text: string) => process.stdout.write(`${text}\n`);

let rssPeak = 0;
let heapPeak = 0;
const sampler = setInterval(() => {
  const m = process.memoryUsage();
  rssPeak = Math.max(rssPeak, m.rss);
  heapPeak = Math.max(heapPeak, m.heapUsed);
}, 20);

const server = await startInProcessServer('import');
let failed = false;
try {
  const { base, headers, where } = server;
  const rssAtStart = process.memoryUsage().rss / 1024 / 1024;
  type Job = {
    id: number;
    status: string;
    rows: number;
    created: number;
    errorCount: number;
    errors: unknown[];
  };
  const call = async (method: string, url: string, body?: Buffer): Promise<Job> => {
    const res = await fetch(`${base}/api/blade-finance/admin/import/${url}`, {
      method,
      headers: body ? { ...headers, 'content-type': 'text/csv' } : headers,
      body,
    });
    const reply = (await res.json()) as { data: Job; msg: string };
    if (res.status !== 200) throw new Error(`${method} ${url}: ${res.status} ${reply.msg}`);
    return reply.data;
  };
  const settle = async (id: number): Promise<Job> => {
    for (;;) {
      const job = await call('GET', `job/${id}`);
      if (job.status !== 'checking' && job.status !== 'committing') return job;
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  /** Upload -> checked -> commit -> committed; answers the milliseconds of each half. */
  async function load(kind: string, file: Buffer) {
    const started = performance.now();
    const checked = await settle((await call('POST', kind, file)).id);
    if (checked.errorCount) throw new Error(`${kind}: ${JSON.stringify(checked.errors.slice(0, 5))}`);
    const validated = performance.now();
    const done = await settle((await call('POST', `job/${checked.id}/commit`)).id);
    if (done.status !== 'committed') throw new Error(`${kind}: ${done.status}`);
    const ended = performance.now();
    return {
      rows: checked.rows,
      created: done.created,
      check: validated - started,
      commit: ended - validated,
      total: ended - started,
    };
  }

  const numbers = Array.from({ length: STUDENTS }, (_, i) => `B${String(i).padStart(6, '0')}`);
  const people = Buffer.from(
    [
      '人员类型,学号/工号,姓名,证件类型,证件号码,入学年份,专业,班级,预留手机号',
      ...numbers.map(
        (no, i) =>
          `学生,${no},学生${i},身份证,${idCard(i)},2026,会计学,会计26${String(i % 40).padStart(2, '0')},139${String(i).padStart(8, '0')}`,
      ),
    ].join('\n'),
  );
  const items = ['TUITION', 'DORM', 'BOOKS', 'INSURANCE', 'UNION'];
  const dues = Buffer.from(
    [
      '学号,姓名,学年,项目代码,项目名称,应收金额,允许部分缴费,截止日期',
      ...numbers.flatMap((no, i) =>
        items
          .slice(0, ITEMS_PER_STUDENT)
          .map((item, k) => `${no},学生${i},2026-2027,${item},项目${k},${1000 + k}.50,是,2026-09-30`),
      ),
    ].join('\n'),
  );

  // The event loop's delay and /health's answer time while the files load.
  const loop = monitorEventLoopDelay({ resolution: 10 });
  let healthWorst = 0;
  let probing = true;
  const probe = (async () => {
    while (probing) {
      const started = performance.now();
      // Once the loads have ended (or failed) the server may be closing: not a figure, and not the error.
      const res = await fetch(`${base}/health`).catch(() => undefined);
      if (!res) break;
      await res.arrayBuffer();
      healthWorst = Math.max(healthWorst, performance.now() - started);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  loop.enable();

  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const students = await load('people', people);
  print(
    `import people: ${students.rows} students (${(people.length / 1024).toFixed(0)} KB CSV): checked in ${s(students.check)}, committed in ${s(students.commit)}, ${s(students.total)} in all on ${where}; budget ${BUDGETS.students / 1000} s`,
  );
  const receivables = await load('receivables', dues);
  print(
    `import receivables: ${receivables.rows} rows (${(dues.length / 1024).toFixed(0)} KB CSV): checked in ${s(receivables.check)}, committed in ${s(receivables.commit)}, ${s(receivables.total)} in all; budget ${BUDGETS.receivables / 1000} s`,
  );
  loop.disable();
  probing = false;
  await probe;
  const loopMaxMs = loop.max / 1e6;
  print(
    `import event loop while loading: delay max ${loopMaxMs.toFixed(0)} ms, p99 ${(loop.percentile(99) / 1e6).toFixed(0)} ms; slowest /health ${healthWorst.toFixed(0)} ms; budget ${BUDGETS.loopDelayMs} ms of delay`,
  );
  const rssMb = rssPeak / 1024 / 1024;
  print(
    `import memory: RSS peak ${rssMb.toFixed(0)} MB (server and bench in one process; ${rssAtStart.toFixed(0)} MB before the first upload; JS heap peak ${(heapPeak / 1024 / 1024).toFixed(0)} MB); ${server.onPostgres ? `budget ${BUDGETS.rssMb} MB` : `PostgreSQL's budget (${BUDGETS.rssMb} MB) is not PGlite's: its Postgres keeps 128 MB of shared buffers in a WebAssembly heap that grows and never shrinks`}`,
  );
  print(
    `load average while measured (1, 5, 15 min; 2 cores shared): ${loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`,
  );
  await server.close();
  if (students.created !== STUDENTS || receivables.created !== STUDENTS * ITEMS_PER_STUDENT)
    throw new Error(`created ${students.created} students and ${receivables.created} receivables`);
  failed =
    students.total > BUDGETS.students ||
    receivables.total > BUDGETS.receivables ||
    (server.onPostgres && rssMb > BUDGETS.rssMb) ||
    loopMaxMs > BUDGETS.loopDelayMs;
  if (failed) print('import: a budget was missed');
} finally {
  clearInterval(sampler);
  await server.close();
}
if (failed) process.exitCode = 1;
