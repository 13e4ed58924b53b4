/** SQL of invoice titles and invoices. Every read filters by tenant (and by user for titles). */
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { queryRows, type Db } from '@server/db/client';
import { orderItems, orders } from '@server/db/schema-finance';
import { invoiceTitles, invoices } from '@server/db/schema-invoice';
import type { Tx } from '@server/db/transaction';
import type { InvoiceRow } from './invoice-status';

export type TitleRow = typeof invoiceTitles.$inferSelect;
export type TitleValues = Omit<
  typeof invoiceTitles.$inferInsert,
  'id' | 'tenantId' | 'userId' | 'createdAt' | 'updatedAt'
>;

const ownTitle = (tenantId: string, userId: number) =>
  and(eq(invoiceTitles.tenantId, tenantId), eq(invoiceTitles.userId, userId));

export const listTitles = (db: Db, tenantId: string, userId: number): Promise<TitleRow[]> =>
  db
    .select()
    .from(invoiceTitles)
    .where(ownTitle(tenantId, userId))
    .orderBy(desc(invoiceTitles.isDefault), desc(invoiceTitles.updatedAt), desc(invoiceTitles.id));

export async function findTitle(db: Db | Tx, tenantId: string, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(invoiceTitles)
    .where(and(ownTitle(tenantId, userId), eq(invoiceTitles.id, id)));
  return row;
}

export async function countTitles(tx: Tx, tenantId: string, userId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(invoiceTitles)
    .where(ownTitle(tenantId, userId));
  return Number(row?.n ?? 0);
}

/** Clears the user's default (before another title becomes it: one default per user). */
export async function clearDefault(tx: Tx, tenantId: string, userId: number, except?: number) {
  await tx
    .update(invoiceTitles)
    .set({ isDefault: false })
    .where(
      and(
        ownTitle(tenantId, userId),
        eq(invoiceTitles.isDefault, true),
        except ? ne(invoiceTitles.id, except) : undefined,
      ),
    );
}

export async function insertTitle(tx: Tx, tenantId: string, userId: number, values: TitleValues) {
  const [row] = await tx
    .insert(invoiceTitles)
    .values({ ...values, tenantId, userId })
    .returning();
  return row!;
}

export async function updateTitle(
  tx: Tx,
  tenantId: string,
  userId: number,
  id: number,
  values: Partial<TitleValues>,
) {
  const [row] = await tx
    .update(invoiceTitles)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(ownTitle(tenantId, userId), eq(invoiceTitles.id, id)))
    .returning();
  return row;
}

export async function deleteTitle(tx: Tx, tenantId: string, userId: number, id: number) {
  const [row] = await tx
    .delete(invoiceTitles)
    .where(and(ownTitle(tenantId, userId), eq(invoiceTitles.id, id)))
    .returning();
  return row;
}

/** The order's invoices: the live one first, then the reversed ones, newest first. */
export const invoicesOfOrder = (db: Db, tenantId: string, orderId: number): Promise<InvoiceRow[]> =>
  db
    .select()
    .from(invoices)
    .where(and(eq(invoices.tenantId, tenantId), eq(invoices.orderId, orderId)))
    .orderBy(sql`${invoices.status} = 'reversed'`, desc(invoices.id));

export async function findInvoice(db: Db | Tx, id: number): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  return row;
}

export const itemsOfOrder = (db: Db, orderId: number) =>
  db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(orderItems.id);

/** The order, locked for the rest of the transaction (its paid and refunded amounts are read once). */
export async function lockOrder(tx: Tx, tenantId: string, orderId: number) {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.tenantId, tenantId), eq(orders.id, orderId)))
    .for('update');
  return row;
}

/** Paid less refunded; nothing for an order that is not paid. */
export const invoiceableFen = (order: { payStatus: string; totalFen: number; refundedFen: number }) =>
  order.payStatus === 'PAID' || order.payStatus === 'REFUND' ? order.totalFen - order.refundedFen : 0;

/**
 * Invoices whose order's invoiceable amount moved away from theirs (a refund): issued ones are to be
 * reversed, requested ones not yet sent follow the amount.
 */
export async function invoicesBehindRefunds(db: Db, limit: number) {
  return db
    .select({
      invoice: invoices,
      totalFen: orders.totalFen,
      refundedFen: orders.refundedFen,
      payStatus: orders.payStatus,
    })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(
      and(
        inArray(invoices.status, ['issued', 'requested']),
        sql`${invoices.amountFen} <> ${orders.totalFen} - ${orders.refundedFen}`,
        sql`(${invoices.status} = 'issued' OR ${invoices.submittedAt} IS NULL)`,
      ),
    )
    .limit(limit);
}

/** Claims invoices the platform is to be asked about (lease on polled_at, SKIP LOCKED across processes). */
export async function claimInvoices(db: Db, leaseSeconds: number, limit: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
    UPDATE invoices SET polled_at = now()
    WHERE id IN (
      SELECT id FROM invoices
      WHERE status IN ('requested', 'reversing')
        AND polled_at < now() - make_interval(secs => ${leaseSeconds})
      ORDER BY polled_at, id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id`,
  );
  return rows.map((r) => Number(r.id));
}

export async function listInvoicesByStatus(
  db: Db,
  tenantId: string,
  status: string,
  size: number,
  offset: number,
) {
  const where = and(eq(invoices.tenantId, tenantId), eq(invoices.status, status));
  const [rows, [count]] = await Promise.all([
    db
      .select({ invoice: invoices, orderNo: orders.orderNo })
      .from(invoices)
      .innerJoin(orders, eq(orders.id, invoices.orderId))
      .where(where)
      .orderBy(desc(invoices.id))
      .limit(size)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(invoices)
      .where(where),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}
