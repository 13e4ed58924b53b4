/**
 * My orders, other people's orders, one order's detail and cancelling it. An order is visible to
 * its creator, its payer and a user bound to its person; only its creator may cancel it.
 */
import { ORDER_TABS, type OrderTab, type PayStatus } from '@cf/shared/fees';
import type { Language } from '@cf/shared/messages';
import type { FastifyInstance } from 'fastify';
import type { Db } from '@server/db/client';
import type { AuthContext } from '@server/http/context';
import { page, type PageQuery } from '@server/http/envelope';
import { badRequest, forbidden, notFound } from '@server/http/errors';
import { findCallerPerson } from '../fee/person';
import { billView } from '../fee/views';
import { PAY_STATUS_COLORS, lastPayFailed, type OrderRow } from './pay-status';
import { listOrderPage, type OrderListKind } from './order-list-repo';
import { findOrder, findOrderDetail } from './order-repo';

const iso = (date: Date | null) => date?.toISOString() ?? null;

async function listOrders(
  db: Db,
  auth: AuthContext,
  kind: OrderListKind,
  tab: OrderTab,
  q: PageQuery,
  lang: Language,
) {
  if (auth.userId <= 0 && !auth.oauthId) return page([], 0, q);
  const statuses: readonly PayStatus[] = ORDER_TABS[tab];
  // Every tab but All shows one status.
  const status = statuses.length === 1 ? statuses[0]! : '';
  const { rows, total } = await listOrderPage(db, kind, auth, status, q);
  const records = rows.map((order) => ({
    id: order.id,
    orderNo: order.orderNo,
    orderType: order.orderType,
    totalFen: order.totalFen,
    payStatus: order.payStatus,
    payStatusColor: PAY_STATUS_COLORS[order.payStatus],
    lastPayFailed: lastPayFailed(order),
    invoiceStatus: order.invoiceStatus,
    createdAt: order.createdAt.toISOString(),
    expireAt: order.expireAt.toISOString(),
    personName: order.personName,
    userName: order.userName,
    itemsSummary: lang === 'en' ? order.itemsEn : order.itemsZh,
  }));
  return page(records, total, q);
}

export const listMyOrders = (db: Db, auth: AuthContext, tab: OrderTab, q: PageQuery, lang: Language) =>
  listOrders(db, auth, 'mine', tab, q, lang);

export const listOtherOrders = (db: Db, auth: AuthContext, tab: OrderTab, q: PageQuery, lang: Language) =>
  listOrders(db, auth, 'paid', tab, q, lang);

export const isCreator = (order: OrderRow, auth: AuthContext) =>
  (auth.userId > 0 && order.userId === auth.userId) ||
  (auth.oauthId !== null && order.userId === null && order.oauthId === auth.oauthId);

const isPayer = (order: OrderRow, auth: AuthContext) =>
  (auth.userId > 0 && order.payerUserId === auth.userId) ||
  (auth.oauthId !== null && order.payerOauthId === auth.oauthId);

/** Whether the caller may see the order: its creator, its payer or a user bound to its person (403 otherwise). */
async function checkVisible(db: Db, auth: AuthContext, order: OrderRow): Promise<void> {
  if (isCreator(order, auth) || isPayer(order, auth)) return;
  const person = await findCallerPerson(db, auth.tenantId, auth.userId);
  if (person && person.type === order.personType && person.id === order.personId) return;
  throw forbidden('order.forbidden');
}

/** The order of the caller's tenant (404 otherwise) that the caller may see (403 otherwise). */
export async function visibleOrder(db: Db, auth: AuthContext, id: number): Promise<OrderRow> {
  const order = await findOrder(db, auth.tenantId, id);
  if (!order) throw notFound('order.notFound');
  await checkVisible(db, auth, order);
  return order;
}

/** The order, its items and its bills come in one query (findOrderDetail). */
export async function orderDetail(db: Db, auth: AuthContext, id: number) {
  const found = await findOrderDetail(db, auth.tenantId, id);
  if (!found) throw notFound('order.notFound');
  await checkVisible(db, auth, found.order);
  return detailView(found);
}

/** How an order with its items and bills (findOrderDetail) goes on the wire; the console's detail extends it. */
export function detailView({
  order,
  items,
  bills,
}: NonNullable<Awaited<ReturnType<typeof findOrderDetail>>>) {
  return {
    id: order.id,
    orderNo: order.orderNo,
    orderType: order.orderType,
    createdAt: order.createdAt.toISOString(),
    totalFen: order.totalFen,
    refundedFen: order.refundedFen,
    userName: order.userName,
    personName: order.personName,
    payerName: order.payerName,
    paymentNo: order.paymentNo,
    paidAt: iso(order.paidAt),
    payMethod: order.payMethod,
    channel: order.channel,
    invoiceStatus: order.invoiceStatus,
    signatureStatus: order.signatureStatus,
    payStatus: order.payStatus,
    payStatusColor: PAY_STATUS_COLORS[order.payStatus],
    lastPayFailed: lastPayFailed(order),
    expireAt: order.expireAt.toISOString(),
    closedAt: iso(order.closedAt),
    closeReason: order.closeReason,
    items: items.map((item) => ({
      id: item.id,
      receivableId: item.receivableId,
      feeItemId: item.feeItemId,
      name: item.name,
      nameEn: item.nameEn,
      priceFen: item.priceFen,
      quantity: item.quantity,
      amountFen: item.amountFen,
      formData: item.formData,
    })),
    // billView reads only the fields the query answers.
    bills: bills.map(({ billDateMs, ...bill }) =>
      billView({ ...bill, billDate: new Date(billDateMs) } as unknown as Parameters<typeof billView>[0]),
    ),
  };
}

/**
 * Closes an order once its channel confirms it holds no payment: the pay module's closeOrder, handed
 * in by app.ts (orderRoutes' options) so that order never imports pay (pay imports order).
 */
export type CloseOrder = (
  app: FastifyInstance,
  orderId: number,
  reason: 'cancelled',
) => Promise<'closed' | 'paid' | 'final'>;

/** Closes an open order of the caller's own; the pay module asks the channel first. */
export async function cancelOrder(
  app: FastifyInstance,
  closeOrder: CloseOrder,
  auth: AuthContext,
  id: number,
) {
  const order = await visibleOrder(app.db, auth, id);
  if (!isCreator(order, auth)) throw forbidden('order.forbidden');
  if (order.payStatus !== 'NOT_PAY' && order.payStatus !== 'PAYING') throw badRequest('order.notOpen');
  const result = await closeOrder(app, order.id, 'cancelled');
  const after = (await findOrder(app.db, auth.tenantId, order.id))!;
  return { result, payStatus: after.payStatus, payStatusColor: PAY_STATUS_COLORS[after.payStatus] };
}
