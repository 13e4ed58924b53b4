/**
 * SQL of import jobs besides their transitions (job-status.ts): creating one, reading one or a page of
 * a tenant's, progress and heartbeat, and claiming jobs whose process stopped (SKIP LOCKED, as
 * jobs/claim.ts claims orders).
 */
import { and, count, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { ImportKind } from '@cf/shared/wire/admin-imports';
import { queryRows, type Db } from '@server/db/client';
import { users } from '@server/db/schema';
import { importJobs } from '@server/db/schema-imports';

export type ImportJobRow = typeof importJobs.$inferSelect;
/** A job without its file. */
export type ImportJobState = Omit<ImportJobRow, 'file'>;

/** Every column of a job but its file: the file is read only to parse it (or for the report). */
const { file: _file, ...stateColumns } = getTableColumns(importJobs);
export const jobStateColumns = stateColumns;

/** Creates a job in checking; the unique index refuses a second running one of its kind. */
export async function insertJob(
  db: Db,
  job: {
    tenantId: string;
    kind: ImportKind;
    fileName: string;
    fileKey: string;
    options: Record<string, string | boolean>;
    createdBy: number;
  },
): Promise<ImportJobState> {
  const [row] = await db
    .insert(importJobs)
    .values({ ...job, status: 'checking', phase: 'parse' })
    .returning(jobStateColumns);
  return row!;
}

export async function findJob(db: Db, tenantId: string, id: number): Promise<ImportJobState | undefined> {
  const [row] = await db
    .select(jobStateColumns)
    .from(importJobs)
    .where(and(eq(importJobs.tenantId, tenantId), eq(importJobs.id, id)));
  return row;
}

/** The job with its file's key or (an older job) bytes: the XLSX report shows the file. */
export async function findJobWithFile(
  db: Db,
  tenantId: string,
  id: number,
): Promise<ImportJobRow | undefined> {
  const [row] = await db
    .select()
    .from(importJobs)
    .where(and(eq(importJobs.tenantId, tenantId), eq(importJobs.id, id)));
  return row;
}

/** A job by id alone: for the process that runs it (it has the tenant from the row). */
export async function jobById(db: Db, id: number): Promise<ImportJobState | undefined> {
  const [row] = await db.select(jobStateColumns).from(importJobs).where(eq(importJobs.id, id));
  return row;
}

/** Where the job's file is: its key in the file store, or (an older job) its bytes in the row. */
export async function jobFile(db: Db, id: number): Promise<{ fileKey: string | null; file: Buffer | null }> {
  const [row] = await db
    .select({ fileKey: importJobs.fileKey, file: importJobs.file })
    .from(importJobs)
    .where(eq(importJobs.id, id));
  return row ?? { fileKey: null, file: null };
}

/** A page of the tenant's jobs, newest first, without their files and problems. */
export async function jobPage(
  db: Db,
  tenantId: string,
  filter: { kind?: ImportKind },
  paging: { offset: number; limit: number },
) {
  const where = and(
    eq(importJobs.tenantId, tenantId),
    filter.kind ? eq(importJobs.kind, filter.kind) : undefined,
  );
  const { errors: _errors, options: _options, ...columns } = jobStateColumns;
  const rows = await db
    .select({
      ...columns,
      // Who uploaded it: the name the office knows them by, else the account.
      uploadedBy: sql<string | null>`coalesce(nullif(${users.realName}, ''), ${users.account})`,
    })
    .from(importJobs)
    .leftJoin(users, and(eq(users.tenantId, importJobs.tenantId), eq(users.id, importJobs.createdBy)))
    .where(where)
    .orderBy(desc(importJobs.id))
    .offset(paging.offset)
    .limit(paging.limit);
  const [total] = await db.select({ n: count() }).from(importJobs).where(where);
  return { rows, total: Number(total?.n ?? 0) };
}

/** Progress and heartbeat of a running job (outside any transaction). */
export async function writeProgress(
  db: Db,
  id: number,
  progress: { phase: string; done: number; total: number },
) {
  await db
    .update(importJobs)
    .set({ ...progress, updatedAt: sql`now()` })
    .where(eq(importJobs.id, id));
}

/**
 * Running jobs nobody has stamped within the lease (their process stopped): stamped and answered, so
 * one process takes each over. Another process claiming at the same moment skips the locked rows.
 */
export async function claimStaleJobs(db: Db, leaseSeconds: number, limit = 5): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`UPDATE import_jobs SET updated_at = now()
        WHERE id IN (
          SELECT id FROM import_jobs
          WHERE status IN ('checking', 'committing')
            AND updated_at < now() - make_interval(secs => ${leaseSeconds})
          ORDER BY id
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED
        )
        RETURNING id`,
  );
  return rows.map((r) => Number(r.id));
}
