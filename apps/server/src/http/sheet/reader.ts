/**
 * Every uploaded table the server reads (imports, salary, the import report) is read here, off the
 * request thread (issue 23): in worker threads (worker.ts) with a memory and a time limit, one file
 * per worker at a time, at most `concurrency` at once (the rest wait their turn). A hostile file can
 * only stop its worker: the answer is then a refusal saying so, the worker is replaced, and the
 * server goes on. Rows come back in batches, so a worker holds a batch, never the sheet. A worker
 * that finished a file waits a while for the next one, then stops (and gives its memory back).
 *
 * `checkSheetFile` is the cheap look before any of it (the zip's directory, the sheet's declared
 * reach), run where a file is received so a refused file is answered at once and never becomes a job.
 */
import type { Worker } from 'node:worker_threads';
import { startWorkerThread } from '@server/db/worker-thread';
import type { WorkerMessage } from './worker';
import type { MergedRange, Sheet, SheetLimits, SheetRow } from './types';
import { checkXlsx } from './xlsx';
import { FileRefused, isZip } from './zip';

export const SHEET_WORKERS = {
  /** The worker's JavaScript heap; past it the worker (only) is stopped. */
  memoryMb: 192,
  /** A file not read within this long is given up (its worker stopped). */
  timeoutMs: 120_000,
  /** Files read at once; two cores are what the server has. */
  concurrency: 2,
  /** A worker without a file for this long stops. */
  idleMs: 30_000,
  /**
   * A worker that read a file larger than this stops at once instead of waiting: its heap grew with the
   * file and would stay that size while it waits (the server's memory budget, bench:import).
   */
  keepAfterBytes: 1024 * 1024,
};

/** Why a file was not read: a message key of packages/shared (with params), and whether its worker was stopped. */
export interface SheetRefusal {
  ok: false;
  key: FileRefused['key'] | 'imports.readTooHeavy' | 'imports.readTimeout';
  params?: Record<string, string | number>;
  /** The worker was stopped (memory, time) or died: the file, not a rule, ended the reading. */
  stopped?: 'memory' | 'time' | 'crash';
}

export type SheetOutcome = { ok: true; sheet: Sheet } | SheetRefusal;

/**
 * Told how far the reading is (rows done of all rows) as batches come back; a report that fails
 * (the database) stops the reading and is thrown.
 */
export type ReadProgress = (done: number, total: number) => Promise<void>;

/** The file's limits checked before any cell is read: null when it may be read, else why not. */
export async function checkSheetFile(file: Buffer, limits: SheetLimits): Promise<SheetRefusal | null> {
  if (!isZip(file)) return null;
  try {
    await checkXlsx(file, limits);
    return null;
  } catch (err) {
    if (err instanceof FileRefused) return { ok: false, key: err.key, params: err.params };
    return { ok: false, key: 'salary.fileUnreadable' };
  }
}

let running = 0;
const waiting: (() => void)[] = [];

async function turn(): Promise<() => void> {
  if (running >= SHEET_WORKERS.concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  return () => {
    running--;
    waiting.shift()?.();
  };
}

function startWorker(): Worker {
  const options = {
    resourceLimits: { maxOldGenerationSizeMb: SHEET_WORKERS.memoryMb, maxYoungGenerationSizeMb: 16 },
  };
  return quiet(startWorkerThread('sheet-worker.js', new URL('./worker.ts', import.meta.url), options));
}

/** The memory limit each worker was started with. */
const memoryOf = new WeakMap<Worker, number>();

/** An error of a worker between files (or after its answer) has nobody to tell: it only ends it. */
function quiet(worker: Worker): Worker {
  memoryOf.set(worker, SHEET_WORKERS.memoryMb);
  worker.on('error', () => undefined);
  return worker;
}

const idle: { worker: Worker; timer: NodeJS.Timeout; memoryMb: number }[] = [];

/** A waiting worker (started with today's memory limit), or a new one. */
function takeWorker(): Worker {
  for (let waiting = idle.pop(); waiting; waiting = idle.pop()) {
    clearTimeout(waiting.timer);
    if (waiting.memoryMb === SHEET_WORKERS.memoryMb) {
      waiting.worker.ref();
      return waiting.worker;
    }
    void waiting.worker.terminate();
  }
  return startWorker();
}

/** A worker that finished its file cleanly waits for the next one (not keeping the process up). */
function giveBack(worker: Worker): void {
  worker.unref();
  const entry = {
    worker,
    memoryMb: memoryOf.get(worker) ?? 0,
    timer: setTimeout(() => {
      idle.splice(idle.indexOf(entry), 1);
      void worker.terminate();
    }, SHEET_WORKERS.idleMs).unref(),
  };
  worker.once('exit', () => {
    clearTimeout(entry.timer);
    const at = idle.indexOf(entry);
    if (at >= 0) idle.splice(at, 1);
  });
  idle.push(entry);
}

/** Marks the cells of merged ranges in the rows they cover (rows in line order). */
function markMerges(rows: SheetRow[], merges: MergedRange[], limits: SheetLimits): void {
  let budget = 1_000_000;
  for (const m of merges) {
    let lo = 0;
    let hi = rows.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (rows[mid]!.line < m.top) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < rows.length && rows[i]!.line <= m.bottom && budget > 0; i++) {
      const row = rows[i]!;
      row.merged ??= [];
      for (let col = m.left; col <= Math.min(m.right, limits.maxColumns) && budget > 0; col++, budget--)
        row.merged.push(col - 1);
    }
  }
  for (const row of rows) row.merged?.sort((a, b) => a - b);
}

