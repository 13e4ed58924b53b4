/** PGlite in the data folder (DATABASE_URL unset: demo and tests); loaded by db/client.ts only then. */
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { CHANNEL_NAME, migrationsFolder, schema, type Database, type Db, type OpenOptions } from './database';
import { ThreadLink, type ThreadStart } from './pglite-link';
import { startWorkerThread } from './worker-thread';

/**
 * The compiled server ships a migrated, empty PGlite cluster beside it (scripts/build.mjs): a new data
 * folder starts from that (copied by the PGlite thread) instead of running initdb and every migration
 * (about 2 s of a first start).
 * Run from source (tsx, tests) there is none, and PGlite creates the cluster itself.
 */
const pgliteTemplate = path.join(path.dirname(fileURLToPath(import.meta.url)), 'pglite-template');
function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite has no lock of its own: two processes on one folder would corrupt it. The lock file
 * holds the owner's pid; a file left by a dead process is taken over.
 */
export function acquireDirLock(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, 'pglite.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(lockPath, 'utf8') === String(process.pid)) unlinkSync(lockPath);
        } catch {
          /* already gone */
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number(readFileSync(lockPath, 'utf8'));
      if (owner && processAlive(owner))
        throw new Error(
          `The data folder ${dir} is in use by process ${owner}; PGlite allows one process only.`,
        );
      unlinkSync(lockPath);
    }
  }
  throw new Error(`Could not lock the data folder ${dir}`);
}

/**
 * A data folder's PGlite runs in its own thread (pglite-thread.ts). The thread is started first, before
 * PGlite's and drizzle's code load here, and the database is handed back without waiting for it: its
 * first query waits (serve.ts builds the app meanwhile). A folder that cannot be opened fails that query.
 */
export async function openPglite(options: OpenOptions): Promise<Database> {
  // dataDir undefined: an in-memory database in this thread (tests).
  const dataDir = options.dataDir ? path.join(options.dataDir, 'pglite') : undefined;
  const release = dataDir ? acquireDirLock(path.dirname(dataDir)) : () => undefined;
  let client: PGlite;
  try {
    if (dataDir) {
      mkdirSync(dataDir, { recursive: true });
      const start: ThreadStart = { dataDir: path.resolve(dataDir), template: pgliteTemplate };
      // Listened to from its start (pglite-link.ts): its answers may come before PGlite's code has loaded.
      const link = new ThreadLink(
        startWorkerThread('pglite-worker.js', new URL('./pglite-worker.ts', import.meta.url), {
          workerData: start,
        }),
      );
      const { PGliteThread } = await import('./pglite-thread');
      const lost =
        options.onLost ??
        ((err: Error) => {
          throw err;
        });
      const thread = new PGliteThread(link, (err) => {
        release();
        lost(err);
      });
      // To drizzle it is a PGlite client (the same query, exec and transaction code), not a PGlite.
      client = thread as unknown as PGlite;
    } else {
      const { PGlite } = await import('@electric-sql/pglite');
      const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
      // pg_trgm: the searches' name-part indexes (migration 0022 creates the extension).
      client = new PGlite({ extensions: { pg_trgm } });
      await client.waitReady;
    }
  } catch (err) {
    release();
    throw err;
  }
  const { drizzle } = await import('drizzle-orm/pglite');
  const db = drizzle(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    async migrate() {
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      await migrate(drizzle(client, { schema }), { migrationsFolder });
    },
    async listen(channel, handlers) {
      if (!CHANNEL_NAME.test(channel)) throw new Error(`not a channel name: ${channel}`);
      // One process owns the folder (the lock file), so every change is made through this client.
      const stop = await client.listen(channel, (payload) => handlers.message(payload));
      handlers.reset(true);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    notify: async () => undefined,
    announcesWrites: false,
    async close() {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}
