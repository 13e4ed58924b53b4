/**
 * The reconciliation run state machine.
 *
 *   (none) -> pending                    ensureRun: the nightly job or a person asks for a day
 *   done | failed -> pending             ensureRun again: a person asks for the day once more
 *   pending -> running                   claim: one process takes it (FOR UPDATE SKIP LOCKED)
 *   running | failed -> running          claim after the lease: its process died, or a retry (attempts < 3)
 *   running -> done                      finishRun: its lines and totals written in the same transaction
 *   running -> failed                    failRun: the channel refused or the statement was not trusted
 *
 * Each transition is one conditional UPDATE (or INSERT ... ON CONFLICT); a process works only on a run
 * its claim returned, and finishing checks it is still running.
 */
import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '@server/db/client';
import { reconciliationRuns } from '@server/db/schema-reconciliation';
import { transaction } from '@server/db/transaction';
import type { Difference, Totals } from './match';
import { replaceLines, type RunRow } from './repo';

/** How many times the nightly job tries a day before it waits for a person. */
export const MAX_ATTEMPTS = 3;

/**
 * Makes sure a run of the day exists and is waiting; `again` (a person asking) also puts a finished
 * or failed run back to pending. A running one is left alone. Answers the run's id.
 */
export async function ensureRun(
  db: Db,
  key: { tenantId: string; billDate: string; channel: string },
  options: { requestedBy: number | null; again: boolean },
): Promise<number> {
  const [inserted] = await db
    .insert(reconciliationRuns)
    .values({ ...key, requestedBy: options.requestedBy })
    .onConflictDoNothing()
    .returning({ id: reconciliationRuns.id });
  if (inserted) return inserted.id;
  const where = and(
    eq(reconciliationRuns.tenantId, key.tenantId),
    eq(reconciliationRuns.billDate, key.billDate),
    eq(reconciliationRuns.channel, key.channel),
  );
  if (options.again) {
    await db
      .update(reconciliationRuns)
      .set({ status: 'pending', attempts: 0, requestedBy: options.requestedBy, updatedAt: new Date() })
      .where(and(where, sql`${reconciliationRuns.status} IN ('done', 'failed')`));
  }
  const [row] = await db.select({ id: reconciliationRuns.id }).from(reconciliationRuns).where(where);
  return row!.id;
}

interface RawRun {
  id: number;
}

/**
 * Claims runs to work on: pending ones, and running or failed ones untouched for the lease (tried
 * fewer than MAX_ATTEMPTS times). `id` claims one run only (a person waiting for it).
 */
export async function claimRuns(
  db: Db,
  options: { leaseSeconds: number; limit: number; id?: number },
): Promise<number[]> {
  const lease = sql`now() - make_interval(secs => ${options.leaseSeconds})`;
  const only = options.id === undefined ? sql`TRUE` : sql`id = ${options.id}`;
  const rows = await queryRows<RawRun>(
    db,
    sql`UPDATE reconciliation_runs SET status = 'running', attempts = attempts + 1, updated_at = now()
        WHERE id IN (
          SELECT id FROM reconciliation_runs
          WHERE ${only} AND (status = 'pending'
             OR (status IN ('running', 'failed') AND updated_at < ${lease} AND attempts < ${MAX_ATTEMPTS}))
          ORDER BY id
          LIMIT ${options.limit}
          FOR UPDATE SKIP LOCKED
        )
        RETURNING id`,
  );
  return rows.map((r) => Number(r.id));
}

/** running -> done, with its difference lines and totals. Answers the run, or null if no longer running. */
export async function finishRun(
  db: Db,
  run: RunRow,
  result: { differences: Difference[]; statement: Totals; ours: Totals },
): Promise<RunRow | null> {
  return transaction(db, async (tx) => {
    const [done] = await tx
      .update(reconciliationRuns)
      .set({
        status: 'done',
        error: null,
        statementPayCount: result.statement.payments.count,
        statementPayFen: result.statement.payments.fen,
        statementRefundCount: result.statement.refunds.count,
        statementRefundFen: result.statement.refunds.fen,
        ourPayCount: result.ours.payments.count,
        ourPayFen: result.ours.payments.fen,
        ourRefundCount: result.ours.refunds.count,
        ourRefundFen: result.ours.refunds.fen,
        differenceCount: result.differences.length,
        updatedAt: new Date(),
        finishedAt: new Date(),
      })
      .where(and(eq(reconciliationRuns.id, run.id), eq(reconciliationRuns.status, 'running')))
      .returning();
    if (!done) return null;
    await replaceLines(tx, done, result.differences);
    return done;
  });
}

/** running -> failed, with the channel's error code (never a secret: codes only). */
export async function failRun(db: Db, runId: number, error: string): Promise<void> {
  await transaction(db, async (tx) => {
    const [failed] = await tx
      .update(reconciliationRuns)
      .set({ status: 'failed', error, differenceCount: 0, updatedAt: new Date(), finishedAt: new Date() })
      .where(and(eq(reconciliationRuns.id, runId), eq(reconciliationRuns.status, 'running')))
      .returning();
    // The differences of an earlier attempt are no longer what the channel says.
    if (failed) await replaceLines(tx, failed, []);
  });
}
