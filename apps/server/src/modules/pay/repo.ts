/** Queries of the pay module: orders as the cashier sees them, their items, the tenant's channels. */
import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '@server/db/client';
import { oauthLinks } from '@server/db/schema';
import { orderItems, orders, payChannels } from '@server/db/schema-finance';
import type { OrderRow } from '@server/modules/order/pay-status';

export async function findOrderById(db: Db | Tx, orderId: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

export async function findOrderByNo(
  db: Db | Tx,
  tenantId: string,
  orderNo: string,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.tenantId, tenantId), eq(orders.orderNo, orderNo)));
  return row;
}

export async function findOrderInTenant(
  db: Db,
  tenantId: string,
  orderId: number,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.tenantId, tenantId), eq(orders.id, orderId)));
  return row;
}

export function itemsOfOrder(db: Db, orderId: number) {
  return db
    .select({
      name: orderItems.name,
      nameEn: orderItems.nameEn,
      priceFen: orderItems.priceFen,
      quantity: orderItems.quantity,
      amountFen: orderItems.amountFen,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
}

/** The channels the tenant has switched on, in the order the cashier lists them. */
export async function enabledChannelNames(db: Db, tenantId: string): Promise<string[]> {
  const rows = await db
    .select({ channel: payChannels.channel })
    .from(payChannels)
    .where(and(eq(payChannels.tenantId, tenantId), eq(payChannels.enabled, true)))
    .orderBy(asc(payChannels.sort), asc(payChannels.id));
  return rows.map((r) => r.channel);
}

/** The payer's WeChat openid, when they signed in through WeChat (JSAPI pays with it). */
export async function wechatOpenId(db: Db, tenantId: string, oauthId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ openId: oauthLinks.openId, source: oauthLinks.source })
    .from(oauthLinks)
    .where(and(eq(oauthLinks.tenantId, tenantId), eq(oauthLinks.id, oauthId)));
  return row?.source === 'wechat' ? row.openId : undefined;
}
