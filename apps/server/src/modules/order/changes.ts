/**
 * Order changes, announced explicitly: every write of the orders table (modules/pay/pay-status.ts,
 * order-repo.ts insertOrder) calls announceOrderChange() with the row it wrote, and the change is
 * heard (onOrderChange) once its transaction has committed (db/transaction.ts). The order-list cache
 * drops the pages of the people it concerns. changes.test.ts fails when a write of orders has no
 * announcement beside it.
 */
import type { Db } from '@server/db/client';
import { afterCommit, type WriteTx } from '@server/db/transaction';

/** Who an order concerns: its creator and payer, as user ids and WeChat oauth ids. */
export interface OrderParties {
  tenantId: string;
  userIds: (number | null | undefined)[];
  oauthIds: (number | null | undefined)[];
}

type Listener = (parties: OrderParties) => void;
const listenersByDb = new WeakMap<Db, Set<Listener>>();

/** Hears the order changes committed through `db` in this process; answers the unsubscribe function. */
export function onOrderChange(db: Db, listener: Listener): () => void {
  let set = listenersByDb.get(db);
  if (!set) listenersByDb.set(db, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

/** An order row as a write left it: who it concerns is read from it. */
export interface ChangedOrder {
  tenantId: string;
  userId: number | null;
  oauthId: number | null;
  payerUserId: number | null;
  payerOauthId: number | null;
}

/** Announces a written order row once `tx` has committed (at once when `tx` is the database itself). */
export function announceOrderChange(tx: WriteTx, row: ChangedOrder): void {
  const parties: OrderParties = {
    tenantId: row.tenantId,
    userIds: [row.userId, row.payerUserId],
    oauthIds: [row.oauthId, row.payerOauthId],
  };
  afterCommit(tx, (db) => {
    for (const listener of listenersByDb.get(db) ?? []) listener(parties);
  });
}
