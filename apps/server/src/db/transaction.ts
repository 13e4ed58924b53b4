/**
 * Transactions that can leave work for after their commit. Every write that others must hear about
 * (an order changed: modules/order/changes.ts) goes through here:
 *
 *   const row = await transaction(db, async (tx) => { ...; afterCommit(tx, (db) => announce(db)); ... });
 *
 * - inside transaction(): the callbacks run once the transaction has committed, in the order given;
 *   a rolled back transaction runs none (nothing it did happened);
 * - on the database itself (autocommit(db): one statement, committed when it returns): at once;
 * - in a transaction opened by db.transaction() directly: an error, so a forgotten helper shows in tests
 *   (the types already refuse it: `Tx` is only what transaction() hands out).
 */
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from './client';

type DrizzleTx = Parameters<Parameters<Db['transaction']>[0]>[0];
declare const opened: unique symbol;
/** A transaction opened by transaction(): the only kind afterCommit() accepts besides the database. */
export type Tx = DrizzleTx & { readonly [opened]: true };
/** Where a write runs: a transaction() or the database itself (autocommit). */
export type WriteTx = Tx | Db;

type AfterCommit = (db: Db) => void;
const pending = new WeakMap<object, { db: Db; callbacks: AfterCommit[] }>();

/** Runs `fn` in a transaction; what it left with afterCommit() runs once the transaction has committed. */
export async function transaction<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const state = { db, callbacks: [] as AfterCommit[] };
  const result = await db.transaction((raw) => {
    pending.set(raw, state);
    return fn(raw as Tx);
  });
  for (const callback of state.callbacks) callback(db);
  return result;
}

/**
 * The database itself as a Tx, for a write that is one statement (atomic on its own, committed when
 * it returns): its afterCommit() callbacks run at once. Saying so is the caller's decision.
 */
export function autocommit(db: Db): Tx {
  return db as Tx;
}

/** Leaves `callback` for after the commit of `tx` (at once when `tx` is the database itself). */
export function afterCommit(tx: WriteTx, callback: AfterCommit): void {
  const state = pending.get(tx);
  if (state) {
    state.callbacks.push(callback);
    return;
  }
  if (tx instanceof PgTransaction)
    throw new Error('afterCommit: open the transaction with transaction() from db/transaction.ts');
  callback(tx as Db);
}
