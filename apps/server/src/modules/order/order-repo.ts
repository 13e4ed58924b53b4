/** Queries of orders and their items; every one carries the tenant and the caller it is about. */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { orderItems, orders, type OrderType } from '@server/db/schema-finance';
import type { OrderRow, OrderTx, Tx } from '../pay/pay-status';
import { announceOrderChange } from './changes';
import { newOrderNo } from './order-no';

export type OrderItemRow = typeof orderItems.$inferSelect;
export type NewOrder = Omit<typeof orders.$inferInsert, 'id' | 'orderNo' | 'expireAt'>;
export type NewOrderItem = Omit<typeof orderItems.$inferInsert, 'id' | 'orderId' | 'tenantId'>;

/** Tries before giving up on drawing an unused order number (a repeat is already one in a billion). */
const ORDER_NO_TRIES = 5;

/** Inserts an order that expires `expireMinutes` from the database's now, and its items. */
export async function insertOrder(
  tx: OrderTx,
  order: NewOrder,
  items: NewOrderItem[],
  expireMinutes: number,
): Promise<OrderRow> {
  for (let attempt = 0; attempt < ORDER_NO_TRIES; attempt++) {
    const [row] = await tx
      .insert(orders)
      .values({
        ...order,
        orderNo: newOrderNo(order.orderType as OrderType),
        expireAt: sql`now() + make_interval(mins => ${expireMinutes})`,
      })
      .onConflictDoNothing({ target: orders.orderNo })
      .returning();
    if (!row) continue;
    announceOrderChange(tx, row);
    await tx
      .insert(orderItems)
      .values(items.map((item) => ({ ...item, orderId: row.id, tenantId: row.tenantId })));
    return row;
  }
  throw new Error('could not draw an unused order number');
}

export async function findOrder(db: Db, tenantId: string, id: number): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.tenantId, tenantId), eq(orders.id, id)));
  return row;
}

export async function itemsOfOrders(db: Db, tenantId: string, orderIds: number[]): Promise<OrderItemRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.tenantId, tenantId), inArray(orderItems.orderId, orderIds)))
    .orderBy(asc(orderItems.orderId), asc(orderItems.id));
}

/** An open (NOT_PAY or PAYING) order of this enrollee for this catalogue item, if there is one. */
export async function openEnrollOrder(
  tx: Tx,
  tenantId: string,
  enrolleeId: number,
  feeItemId: number,
): Promise<OrderRow | undefined> {
  const [row] = await tx
    .select({ order: orders })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(
      and(
        eq(orders.tenantId, tenantId),
        eq(orders.personType, 'enrollee'),
        eq(orders.personId, enrolleeId),
        inArray(orders.payStatus, ['NOT_PAY', 'PAYING']),
        eq(orderItems.feeItemId, feeItemId),
      ),
    )
    .limit(1);
  return row?.order;
}
