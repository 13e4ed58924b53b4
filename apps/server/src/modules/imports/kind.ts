/**
 * What each kind of import provides: its columns (template and header words) and a plan — every row
 * checked against the file and the database, counted as created, updated or unchanged, with a store
 * step that writes exactly what was counted. The service runs the plan once for the dry run and again
 * inside the commit's transaction, so the commit changes what the report said (or refuses).
 */
import type { ImportKind } from '@cf/shared/wire/admin-imports';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import type { Tx } from '@server/db/transaction';
import type { Sheet } from '../salary/import-file';
import type { Column, Problem } from './table';

export type Reader = Db | Tx;

export interface Progress {
  /** A new phase of `total` rows begins. */
  phase(phase: 'parse' | 'validate' | 'commit', total: number): Promise<void>;
  /** `done` rows of the phase are done (written out now and then, not at every call). */
  tick(done: number): Promise<void>;
}

export interface Counts {
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
}

export interface Plan extends Counts {
  problems: Problem[];
  /** Writes the planned changes inside the commit's transaction. */
  store(tx: Tx, progress: Progress): Promise<void>;
}

export type JobOptions = Record<string, string | boolean>;

export interface ImportRules {
  kind: ImportKind;
  /** The template's columns (salary adds its own item columns). */
  columns: readonly Column[];
  plan(db: Reader, tenantId: string, sheet: Sheet, options: JobOptions, progress: Progress): Promise<Plan>;
}

/** Rows per multi-row statement of drizzle's builder: PostgreSQL takes at most 65,535 parameters in one. */
export const CHUNK = 1000;
/** Rows per set-based statement fed one JSON parameter (jsonb_to_recordset). */
export const BIG_CHUNK = 2000;

/**
 * Rows as one jsonb parameter, for `FROM jsonb_to_recordset(...) AS x(column type, ...)`: one
 * parameter per statement instead of one per cell, so thousands of rows cost one small query plan
 * and little memory (the same on PostgreSQL and PGlite).
 */
export const jsonRows = (rows: readonly object[]): SQL => sql`${JSON.stringify(rows)}::jsonb`;

/** A plan whose file could not be read row by row (a wrong header, merged cells): nothing counted. */
export const refusedPlan = (rows: number, problems: Problem[]): Plan =>
  planOf({ rows, created: 0, updated: 0, unchanged: 0 }, problems, async () => undefined);

/**
 * A plan: the counts are of the rows without problems (what the commit would change were the bad rows
 * fixed or left out), and a plan with any problem never stores (the service refuses it first).
 */
export function planOf(counts: Counts, problems: Problem[], store: Plan['store']): Plan {
  return {
    ...counts,
    problems,
    store: problems.length
      ? async () => {
          throw new Error('an import with problems is never stored');
        }
      : store,
  };
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
/** The longest a loop over rows runs before it lets other work run (requests, /health): bench:import. */
const SLICE_MS = 8;

/**
 * Runs `fn` over the items, letting other work run whenever it has run SLICE_MS, so a loop over
 * tens of thousands of rows never holds the event loop for long whatever a row costs.
 */
export async function eachSliced<T>(
  items: readonly T[],
  fn: (item: T, index: number) => void,
): Promise<void> {
  let since = performance.now();
  for (let i = 0; i < items.length; i++) {
    fn(items[i]!, i);
    if ((i & 31) === 31 && performance.now() - since > SLICE_MS) {
      await nextTurn();
      since = performance.now();
    }
  }
}

/**
 * Ticks the progress every `every` rows of a loop, and lets other work run as eachSliced does, so the
 * progress bar's questions (and other requests) are answered while thousands of rows are checked.
 */
export async function eachWithProgress<T>(
  items: readonly T[],
  progress: Progress,
  fn: (item: T, index: number) => void,
  every = 500,
): Promise<void> {
  let since = performance.now();
  for (let i = 0; i < items.length; i++) {
    fn(items[i]!, i);
    if ((i + 1) % every === 0) await progress.tick(i + 1);
    if ((i & 31) === 31 && performance.now() - since > SLICE_MS) {
      await nextTurn();
      since = performance.now();
    }
  }
  await progress.tick(items.length);
}
