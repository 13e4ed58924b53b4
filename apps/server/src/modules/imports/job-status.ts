/**
 * The import job's state machine, one conditional UPDATE per transition:
 *
 *   upload ──> checking ──(every row checked)──> checked ──(commit, no errors)──> committing ──> committed
 *                 │                               ▲                                 │
 *                 │                               └──(re-check inside the commit ───┤
 *                 │                                   found problems)               │
 *                 └──────────────(could not run)──> failed <──(store failed: rolled back)
 *                 └──(the file stopped its worker)──> failed
 *                 └──(started twice, died twice)───> failed   (likewise from committing)
 *
 * checking and committing are "running": at most one per tenant and kind (unique index
 * import_jobs_running), which is what refuses a second import of the same kind at once.
 * `attempts` counts the runs of the current step (the check, then the commit) a process started: a
 * step whose process died while holding it is taken over after its lease, once; started a third
 * time it fails instead (issue 23: a file that kills the process must not kill it again and again).
 */
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { importJobs, type StoredProblem } from '@server/db/schema-imports';
import type { Tx } from '@server/db/transaction';
import type { Counts } from './kind';
import { jobStateColumns, type ImportJobState } from './repo';

/** Runs of one step a job gets: the first, and one more after its process died. */
export const MAX_ATTEMPTS = 2;

/** Problems kept per job; errorCount says how many there were. */
export const MAX_STORED_PROBLEMS = 10_000;

const report = (counts: Counts, problems: StoredProblem[]) => ({
  rows: counts.rows,
  created: counts.created,
  updated: counts.updated,
  unchanged: counts.unchanged,
  errorCount: problems.length,
  errors: problems.slice(0, MAX_STORED_PROBLEMS),
});

/** A finished phase: all of it done (the last progress write may be older). */
const finalProgress = (phase: 'validate' | 'commit', rows: number) => ({ phase, done: rows, total: rows });

/** checking -> checked: the dry-run report. */
export async function markChecked(db: Db, id: number, counts: Counts, problems: StoredProblem[]) {
  const rows = await db
    .update(importJobs)
    .set({
      status: 'checked',
      ...report(counts, problems),
      ...finalProgress('validate', counts.rows),
      updatedAt: sql`now()`,
      finishedAt: sql`now()`,
    })
    .where(and(eq(importJobs.id, id), eq(importJobs.status, 'checking')))
    .returning({ id: importJobs.id });
  return rows.length > 0;
}

/** checked (without errors) -> committing. Throws the unique violation when one of its kind runs. */
export async function markCommitting(
  db: Db,
  tenantId: string,
  id: number,
): Promise<ImportJobState | undefined> {
  const rows = await db
    .update(importJobs)
    .set({
      status: 'committing',
      phase: 'commit',
      attempts: 0,
      done: 0,
      total: 0,
      updatedAt: sql`now()`,
      finishedAt: null,
    })
    .where(
      and(
        eq(importJobs.id, id),
        eq(importJobs.tenantId, tenantId),
        eq(importJobs.status, 'checked'),
        eq(importJobs.errorCount, 0),
      ),
    )
    .returning(jobStateColumns);
  return rows[0];
}

/** committing -> committed, inside the commit's transaction: the rows and the mark go in together. */
export async function markCommitted(tx: Tx, id: number, counts: Counts) {
  const rows = await tx
    .update(importJobs)
    .set({
      status: 'committed',
      ...report(counts, []),
      ...finalProgress('commit', counts.created + counts.updated),
      updatedAt: sql`now()`,
      finishedAt: sql`now()`,
    })
    .where(and(eq(importJobs.id, id), eq(importJobs.status, 'committing')))
    .returning({ id: importJobs.id });
  return rows.length > 0;
}

/** committing -> checked: the database changed since the dry run and the file no longer passes. */
export async function markRecheckFailed(db: Db, id: number, counts: Counts, problems: StoredProblem[]) {
  await db
    .update(importJobs)
    .set({ status: 'checked', ...report(counts, problems), updatedAt: sql`now()`, finishedAt: sql`now()` })
    .where(and(eq(importJobs.id, id), eq(importJobs.status, 'committing')));
}

const RUNNING = ['checking', 'committing'];

/**
 * A run of the job's step starts here: counted, and answered true, while the step has runs left;
 * false when it has none (or the job no longer runs). Not a transition: the status stays.
 */
export async function startAttempt(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(importJobs)
    .set({ attempts: sql`${importJobs.attempts} + 1`, updatedAt: sql`now()` })
    .where(
      and(eq(importJobs.id, id), inArray(importJobs.status, RUNNING), lt(importJobs.attempts, MAX_ATTEMPTS)),
    )
    .returning({ id: importJobs.id });
  return rows.length > 0;
}

/** checking | committing -> failed; `problems` (the report's lines) when the file says why. */
export async function markFailed(db: Db, id: number, failure: string, problems?: StoredProblem[]) {
  await db
    .update(importJobs)
    .set({
      status: 'failed',
      failure,
      ...(problems ? { errorCount: problems.length, errors: problems } : {}),
      updatedAt: sql`now()`,
      finishedAt: sql`now()`,
    })
    .where(and(eq(importJobs.id, id), inArray(importJobs.status, RUNNING)));
}

/** checking | committing -> failed: the step was started MAX_ATTEMPTS times and never finished. */
export async function markGivenUp(db: Db, id: number, problems: StoredProblem[]) {
  await db
    .update(importJobs)
    .set({
      status: 'failed',
      failure: 'imports.gaveUp',
      errorCount: problems.length,
      errors: problems,
      updatedAt: sql`now()`,
      finishedAt: sql`now()`,
    })
    .where(
      and(eq(importJobs.id, id), inArray(importJobs.status, RUNNING), gte(importJobs.attempts, MAX_ATTEMPTS)),
    );
}
