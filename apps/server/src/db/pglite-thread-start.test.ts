import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, expect, it, vi } from 'vitest';
import { openDatabase, queryRows } from './client';
import type { Database } from './database';

// PGlite's client code loads slowly, as on a busy machine: the thread has opened the folder and said
// so long before (a fresh folder opens in 2-5 s here). A Worker drops the messages nobody listens to;
// before pglite-link.ts the server waited for that 'ready' forever.
vi.mock('./pglite-thread', async (importOriginal) => {
  await new Promise((resolve) => setTimeout(resolve, 12_000));
  return importOriginal();
});

const dir = mkdtempSync(path.join(tmpdir(), 'cf-thread-start-'));
let database: Database | undefined;
afterAll(async () => {
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

it('answers when the thread was ready before PGlite’s client code had loaded', async () => {
  database = await openDatabase({ dataDir: dir });
  const rows = await queryRows<{ answer: number }>(database.db, sql`select 42 as answer`);
  expect(rows).toEqual([{ answer: 42 }]);
}, 60_000);
