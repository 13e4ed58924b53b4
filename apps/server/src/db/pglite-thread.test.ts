import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { protocol } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, queryRows } from './client';
import type { Database } from './database';
import { PGliteThread } from './pglite-thread';

/** A data folder's PGlite runs in its own thread (pglite-thread.ts); to drizzle it is PGlite itself. */
describe('PGlite in its own thread', () => {
  let database: Database;
  const dir = mkdtempSync(path.join(tmpdir(), 'cf-thread-'));

  beforeAll(async () => {
    database = await openDatabase({ dataDir: dir });
    await database.db.execute(sql`create table t (id int primary key, name text not null, at date)`);
  });
  afterAll(() => database.close());

  const clientOf = (db: Database['db']) => (db as unknown as { $client: unknown }).$client;

  it('is the thread client, and answers typed rows (dates and arrays parsed as PGlite does)', async () => {
    expect(clientOf(database.db)).toBeInstanceOf(PGliteThread);
    await database.db.execute(sql`insert into t values (1, 'Zhang San', '2026-09-01')`);
    const rows = await queryRows<{ id: number; name: string; at: string; ids: number[] }>(
      database.db,
      sql`select id, name, at::text as at, array[id, id + 1] as ids from t`,
    );
    expect(rows).toEqual([{ id: 1, name: 'Zhang San', at: '2026-09-01', ids: [1, 2] }]);
  });

  it("throws Postgres's error with its code, and goes on answering after it", async () => {
    const failed = await database.db.execute(sql`insert into t values (1, 'again', null)`).then(
      () => undefined,
      (err: unknown) => err as { cause?: { code?: string; constraint?: string } },
    );
    expect(failed?.cause?.code).toBe('23505');
    expect(failed?.cause?.constraint).toBe('t_pkey');
    const rows = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from t`);
    expect(rows[0]?.n).toBe(1);
  });

  it('throws errors of the messages sent without waiting (parse, bind) where they are waited for', async () => {
    const codeOf = (query: Promise<unknown>) =>
      query.then(
        () => undefined,
        (err: unknown) => (err as { cause?: { code?: string } }).cause?.code,
      );
    // A syntax error is the parse's; a value that is not an integer is the bind's.
    expect(await codeOf(database.db.execute(sql`select from where ${1}`))).toBe('42601');
    expect(await codeOf(database.db.execute(sql`select ${'abc'}::int as n`))).toBe('22P02');
    const rows = await queryRows<{ n: number }>(database.db, sql`select ${41}::int + 1 as n`);
    expect(rows[0]?.n).toBe(42);
  });

  it('rolls a failed transaction back and commits a good one', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into t values (2, 'Li Si', null)`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into t values (3, 'Wang Wu', null)`);
    });
    const rows = await queryRows<{ id: number }>(database.db, sql`select id from t order by id`);
    expect(rows.map((r) => r.id)).toEqual([1, 3]);
  });

  it('runs concurrent transactions one after the other (no interleaving on the one connection)', async () => {
    await Promise.all(
      [10, 20, 30].map((base) =>
        database.db.transaction(async (tx) => {
          await tx.execute(sql`insert into t values (${base}, 'a', null)`);
          await new Promise((resolve) => setTimeout(resolve, 5));
          await tx.execute(sql`insert into t values (${base + 1}, 'b', null)`);
        }),
      ),
    );
    const rows = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from t where id >= 10`,
    );
    expect(rows[0]?.n).toBe(6);
  });

  it('passes notifications to listeners, and stops passing them once unlistened', async () => {
    const heard: string[] = [];
    const stop = await database.listen('thread_test', {
      message: (payload) => heard.push(payload),
      reset: () => undefined,
    });
    await database.db.execute(sql`select pg_notify('thread_test', 'one')`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(heard).toEqual(['one']);
    await stop();
    await database.db.execute(sql`select pg_notify('thread_test', 'two')`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(heard).toEqual(['one']);
  });

  it('leaves this thread free while Postgres works: timers keep firing during a one-second query', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    await database.db.execute(sql`select pg_sleep(1)`);
    clearInterval(timer);
    // In this thread the query would hold the event loop for the whole second: no tick at all.
    expect(ticks).toBeGreaterThan(20);
  });

  it('parses a large result a slice at a time, letting the event loop turn in between', async () => {
    // A turn counter that advances once per turn of the event loop, and the turn each parse call ran in.
    let turn = 0;
    let running = true;
    const spin = () => {
      turn++;
      if (running) setImmediate(spin);
    };
    setImmediate(spin);
    /** Each parse call: the bytes it was given and the turn it ran in. */
    const calls: { bytes: number; turn: number }[] = [];
    const original = protocol.Parser.prototype.parse;
    const parse = vi.spyOn(protocol.Parser.prototype, 'parse').mockImplementation(function (
      this: protocol.Parser,
      ...args: Parameters<typeof original>
    ) {
      calls.push({ bytes: args[0].byteLength, turn });
      return original.apply(this, args);
    });
    try {
      const rows = await queryRows<{ n: number; name: string }>(
        database.db,
        sql`select n, 'student number ' || n as name from generate_series(1, 20000) as n`,
      );
      expect(rows).toHaveLength(20_000);
      expect(rows[19_999]).toEqual({ n: 20_000, name: 'student number 20000' });
    } finally {
      running = false;
      parse.mockRestore();
    }
    // ~600 kB of rows. Parsed in one call it held this thread for 50–70 ms (an import's lookup of 10,000
    // students): now no call is given more than a slice, and the slices run in turns of their own.
    const big = calls.filter((c) => c.bytes >= 32 * 1024);
    expect(Math.max(...calls.map((c) => c.bytes))).toBeLessThanOrEqual(64 * 1024);
    expect(new Set(big.map((c) => c.turn)).size).toBe(big.length);
    expect(big.length).toBeGreaterThan(5);
  });

  it('keeps what was written when the folder is opened again', async () => {
    await database.close();
    database = await openDatabase({ dataDir: dir });
    const rows = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from t`);
    expect(rows[0]?.n).toBe(8);
  });

  it('tells its owner when the thread is lost, and refuses calls from then on', async () => {
    const lostDir = mkdtempSync(path.join(tmpdir(), 'cf-thread-lost-'));
    let lost: Error | undefined;
    const other = await openDatabase({ dataDir: lostDir, onLost: (err) => (lost = err) });
    const client = clientOf(other.db) as PGliteThread;
    await client.abort();
    expect(lost?.message).toMatch(/PGlite thread stopped/);
    const refused = await other.db.execute(sql`select 1`).then(
      () => undefined,
      (err: unknown) => err as { cause?: Error },
    );
    expect(refused?.cause?.message).toMatch(/PGlite thread stopped/);
    await other.close();
    // The lock went with the thread: the folder can be opened again.
    const again = await openDatabase({ dataDir: lostDir });
    await again.close();
  });
});
