/**
 * Bulk loading jobs (issue 15): the uploaded file's key, where its check or commit stands, and the dry-run
 * report. A job lives here rather than in a process, so it survives a restart and any API process
 * can run it (modules/imports/job-status.ts holds its state machine, jobs/run-imports.ts resumes it).
 */
import { sql } from 'drizzle-orm';
import {
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, tenantId } from './schema';

/** PostgreSQL bytea as a Buffer (pg answers a Buffer, PGlite a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** One problem of a file, untranslated: the reader's language is chosen when it is read. */
export interface StoredProblem {
  row: number;
  column: string;
  value: string;
  key: string;
  params?: Record<string, string | number>;
}

export const importJobs = pgTable(
  'import_jobs',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    /** people | other-people | enrollees | fee-items | receivables | salary | other-income */
    kind: text('kind').notNull(),
    fileName: text('file_name').notNull().default(''),
    /**
     * The uploaded file: in the file store under import-files/<tenant>/<fileKey> (gateways/file-store;
     * temporary: a bucket may expire the prefix, see docs/operations.md). Jobs from before the store
     * keep their bytes in `file` (fileKey null).
     */
    fileKey: text('file_key'),
    file: bytea('file'),
    /** What the kind needs besides the file (salary: period, replace). */
    options: jsonb('options')
      .$type<Record<string, string | boolean>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** checking -> checked -> committing -> committed; failed from any running state. */
    status: text('status').notNull(),
    /** parse | validate | commit: what `done` of `total` counts. */
    phase: text('phase').notNull().default('parse'),
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    rows: integer('rows').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    errorCount: integer('error_count').notNull().default(0),
    errors: jsonb('errors')
      .$type<StoredProblem[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /**
     * Runs of the job's current step started (the upload's check, or the commit): a step started
     * twice whose process died both times is not taken a third time, it fails (job-status.ts).
     */
    attempts: integer('attempts').notNull().default(0),
    /** Why a job failed (a message key), when it did. */
    failure: text('failure'),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    /** The running process's heartbeat: a job not stamped within the lease is taken over. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('import_jobs_tenant').on(t.tenantId, t.createdAt),
    // One running import per kind and tenant: a second upload or commit is refused (service.ts).
    uniqueIndex('import_jobs_running')
      .on(t.tenantId, t.kind)
      .where(sql`status in ('checking', 'committing')`),
  ],
);
