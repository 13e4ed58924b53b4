/**
 * Bulk loading as a job (issue 15): an upload becomes a job row; the process that took it reads the
 * file, checks every row (the dry run: created, updated, unchanged, every problem), and on the finance
 * office's word commits it: the same check again inside one transaction, then every write, all or
 * nothing. A job of a stopped process is taken over after its lease (resumeImports, run by jobs/).
 * Two running imports of one kind in one tenant: the second is refused (imports.busy).
 */
import { cleanFileName } from '@cf/shared/file-name';
import { translate, type Language, type MessageKey } from '@cf/shared/messages';
import { isPeriod } from '@cf/shared/salary';
import type { ImportJob, ImportJobSummary, ImportKind } from '@cf/shared/wire/admin-imports';
import { sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import type { StoredProblem } from '@server/db/schema-imports';
import type { FileStore } from '@server/gateways/file-store';
import { transaction } from '@server/db/transaction';
import { AppError, badRequest, notFound } from '@server/http/errors';
import { readSheet, refuseUnsafeFile, type Sheet } from '../salary/import-file';
import { enrolleesImport } from './enrollees';
import { feeItemsImport } from './fee-items';
import {
  markChecked,
  markCommitted,
  markCommitting,
  markFailed,
  markGivenUp,
  markRecheckFailed,
  startAttempt,
} from './job-status';
import type { ImportRules, Plan, Progress } from './kind';
import { otherPeopleImport } from './other-people';
import { peopleImport } from './people';
import { trackProgress, liveProgress, runsHere } from './progress';
import { receivablesImport } from './receivables';
import {
  claimStaleJobs,
  findJob,
  findJobWithFile,
  insertJob,
  jobById,
  jobFile,
  jobPage,
  type ImportJobState,
} from './repo';
import { otherIncomeImport, salaryImport } from './salary-kinds';
import type { Problem } from './table';

/** Files larger than this are refused (the upload route streams at most this many bytes). */
export { IMPORT_MAX_BYTES as MAX_IMPORT_BYTES } from '@cf/shared/import-kinds';
/** More rows than this is not one school's load. */
const MAX_IMPORT_ROWS = 100_000;

/**
 * The folder of a tenant's uploaded import files in the file store. Temporary: a bucket may expire
 * the prefix (docs/operations.md); a job whose file is gone fails with imports.fileGone, and its
 * report lists the problems without the file.
 */
export const importFolder = (tenantId: string) => `import-files/${tenantId}`;

/** The job's file, whole (it is parsed in a worker from bytes), or null when it is no longer kept. */
async function bytesOfJob(
  files: FileStore,
  tenantId: string,
  where: { fileKey: string | null; file: Buffer | null },
): Promise<Buffer | null> {
  // A job from before the file store keeps its bytes in its row.
  if (where.file) return where.file;
  const stream = where.fileKey ? await files.open(importFolder(tenantId), where.fileKey) : null;
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
/** A job reply lists this many problems; the XLSX report has every stored one. */
const PROBLEMS_IN_REPLY = 500;
/** A running job not stamped for this long is taken over by another process. */
export const IMPORT_LEASE_SECONDS = 60;

export const IMPORT_RULES: Record<ImportKind, ImportRules> = {
  people: peopleImport,
  'other-people': otherPeopleImport,
  enrollees: enrolleesImport,
  'fee-items': feeItemsImport,
  receivables: receivablesImport,
  salary: salaryImport,
  'other-income': otherIncomeImport,
};

const RUNNING_UNIQUE = 'import_jobs_running';
const isBusy = (err: unknown) => {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pgError = e.cause ?? e;
  return pgError.code === '23505' && (pgError.constraint ?? RUNNING_UNIQUE) === RUNNING_UNIQUE;
};
const busy = () => new AppError(409, 'imports.busy');

/** Problems in file order (row, then as found), the cell's text cut to what a report shows. */
const stored = (problems: Problem[]): StoredProblem[] =>
  problems
    .map((p, i) => ({ p, i }))
    .sort((a, b) => a.p.row - b.p.row || a.i - b.i)
    .map(({ p }) => ({ row: p.row, column: p.column, value: p.value, key: p.key, params: p.params }));

/** While a worker reads the file, the job's row is stamped this often (its lease is 60 s). */
const HEARTBEAT_MS = 10_000;

/**
 * The job's sheet, or the one problem that stops it; `stopped` when the file stopped its worker
 * (memory or time limit): the job then fails rather than being checked.
 */
async function sheetOf(
  file: Buffer,
  progress?: Progress,
): Promise<Sheet | (Problem & { stopped?: boolean })> {
  const whole = { row: 0, column: '', value: '' };
  if (file.length === 0) return { ...whole, key: 'salary.fileEmpty' };
  // The parse phase counts the file's rows as they are read (the total is what the file declares).
  let rows = -1;
  let done = 0;
  const heartbeat =
    progress && setInterval(() => void progress.tick(done).catch(() => undefined), HEARTBEAT_MS);
  try {
    const read = await readSheet(
      file,
      MAX_IMPORT_ROWS,
      progress &&
        (async (seen, total) => {
          done = seen;
          if (total !== rows) {
            rows = total;
            await progress.phase('parse', total);
          }
          await progress.tick(seen);
        }),
    );
    if (!read.ok) {
      const params = read.key === 'imports.tooManyRows' ? { max: MAX_IMPORT_ROWS } : read.params;
      return { ...whole, key: read.key, params, stopped: read.stopped !== undefined };
    }
    if (read.sheet.rows.length > MAX_IMPORT_ROWS)
      return { ...whole, key: 'imports.tooManyRows', params: { max: MAX_IMPORT_ROWS } };
    return read.sheet;
  } finally {
    clearInterval(heartbeat);
  }
}

/** Thrown inside the commit's transaction when the re-check finds problems: rolls back, reports. */
class Refused extends Error {
  constructor(readonly plan: Plan) {
    super('import refused on re-check');
  }
}

const running = new WeakMap<Db, Set<Promise<void>>>();

/** Waits for the jobs this process runs (the app's close). */
export async function waitForImports(db: Db): Promise<void> {
  await Promise.all([...(running.get(db) ?? [])]);
}

interface Log {
  error(obj: object, msg: string): void;
}

/** Runs the job's next step (check or commit) in this process, in the background. */
export function runInBackground(db: Db, files: FileStore, log: Log, id: number): void {
  if (runsHere(db, id)) return;
  const set = running.get(db) ?? new Set();
  running.set(db, set);
  const run: Promise<void> = runJob(db, files, id)
    .catch((err: unknown) => log.error({ err, importJob: id }, 'import job failed'))
    .finally(() => set.delete(run));
  set.add(run);
}

/** Checks or commits the job, whichever its state asks for. */
async function runJob(db: Db, files: FileStore, id: number): Promise<void> {
  const job = await jobById(db, id);
  if (!job || (job.status !== 'checking' && job.status !== 'committing')) return;
  // A step whose process died twice while running it is not run a third time (issue 23).
  if (!(await startAttempt(db, id)))
    return void (await markGivenUp(db, id, stored([{ ...fileLevel, key: 'imports.gaveUp' }])));
  const rules = IMPORT_RULES[job.kind as ImportKind];
  const progress = trackProgress(db, id);
  try {
    await progress.phase('parse', 0);
    // The file is held only while it is parsed: the plan keeps the sheet, not the bytes.
    const bytes = await bytesOfJob(files, job.tenantId, await jobFile(db, id));
    if (!bytes) {
      const gone = { ...fileLevel, key: 'imports.fileGone' as const };
      return void (await markFailed(db, id, gone.key, stored([gone])));
    }
    const sheet = await sheetOf(bytes, progress);
    // The file stopped its worker: reading it again would do the same, so the job fails with why.
    if ('stopped' in sheet && sheet.stopped) {
      const { stopped: _stopped, ...problem } = sheet;
      return void (await markFailed(db, id, sheet.key, stored([problem])));
    }
    if (job.status === 'checking') {
      if (!('header' in sheet)) return void (await markChecked(db, id, emptyCounts, stored([sheet])));
      const plan = await rules.plan(db, job.tenantId, sheet, job.options, progress);
      await markChecked(db, id, plan, stored(plan.problems));
      return;
    }
    if (!('header' in sheet)) return void (await markRecheckFailed(db, id, emptyCounts, stored([sheet])));
    await commit(db, job, rules, sheet, progress);
  } catch (err) {
    await markFailed(db, id, 'imports.failed');
    throw err;
  } finally {
    progress.end();
  }
}

const emptyCounts = { rows: 0, created: 0, updated: 0, unchanged: 0 };
const fileLevel = { row: 0, column: '', value: '' };

async function commit(
  db: Db,
  job: ImportJobState,
  rules: ImportRules,
  sheet: Sheet,
  progress: ReturnType<typeof trackProgress>,
): Promise<void> {
  try {
    progress.inTransaction(true);
    await transaction(db, async (tx) => {
      // Belt and braces beside the unique index: one commit of a kind per tenant at a time.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`import:${job.tenantId}:${job.kind}`}))`);
      const plan = await rules.plan(tx, job.tenantId, sheet, job.options, progress);
      if (plan.problems.length) throw new Refused(plan);
      await plan.store(tx, progress);
      if (!(await markCommitted(tx, job.id, plan)))
        throw new Error(`import job ${job.id} is no longer committing`);
    });
  } catch (err) {
    if (!(err instanceof Refused)) throw err;
    await markRecheckFailed(db, job.id, err.plan, stored(err.plan.problems));
  } finally {
    progress.inTransaction(false);
  }
}

/** The upload: a new job in checking, run at once by this process. */
export async function startImport(
  db: Db,
  files: FileStore,
  log: Log,
  caller: { tenantId: string; userId: number },
  kind: ImportKind,
  file: Buffer,
  query: { fileName?: string; period?: string; replace?: string },
): Promise<ImportJobState> {
  // Limits seen before reading (the zip's directory, the sheet's reach): refused now, never a job.
  if (file.length > 0) await refuseUnsafeFile(file, MAX_IMPORT_ROWS, 'imports.tooManyRows');
  const options: Record<string, string | boolean> = {};
  if (kind === 'salary') {
    if (!isPeriod(query.period ?? '')) throw badRequest('salary.periodInvalid');
    options.period = query.period!;
    options.replace = query.replace === '1' || query.replace === 'true';
  }
  const folder = importFolder(caller.tenantId);
  const fileKey = await files.save(folder, file);
  let job: ImportJobState;
  try {
    job = await insertJob(db, {
      tenantId: caller.tenantId,
      kind,
      fileName: query.fileName ? cleanFileName(query.fileName, '') : '',
      fileKey,
      options,
      createdBy: caller.userId,
    });
  } catch (err) {
    await files.remove(folder, fileKey);
    if (isBusy(err)) throw busy();
    throw err;
  }
  runInBackground(db, files, log, job.id);
  return job;
}

/** The finance office's word: a checked job without errors is committed (checked again first). */
export async function commitImport(
  db: Db,
  files: FileStore,
  log: Log,
  tenantId: string,
  id: number,
): Promise<ImportJobState> {
  let job: ImportJobState | undefined;
  try {
    job = await markCommitting(db, tenantId, id);
  } catch (err) {
    if (isBusy(err)) throw busy();
    throw err;
  }
  if (!job) {
    if (!(await findJob(db, tenantId, id))) throw notFound('imports.jobNotFound');
    throw new AppError(409, 'imports.notCommittable');
  }
  runInBackground(db, files, log, job.id);
  return job;
}

/** Takes over running jobs whose process stopped (jobs/run-imports.ts calls this on an interval). */
export async function resumeImports(db: Db, files: FileStore, log: Log): Promise<number> {
  const ids = (await claimStaleJobs(db, IMPORT_LEASE_SECONDS)).filter((id) => !runsHere(db, id));
  for (const id of ids) runInBackground(db, files, log, id);
  return ids.length;
}

export const messageOf = (p: StoredProblem, lang: Language) => translate(p.key as MessageKey, lang, p.params);

function summary(
  db: Db,
  job: Omit<ImportJobState, 'errors' | 'options'>,
): Omit<ImportJobSummary, 'uploadedBy'> {
  const live = liveProgress(db, job.id);
  return {
    id: job.id,
    kind: job.kind as ImportKind,
    fileName: cleanFileName(job.fileName, ''),
    status: job.status as ImportJobSummary['status'],
    phase: (live?.phase ?? job.phase) as ImportJobSummary['phase'],
    done: live?.done ?? job.done,
    total: live?.total ?? job.total,
    rows: job.rows,
    created: job.created,
    updated: job.updated,
    unchanged: job.unchanged,
    errorCount: job.errorCount,
    failure: job.failure,
    createdAt: job.createdAt.toISOString(),
    finishedAt: job.finishedAt?.toISOString() ?? null,
  };
}

/** The job as the wire says it; another tenant's job is not found. */
export async function importJobView(
  db: Db,
  tenantId: string,
  id: number,
  lang: Language,
): Promise<ImportJob> {
  const job = await findJob(db, tenantId, id);
  if (!job) throw notFound('imports.jobNotFound');
  return viewOf(db, job, lang);
}

export function viewOf(db: Db, job: ImportJobState, lang: Language): ImportJob {
  return {
    ...summary(db, job),
    failure: job.failure ? translate(job.failure as MessageKey, lang) : null,
    errors: job.errors.slice(0, PROBLEMS_IN_REPLY).map((p) => ({
      row: p.row,
      column: p.column,
      value: p.value,
      message: messageOf(p, lang),
    })),
  };
}

export async function importJobPage(
  db: Db,
  tenantId: string,
  query: { kind?: ImportKind; current: number; size: number },
  lang: Language,
) {
  const { rows, total } = await jobPage(
    db,
    tenantId,
    { kind: query.kind },
    { offset: (query.current - 1) * query.size, limit: query.size },
  );
  const records = rows.map((job) => ({
    ...summary(db, job),
    failure: job.failure ? translate(job.failure as MessageKey, lang) : null,
    uploadedBy: job.uploadedBy,
  }));
  return { records, total };
}

/** The job with its file, for the XLSX report (without the file once it is no longer kept). */
export async function jobWithFile(db: Db, files: FileStore, tenantId: string, id: number) {
  const job = await findJobWithFile(db, tenantId, id);
  if (!job) throw notFound('imports.jobNotFound');
  const bytes = await bytesOfJob(files, tenantId, job);
  const read = bytes && (await readSheet(bytes, MAX_IMPORT_ROWS));
  return { job, sheet: read && read.ok ? read.sheet : null };
}
