/**
 * The PGlite thread's own side (pglite-thread.ts is the server's side): opens PGlite in the data folder
 * and runs the wire-protocol messages the server sends, one at a time, answering each with Postgres's
 * raw reply. Everything PGlite does with the folder (its synchronous file calls) and with its
 * WebAssembly happens here, never on the thread that answers requests.
 */
import { cpSync, existsSync } from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ThreadAnswer, ThreadCall, ThreadStart } from './pglite-link';

const port = parentPort!;
const { dataDir, template } = workerData as ThreadStart;

function errorOf(err: unknown): { message: string; stack?: string } {
  return err instanceof Error ? { message: err.message, stack: err.stack } : { message: String(err) };
}

async function open(): Promise<PGlite> {
  if (template && !existsSync(path.join(dataDir, 'PG_VERSION')) && existsSync(template)) {
    cpSync(template, dataDir, {
      recursive: true,
      filter: (from) => path.basename(from) !== 'postmaster.pid',
    });
  }
  // pg_trgm: the searches' name-part indexes (migration 0022 creates the extension).
  const db = new PGlite({ dataDir, extensions: { pg_trgm } });
  await db.waitReady;
  return db;
}

const opening = open();
opening.then(
  () => port.postMessage({ type: 'ready' } satisfies ThreadAnswer),
  (err: unknown) => port.postMessage({ type: 'failed', error: errorOf(err) } satisfies ThreadAnswer),
);

// Calls arrive in order and are run in order: the server's side holds PGlite's query and transaction
// locks, so a call never overlaps another.
let queue: Promise<unknown> = Promise.resolve();
port.on('message', (call: ThreadCall) => {
  queue = queue.then(() => answer(call));
});

async function answer(call: ThreadCall): Promise<void> {
  try {
    const db = await opening;
    if (call.op === 'exec') {
      // throwOnError false: the server's side parses the reply and throws Postgres's error there,
      // with its code and fields intact. execProtocol (not the raw call) also empties PGlite's own
      // list of parsed messages after each call.
      const { data } = await db.execProtocol(call.message, { syncToFs: call.sync, throwOnError: false });
      const own = data.byteOffset === 0 && data.byteLength === data.buffer.byteLength ? data : data.slice();
      port.postMessage({ type: 'done', id: call.id, data: own } satisfies ThreadAnswer, [
        own.buffer as ArrayBuffer,
      ]);
    } else {
      await db.close();
      port.postMessage({ type: 'done', id: call.id } satisfies ThreadAnswer);
      port.close();
    }
  } catch (err) {
    port.postMessage({ type: 'error', id: call.id, error: errorOf(err) } satisfies ThreadAnswer);
  }
}
