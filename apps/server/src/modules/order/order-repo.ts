/** Queries of orders and their items; every one carries the tenant and the caller it is about. */
import { and, asc, count, desc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { PAY_STATUSES } from '@cf/shared/fees';
import type { Db } from '../../db/client';
import { orderItems, orders, type OrderType, type PayStatus } from '../../db/schema-finance';
import type { PageQuery } from '../../http/envelope';
import type { OrderRow, Tx } from '../pay/pay-status';
import { newOrderNo } from './order-no';

export type OrderItemRow = typeof orderItems.$inferSelect;
export type NewOrder = Omit<typeof orders.$inferInsert, 'id' | 'orderNo' | 'expireAt'>;
export type NewOrderItem = Omit<typeof orderItems.$inferInsert, 'id' | 'orderId' | 'tenantId'>;

/** Tries before giving up on drawing an unused order number (a repeat is already one in a billion). */
const ORDER_NO_TRIES = 5;

/** Inserts an order that expires `expireMinutes` from the database's now, and its items. */
export async function insertOrder(
  tx: Tx,
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

export interface Caller {
  userId: number;
  oauthId: number | null;
}

/**
 * Orders the caller created: by user id, and by WeChat identity for orders a visitor created before
 * having a user. Null when the caller is neither (nothing to show).
 */
export function createdBy(caller: Caller): SQL | null {
  const conditions: SQL[] = [];
  if (caller.userId > 0) conditions.push(eq(orders.userId, caller.userId));
  if (caller.oauthId) conditions.push(and(isNull(orders.userId), eq(orders.oauthId, caller.oauthId))!);
  return conditions.length ? (or(...conditions) ?? null) : null;
}

/** Orders the caller paid through a pay link and did not create. */
export function paidByOther(caller: Caller): SQL | null {
  if (caller.userId > 0)
    return and(
      eq(orders.payerUserId, caller.userId),
      or(isNull(orders.userId), ne(orders.userId, caller.userId)),
    )!;
  if (caller.oauthId)
    return and(
      isNull(orders.payerUserId),
      eq(orders.payerOauthId, caller.oauthId),
      or(isNull(orders.oauthId), ne(orders.oauthId, caller.oauthId)),
    )!;
  return null;
}

export interface OrderListRow {
  id: number;
  orderNo: string;
  orderType: OrderType;
  totalFen: number;
  payStatus: PayStatus;
  createdAt: Date;
  expireAt: Date;
  personName: string;
  userName: string;
  itemsZh: string;
  itemsEn: string;
}

/**
 * One page of orders with the total count and each order's item names, in one round trip: the
 * order list is the busiest read of the app.
 */
export async function pageOrders(
  db: Db,
  tenantId: string,
  whose: SQL,
  statuses: readonly PayStatus[],
  page: PageQuery,
): Promise<{ rows: OrderListRow[]; total: number }> {
  // The All tab needs no status filter; leaving it out keeps the (tenant, user, created) index path plain.
  const byStatus =
    statuses.length < PAY_STATUSES.length ? inArray(orders.payStatus, [...statuses]) : undefined;
  const where = and(eq(orders.tenantId, tenantId), whose, byStatus);
  const rows = await db
    .select({
      id: orders.id,
      orderNo: orders.orderNo,
      orderType: orders.orderType,
      totalFen: orders.totalFen,
      payStatus: orders.payStatus,
      createdAt: orders.createdAt,
      expireAt: orders.expireAt,
      personName: orders.personName,
      userName: orders.userName,
      itemsZh: sql<string>`coalesce((SELECT string_agg(i.name, '、' ORDER BY i.id) FROM order_items i WHERE i.order_id = "orders"."id"), '')`,
      itemsEn: sql<string>`coalesce((SELECT string_agg(coalesce(nullif(i.name_en, ''), i.name), ', ' ORDER BY i.id) FROM order_items i WHERE i.order_id = "orders"."id"), '')`,
      total: sql<number>`count(*) OVER ()`.mapWith(Number),
    })
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(page.size)
    .offset((page.current - 1) * page.size);
  if (rows.length > 0) return { rows, total: rows[0]!.total };
  // Past the last page the window count has no row to ride on.
  const [counted] = page.current > 1 ? await db.select({ total: count() }).from(orders).where(where) : [];
  return { rows: [], total: Number(counted?.total ?? 0) };
}
