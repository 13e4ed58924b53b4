/**
 * Queries of receivables and of what is already committed against them. Every query carries the
 * tenant and the person, so nobody reads or pays another person's receivable.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '@server/db/client';
import { bills, orderItems, orders, receivables, type OrderType } from '@server/db/schema-finance';
import { lastPayFailed } from '@cf/shared/fees';
import type { Person } from './person';

export type ReceivableRow = typeof receivables.$inferSelect;

/** Amounts taken by orders still open and by other-means payments waiting for review. */
export interface Commitment {
  openOrderFen: number;
  pendingReviewFen: number;
  /** Each open order holding part of the receivable, oldest first: its state and the part it holds. */
  openOrders: OpenOrder[];
}

export interface OpenOrder {
  orderId: number;
  orderNo: string;
  payStatus: 'NOT_PAY' | 'PAYING';
  /** NOT_PAY again after its last payment attempt failed or was abandoned. */
  lastPayFailed: boolean;
  amountFen: number;
}

const ofPerson = (tenantId: string, person: Pick<Person, 'type' | 'id'>) =>
  and(
    eq(receivables.tenantId, tenantId),
    eq(receivables.personType, person.type),
    eq(receivables.personId, person.id),
  );

export async function listReceivables(
  db: Db | Tx,
  tenantId: string,
  person: Pick<Person, 'type' | 'id'>,
  category: OrderType,
): Promise<ReceivableRow[]> {
  return db
    .select()
    .from(receivables)
    .where(and(ofPerson(tenantId, person), eq(receivables.category, category)))
    .orderBy(asc(receivables.schoolYear), asc(receivables.id));
}

export async function findReceivable(
  db: Db | Tx,
  tenantId: string,
  person: Pick<Person, 'type' | 'id'>,
  id: number,
): Promise<ReceivableRow | undefined> {
  const [row] = await db
    .select()
    .from(receivables)
    .where(and(ofPerson(tenantId, person), eq(receivables.id, id)));
  return row;
}

/**
 * Locks the person's receivables (in id order, so two transactions never wait on each other in a
 * cycle): an order or other-means record created under this lock sees every commitment made before it.
 */
export async function lockReceivables(
  tx: Tx,
  tenantId: string,
  person: Pick<Person, 'type' | 'id'>,
  ids: number[],
): Promise<ReceivableRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(receivables)
    .where(and(ofPerson(tenantId, person), inArray(receivables.id, ids)))
    .orderBy(asc(receivables.id))
    .for('update');
}

export async function commitments(
  db: Db | Tx,
  tenantId: string,
  ids: number[],
): Promise<Map<number, Commitment>> {
  const result = new Map<number, Commitment>(
    ids.map((id) => [id, { openOrderFen: 0, pendingReviewFen: 0, openOrders: [] }]),
  );
  if (ids.length === 0) return result;
  const open = await db
    .select({
      receivableId: orderItems.receivableId,
      orderId: orders.id,
      orderNo: orders.orderNo,
      payStatus: orders.payStatus,
      payFailedAt: orders.payFailedAt,
      total: sql<string>`coalesce(sum(${orderItems.amountFen}), 0)`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orderItems.tenantId, tenantId),
        inArray(orderItems.receivableId, ids),
        inArray(orders.payStatus, ['NOT_PAY', 'PAYING']),
      ),
    )
    .groupBy(orderItems.receivableId, orders.id)
    .orderBy(asc(orders.id));
  const pending = await db
    .select({ receivableId: bills.receivableId, total: sql<string>`coalesce(sum(${bills.amountFen}), 0)` })
    .from(bills)
    .where(
      and(
        eq(bills.tenantId, tenantId),
        inArray(bills.receivableId, ids),
        eq(bills.kind, 'CHARGE'),
        eq(bills.status, 1),
      ),
    )
    .groupBy(bills.receivableId);
  for (const row of open) {
    const committed = result.get(row.receivableId!)!;
    const amountFen = Number(row.total);
    committed.openOrderFen += amountFen;
    committed.openOrders.push({
      orderId: row.orderId,
      orderNo: row.orderNo,
      payStatus: row.payStatus as OpenOrder['payStatus'],
      lastPayFailed: lastPayFailed(row),
      amountFen,
    });
  }
  for (const row of pending) result.get(row.receivableId!)!.pendingReviewFen = Number(row.total);
  return result;
}
