/**
 * Where a running job stands (phase, done of total), for the progress bar: kept in this process and
 * written to the job's row now and then, which is also the job's heartbeat. On PGlite nothing may be
 * written outside the commit's transaction while it is open (one connection), so there the commit's
 * progress stays in the process; PGlite has one process, which is the one that is asked.
 */
import { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Db } from '@server/db/client';
import type { Progress } from './kind';
import { writeProgress } from './repo';

/** A row write at most this often (and at every new phase). */
const WRITE_EVERY_MS = 500;

interface Live {
  phase: 'parse' | 'validate' | 'commit';
  done: number;
  total: number;
}

const liveJobs = new WeakMap<Db, Map<number, Live>>();

const liveOf = (db: Db) => {
  let map = liveJobs.get(db);
  if (!map) liveJobs.set(db, (map = new Map()));
  return map;
};

/** The progress of a job this process runs, fresher than its row; undefined when it runs elsewhere. */
export const liveProgress = (db: Db, id: number): Live | undefined => liveOf(db).get(id);

/** Whether this process runs the job now (a job taken over must not be run twice here). */
export const runsHere = (db: Db, id: number): boolean => liveOf(db).has(id);

/** One connection: nothing can be written beside an open transaction. */
export const sharesOneConnection = (db: Db): boolean => db instanceof PgliteDatabase;

export function trackProgress(
  db: Db,
  id: number,
): Progress & { inTransaction(on: boolean): void; end(): void } {
  const live: Live = { phase: 'parse', done: 0, total: 0 };
  liveOf(db).set(id, live);
  let lastWrite = 0;
  let writable = true;
  const write = async (force: boolean) => {
    if (!writable) return;
    const now = Date.now();
    if (!force && now - lastWrite < WRITE_EVERY_MS) return;
    lastWrite = now;
    await writeProgress(db, id, live);
  };
  return {
    async phase(phase, total) {
      Object.assign(live, { phase, total, done: 0 });
      await write(true);
    },
    async tick(done) {
      live.done = done;
      await write(false);
    },
    inTransaction(on) {
      writable = !(on && sharesOneConnection(db));
    },
    end() {
      liveOf(db).delete(id);
    },
  };
}
