/**
 * The finance office's orders: search, one order with items, bills and refunds, and the XLSX export
 * of a search (streamed, amounts in yuan with two decimals, headers in the request's language).
 * Refunds themselves are pay's (../pay/refunds/refund-service.ts, admin/refunds-routes.ts).
 * Called from ../admin/orders-routes.ts, whose guard checks the finance role; no role check here.
 */
import { PAY_STATUS_COLORS, type PayStatus } from '@cf/shared/fees';
import { labelOf } from '@cf/shared/labels/label';
import { ORDER_TYPE_LABELS, PAY_METHOD_LABELS, PAY_STATUS_LABELS } from '@cf/shared/labels/pay';
import { translate, type Language, type MessageKey } from '@cf/shared/messages';
import type { AdminOrder, AdminOrderDetail, OrderFilters, OrderTotals } from '@cf/shared/wire/admin-orders';
import type { FastifyReply } from 'fastify';
import type { Db } from '@server/db/client';
import type { AuthContext } from '@server/http/context';
import { noteAudit } from '@server/http/audit';
import { page, type PageQuery } from '@server/http/envelope';
import { notFound } from '@server/http/errors';
import { dayRange } from '@server/http/search';
import { checkExportSize, schoolTime, sendXlsx, type XlsxColumn } from '@server/http/xlsx';
import {
  orderBatches,
  orderTotals,
  personNoOf,
  refundsOfOrder,
  searchOrders,
  type AdminOrderRow,
} from './admin-order-repo';
import { findOrderDetail } from './order-repo';
import { detailView } from './query-service';

/** The most rows one export writes; a larger search is refused before the file starts. */

const time = (ms: string | number | null) => (ms === null ? null : new Date(Number(ms)));

function orderView(row: AdminOrderRow, lang: Language): AdminOrder {
  const payStatus = row.pay_status as PayStatus;
  return {
    id: Number(row.id),
    orderNo: row.order_no,
    orderType: row.order_type,
    personType: row.person_type,
    personName: row.person_name,
    personNo: row.person_no,
    totalFen: Number(row.total_fen),
    refundedFen: Number(row.refunded_fen),
    payStatus,
    payStatusColor: PAY_STATUS_COLORS[payStatus],
    channel: row.channel,
    paymentNo: row.payment_no,
    createdAt: time(row.created_ms)!.toISOString(),
    paidAt: time(row.paid_ms)?.toISOString() ?? null,
    itemsSummary: lang === 'en' ? row.items_en : row.items_zh,
  };
}

export async function listAdminOrders(
  db: Db,
  auth: AuthContext,
  filters: OrderFilters,
  q: PageQuery,
  lang: Language,
) {
  const { rows, total } = await searchOrders(db, auth.tenantId, filters, q);
  return page(
    rows.map((row) => orderView(row, lang)),
    total,
    q,
  );
}

/** What the search adds up to over all its orders: count, paid, refunded (the list's filters). */
export async function adminOrderTotals(
  db: Db,
  auth: AuthContext,
  filters: OrderFilters,
): Promise<OrderTotals> {
  dayRange(filters.from, filters.to);
  const { count, paidFen, refundedFen } = await orderTotals(db, auth.tenantId, filters);
  return { count, paidFen, refundedFen };
}

export async function adminOrderDetail(db: Db, auth: AuthContext, id: number): Promise<AdminOrderDetail> {
  const found = await findOrderDetail(db, auth.tenantId, id);
  if (!found) throw notFound('order.notFound');
  const [personNo, refundRows] = await Promise.all([
    personNoOf(db, auth.tenantId, id),
    refundsOfOrder(db, auth.tenantId, id),
  ]);
  return {
    ...detailView(found),
    personType: found.order.personType,
    personId: found.order.personId,
    personNo,
    refunds: refundRows.map((r) => ({
      id: r.id,
      outRefundNo: r.outRefundNo,
      amountFen: r.amountFen,
      kind: r.kind,
      status: r.status,
      reason: r.reason,
      createdAt: r.createdAt.toISOString(),
    })),
    // The same room the refund service reserves from: refunds in flight hold their amount.
    refundableFen:
      found.order.payStatus === 'PAID'
        ? Math.max(
            0,
            found.order.totalFen -
              found.order.refundedFen -
              refundRows.filter((r) => r.status === 'PROCESSING').reduce((sum, r) => sum + r.amountFen, 0),
          )
        : 0,
  };
}

export async function exportAdminOrders(
  db: Db,
  auth: AuthContext,
  filters: OrderFilters,
  lang: Language,
  reply: FastifyReply,
) {
  dayRange(filters.from, filters.to);
  const totals = await orderTotals(db, auth.tenantId, filters);
  checkExportSize(totals.count);
  // The admin guard's audit row of this file says how many orders left in it.
  noteAudit(reply.request, { rows: totals.count });
  const h = (key: MessageKey) => translate(key, lang);
  // Codes in the clerk's words (packages/shared/src/labels); a method the table does not know as written.
  const columns: XlsxColumn<AdminOrderRow>[] = [
    // The totals row says what the search's totals say (adminOrderTotals): count, paid, refunded.
    {
      header: h('export.orderNo'),
      width: 26,
      value: (r) => r.order_no,
      total: translate('export.ordersTotal', lang, { count: totals.count }),
    },
    {
      header: h('export.orderType'),
      width: 14,
      value: (r) => labelOf(ORDER_TYPE_LABELS, r.order_type, lang),
    },
    { header: h('export.personName'), value: (r) => r.person_name },
    { header: h('export.personNo'), value: (r) => r.person_no },
    { header: h('export.items'), width: 30, value: (r) => (lang === 'en' ? r.items_en : r.items_zh) },
    {
      header: h('export.totalYuan'),
      kind: 'yuan',
      value: (r) => Number(r.total_fen),
      total: totals.paidFen,
    },
    {
      header: h('export.refundedYuan'),
      kind: 'yuan',
      value: (r) => Number(r.refunded_fen),
      total: totals.refundedFen,
    },
    {
      header: h('export.payStatus'),
      width: 10,
      value: (r) => labelOf(PAY_STATUS_LABELS, r.pay_status, lang),
    },
    { header: h('export.channel'), width: 16, value: (r) => labelOf(PAY_METHOD_LABELS, r.channel, lang) },
    { header: h('export.paymentNo'), width: 32, value: (r) => r.payment_no },
    { header: h('export.createdAt'), kind: 'time', value: (r) => schoolTime(time(r.created_ms)) },
    { header: h('export.paidAt'), kind: 'time', value: (r) => schoolTime(time(r.paid_ms)) },
  ];
  return sendXlsx(
    reply,
    'orders.xlsx',
    h('export.ordersSheet'),
    columns,
    orderBatches(db, auth.tenantId, filters, totals.lastId),
  );
}
