/** Queries of orders and their items; every one carries the tenant and the caller it is about. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '@server/db/client';
import { rawStatement, rowFromDriver } from '@server/db/raw-statement';
import { orderItems, orders, type OrderType } from '@server/db/schema-finance';
import type { OrderRow, OrderTx } from './pay-status';
import { announceOrderChange } from './changes';
import { newOrderNo } from './order-no';

export type OrderItemRow = typeof orderItems.$inferSelect;
/** What a new order is made of; the rest of its row starts at the columns' defaults. */
export type NewOrder = Pick<
  typeof orders.$inferInsert,
  'tenantId' | 'personType' | 'personId' | 'personName' | 'userId' | 'oauthId' | 'userName' | 'totalFen'
> & { orderType: OrderType };
export type NewOrderItem = Omit<typeof orderItems.$inferInsert, 'id' | 'orderId' | 'tenantId'>;

/** Tries before giving up on drawing an unused order number (a repeat is already one in a billion). */
const ORDER_NO_TRIES = 5;

const ph = (name: string) => sql.placeholder(name);

/**
 * The order (expiring `expireMinutes` from the database's now) and its items in one statement (a
 * data-modifying WITH), prepared once per connection: atomic on its own, so a caller that takes no lock
 * needs no transaction around it (autocommit() from db/transaction.ts). A repeated order number inserts
 * nothing (ON CONFLICT) and answers no row.
 */
const insertOrderStatement = rawStatement<Record<string, unknown>>(
  'order_insert',
  sql`WITH o AS (
        INSERT INTO orders (tenant_id, order_no, order_type, person_type, person_id, person_name, user_id,
                            oauth_id, user_name, total_fen, expire_at)
        VALUES (${ph('tenantId')}, ${ph('orderNo')}, ${ph('orderType')}, ${ph('personType')}, ${ph('personId')},
                ${ph('personName')}, ${ph('userId')}, ${ph('oauthId')}, ${ph('userName')}, ${ph('totalFen')},
                now() + make_interval(mins => ${ph('expireMinutes')}::integer))
        ON CONFLICT (order_no) DO NOTHING
        RETURNING *), i AS (
        INSERT INTO order_items
          (order_id, tenant_id, receivable_id, fee_item_id, name, name_en, price_fen, quantity, amount_fen, form_data)
        SELECT o.id, o.tenant_id, (e.v->>'receivable_id')::integer, (e.v->>'fee_item_id')::integer,
               e.v->>'name', e.v->>'name_en', (e.v->>'price_fen')::bigint, (e.v->>'quantity')::integer,
               (e.v->>'amount_fen')::bigint, e.v->'form_data'
        FROM o, jsonb_array_elements(${ph('lines')}::jsonb) WITH ORDINALITY AS e(v, n)
        ORDER BY e.n)
      SELECT * FROM o`,
);
export async function insertOrder(
  tx: OrderTx,
  order: NewOrder,
  items: NewOrderItem[],
  expireMinutes: number,
): Promise<OrderRow> {
  const lines = JSON.stringify(
    items.map((item) => ({
      receivable_id: item.receivableId ?? null,
      fee_item_id: item.feeItemId ?? null,
      name: item.name,
      name_en: item.nameEn ?? '',
      price_fen: item.priceFen,
      quantity: item.quantity ?? 1,
      amount_fen: item.amountFen,
      form_data: item.formData ?? {},
    })),
  );
  for (let attempt = 0; attempt < ORDER_NO_TRIES; attempt++) {
    const rows = await insertOrderStatement(tx, {
      ...order,
      orderNo: newOrderNo(order.orderType),
      expireMinutes,
      lines,
    });
    if (!rows[0]) continue;
    const row = rowFromDriver(orders, rows[0]);
    announceOrderChange(tx, row);
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

/** An order item as the detail shows it. */
export type DetailItem = Pick<
  OrderItemRow,
  'id' | 'receivableId' | 'feeItemId' | 'name' | 'nameEn' | 'priceFen' | 'quantity' | 'amountFen' | 'formData'
>;
/** A bill of the order as the detail reads it; billDate in epoch milliseconds (JSON has no dates). */
export interface DetailBill {
  id: number;
  billNo: string;
  kind: string;
  project: string;
  projectEn: string;
  priceFen: number;
  quantity: number;
  amountFen: number;
  method: string;
  billDateMs: number;
  status: number;
  source: string;
  orderId: number | null;
  note: string;
}

/** One prepared statement: the order, its items and its bills (json_agg), in one round trip. */
function prepareDetail(db: Db) {
  return db
    .select({
      order: orders,
      items: sql<DetailItem[]>`coalesce((
        SELECT json_agg(json_build_object(
          'id', i.id, 'receivableId', i.receivable_id, 'feeItemId', i.fee_item_id, 'name', i.name,
          'nameEn', i.name_en, 'priceFen', i.price_fen, 'quantity', i.quantity, 'amountFen', i.amount_fen,
          'formData', i.form_data) ORDER BY i.id)
        FROM order_items i WHERE i.tenant_id = "orders"."tenant_id" AND i.order_id = "orders"."id"), '[]'::json)`,
      bills: sql<DetailBill[]>`coalesce((
        SELECT json_agg(json_build_object(
          'id', b.id, 'billNo', b.bill_no, 'kind', b.kind, 'project', b.project, 'projectEn', b.project_en,
          'priceFen', b.price_fen, 'quantity', b.quantity, 'amountFen', b.amount_fen, 'method', b.method,
          'billDateMs', floor(extract(epoch FROM b.bill_date) * 1000), 'status', b.status, 'source', b.source,
          'orderId', b.order_id, 'note', b.note) ORDER BY b.bill_date, b.id)
        FROM bills b WHERE b.tenant_id = "orders"."tenant_id" AND b.order_id = "orders"."id"), '[]'::json)`,
    })
    .from(orders)
    .where(and(eq(orders.tenantId, ph('tenantId')), eq(orders.id, ph('id'))))
    .prepare('order_detail');
}

const detailByDb = new WeakMap<Db, ReturnType<typeof prepareDetail>>();

/** The order of the tenant with its items and bills (bills by date, then id), or undefined. */
export async function findOrderDetail(db: Db, tenantId: string, id: number) {
  let prepared = detailByDb.get(db);
  if (!prepared) detailByDb.set(db, (prepared = prepareDetail(db)));
  const [row] = await prepared.execute({ tenantId, id });
  return row;
}
