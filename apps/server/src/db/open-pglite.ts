/** PGlite in the data folder (DATABASE_URL unset: demo and tests); loaded by db/client.ts only then. */
import {
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { CHANNEL_NAME, migrationsFolder, schema, type Database, type Db, type OpenOptions } from './database';

/**
 * The compiled server ships a migrated, empty PGlite cluster beside it (scripts/build.mjs): a new data
 * folder starts from that instead of running initdb and every migration (about 2 s of a first start).
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

export async function openPglite(options: OpenOptions): Promise<Database> {
  // dataDir undefined: an in-memory database (tests).
  const dataDir = options.dataDir ? path.join(options.dataDir, 'pglite') : undefined;
  const release = dataDir ? acquireDirLock(path.dirname(dataDir)) : () => undefined;
  if (dataDir && !existsSync(dataDir)) mkdirSync(dataDir, { recursive: true });
  let client: PGlite;
  try {
    const fresh = dataDir !== undefined && !existsSync(path.join(dataDir, 'PG_VERSION'));
    if (fresh && existsSync(pgliteTemplate)) {
      cpSync(pgliteTemplate, dataDir, {
        recursive: true,
        filter: (from) => path.basename(from) !== 'postmaster.pid',
      });
    }
    // pg_trgm: the searches' name-part indexes (migration 0022 creates the extension).
    client = new PGlite({ dataDir, extensions: { pg_trgm } });
    await client.waitReady;
  } catch (err) {
    release();
    throw err;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
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