/** Reads the sheet of a CSV or XLSX file in a worker; never throws for what the file holds. */
export async function readSheetFile(
  file: Buffer,
  limits: SheetLimits,
  progress?: ReadProgress,
): Promise<SheetOutcome> {
  const release = await turn();
  try {
    return await readInWorker(file, limits, progress);
  } finally {
    release();
  }
}

function readInWorker(file: Buffer, limits: SheetLimits, progress?: ReadProgress): Promise<SheetOutcome> {
  return new Promise((resolve, reject) => {
    const worker = takeWorker();
    const rows: SheetRow[] = [];
    let total = 0;
    let reported: [number, number] | undefined;
    let reports = Promise.resolve();
    let reportFailed: { error: unknown } | undefined;
    let settled = false;
    const report = (done: number, of: number) => {
      if (!progress || (reported && reported[0] === done && reported[1] === of)) return;
      reported = [done, of];
      reports = reports
        .then(() => (reportFailed ? undefined : progress(done, of)))
        .catch((error: unknown) => {
          reportFailed ??= { error };
          void worker.terminate();
        });
    };
    const finish = (outcome: SheetOutcome | { error: unknown }, clean = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('exit', onExit);
      worker.off('error', onError);
      if (clean && !reportFailed && file.length <= SHEET_WORKERS.keepAfterBytes) giveBack(worker);
      else void worker.terminate();
      // The reports made so far are waited for; a failed one is the answer.
      void reports.then(() => {
        if (reportFailed) reject(reportFailed.error);
        else if ('error' in outcome) reject(outcome.error);
        else resolve(outcome);
      });
    };
    const timer = setTimeout(
      () => finish({ ok: false, key: 'imports.readTimeout', stopped: 'time' }),
      SHEET_WORKERS.timeoutMs,
    );
    const onMessage = (message: WorkerMessage) => {
      switch (message.type) {
        case 'total':
          total = message.total;
          report(0, total);
          break;
        case 'rows':
          for (const row of message.rows) rows.push(row);
          report(rows.length, Math.max(total, rows.length));
          break;
        case 'refused':
          finish({ ok: false, key: message.key, params: message.params }, true);
          break;
        case 'done': {
          report(rows.length, rows.length);
          if (rows.some((r, i) => i > 0 && r.line < rows[i - 1]!.line)) rows.sort((a, b) => a.line - b.line);
          markMerges(rows, message.merges, limits);
          const first = rows[0]?.line === 1 ? rows.shift()! : undefined;
          finish({ ok: true, sheet: { header: first?.cells ?? [], rows } }, true);
          break;
        }
      }
    };
    const onError = (err: Error & { code?: string }) =>
      finish(
        err.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? { ok: false, key: 'imports.readTooHeavy', stopped: 'memory' }
          : { ok: false, key: 'salary.fileUnreadable', stopped: 'crash' },
      );
    const onExit = () => finish({ ok: false, key: 'salary.fileUnreadable', stopped: 'crash' });
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    worker.postMessage({ file: new Uint8Array(file), limits });
  });
}
