/**
 * The order lists (mine, and other people's that I paid), the busiest read of the app: one prepared
 * statement each, answering a page, the total count and every order's item names in one round trip.
 * A caller is a user id (-1 when none) and a WeChat oauth id (-1 when none); a status of '' is every tab.
 */
import { sql, type SQL } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Db } from '@server/db/client';
import { rawStatement, type RawStatement } from '@server/db/raw-statement';
import { orderItems, orders, type OrderType, type PayStatus } from '@server/db/schema-finance';
import type { PageQuery } from '@server/http/envelope';

export interface OrderListRow {
  id: number;
  orderNo: string;
  orderType: OrderType;
  totalFen: number;
  payStatus: PayStatus;
  payFailedAt: Date | null;
  invoiceStatus: string;
  createdAt: Date;
  expireAt: Date;
  personName: string;
  userName: string;
  itemsZh: string;
  itemsEn: string;
  total: number;
}

export type OrderListKind = 'mine' | 'paid';

const p = (name: string) => sql.placeholder(name);

/** Orders the caller created: as a user, or as a WeChat visitor before having a user. */
const mine: SQL = sql`(${orders.userId} = ${p('userId')} OR (${orders.userId} IS NULL AND ${orders.oauthId} = ${p('oauthId')}))`;

/** Orders the caller paid through a pay link and did not create. */
const paid: SQL = sql`(
  (${orders.payerUserId} = ${p('userId')} AND (${orders.userId} IS NULL OR ${orders.userId} <> ${p('userId')}))
  OR (${p('userId')} = -1 AND ${orders.payerUserId} IS NULL AND ${orders.payerOauthId} = ${p('oauthId')}
      AND (${orders.oauthId} IS NULL OR ${orders.oauthId} <> ${p('oauthId')})))`;

/**
 * A page by row number, not LIMIT/OFFSET parameters: PostgreSQL then finds its generic plan as cheap as
 * a custom one and stops planning the statement on every call (planning was more than half its time).
 * Only the page's rows reach the item-name subqueries. Run as a named raw statement whose rows are
 * read by hand (listRow): the query builder's row mapping was a tenth of the route's time.
 */
function listQuery(kind: OrderListKind) {
  const qb = new QueryBuilder();
  const page = qb
    .select({
      id: orders.id,
      orderNo: orders.orderNo,
      orderType: orders.orderType,
      totalFen: orders.totalFen,
      payStatus: orders.payStatus,
      payFailedAt: orders.payFailedAt,
      invoiceStatus: orders.invoiceStatus,
      createdAt: orders.createdAt,
      expireAt: orders.expireAt,
      personName: orders.personName,
      userName: orders.userName,
      rn: sql<number>`row_number() OVER (ORDER BY "orders"."created_at" DESC, "orders"."id" DESC)`.as('rn'),
      total: sql<number>`count(*) OVER ()`.as('total'),
    })
    .from(orders)
    .where(
      sql`${orders.tenantId} = ${p('tenantId')} AND ${kind === 'mine' ? mine : paid}
        AND (${p('status')}::text = '' OR ${orders.payStatus} = ${p('status')}::text)`,
    )
    .as('page');
  // Both item-name strings from one pass over the order's items.
  const items = qb
    .select({
      zh: sql<string | null>`string_agg(${orderItems.name}, '、' ORDER BY ${orderItems.id})`.as('zh'),
      en: sql<string | null>`string_agg(coalesce(nullif(${orderItems.nameEn}, ''), ${orderItems.name}), ', '
        ORDER BY ${orderItems.id})`.as('en'),
    })
    .from(orderItems)
    .where(sql`${orderItems.orderId} = "page"."id"`)
    .as('items');
  return qb
    .select({
      id: page.id,
      orderNo: page.orderNo,
      orderType: page.orderType,
      totalFen: page.totalFen,
      payStatus: page.payStatus,
      payFailedAt: page.payFailedAt,
      invoiceStatus: page.invoiceStatus,
      createdAt: page.createdAt,
      expireAt: page.expireAt,
      personName: page.personName,
      userName: page.userName,
      itemsZh: sql<string>`coalesce(${items.zh}, '')`.as('items_zh'),
      itemsEn: sql<string>`coalesce(${items.en}, '')`.as('items_en'),
      total: page.total,
    })
    .from(page)
    .leftJoinLateral(items, sql`true`)
    .where(
      sql`${page.rn} > ${p('offset')}::bigint AND ${page.rn} <= ${p('offset')}::bigint + ${p('limit')}::bigint`,
    )
    .orderBy(page.rn);
}

/** A row as the driver answers it (column names; bigints and timestamps as text). */
interface RawListRow {
  id: number;
  order_no: string;
  order_type: OrderType;
  total_fen: string | number;
  pay_status: PayStatus;
  pay_failed_at: string | null;
  invoice_status: string;
  created_at: string;
  expire_at: string;
  person_name: string;
  user_name: string;
  items_zh: string;
  items_en: string;
  total: string | number;
}

const listRow = (r: RawListRow): OrderListRow => ({
  id: r.id,
  orderNo: r.order_no,
  orderType: r.order_type,
  totalFen: Number(r.total_fen),
  payStatus: r.pay_status,
  payFailedAt:
    r.pay_failed_at === null ? null : (orders.payFailedAt.mapFromDriverValue(r.pay_failed_at) as Date),
  invoiceStatus: r.invoice_status,
  createdAt: orders.createdAt.mapFromDriverValue(r.created_at) as Date,
  expireAt: orders.expireAt.mapFromDriverValue(r.expire_at) as Date,
  personName: r.person_name,
  userName: r.user_name,
  itemsZh: r.items_zh,
  itemsEn: r.items_en,
  total: Number(r.total),
});

const statements: Partial<Record<OrderListKind, RawStatement<RawListRow>>> = {};

function statement(kind: OrderListKind): RawStatement<RawListRow> {
  return (statements[kind] ??= rawStatement<RawListRow>(`order_list_${kind}`, listQuery(kind).getSQL()));
}

export async function listOrderPage(
  db: Db,
  kind: OrderListKind,
  caller: { tenantId: string; userId: number; oauthId: number | null },
  status: PayStatus | '',
  page: PageQuery,
): Promise<{ rows: OrderListRow[]; total: number }> {
  const params = {
    tenantId: caller.tenantId,
    userId: caller.userId > 0 ? caller.userId : -1,
    oauthId: caller.oauthId ?? -1,
    status,
    limit: page.size,
    offset: (page.current - 1) * page.size,
  };
  const rows = (await statement(kind)(db, params)).map(listRow);
  if (rows.length > 0 || page.current === 1) return { rows, total: rows[0]?.total ?? 0 };
  // Past the last page the window count has no row to ride on: ask for the first page's count.
  const first = await statement(kind)(db, { ...params, limit: 1, offset: 0 });
  return { rows: [], total: first[0] ? Number(first[0].total) : 0 };
}
