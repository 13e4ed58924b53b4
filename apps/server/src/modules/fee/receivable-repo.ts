/**
 * Queries of receivables and of what is already committed against them. Every query carries the
 * tenant and the person, so nobody reads or pays another person's receivable.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '@server/db/client';
import { rawStatement, rowFromDriver } from '@server/db/raw-statement';
import type { WriteTx } from '@server/db/transaction';
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

// Written out in full: drizzle leaves a column of the only table of a select unqualified, which
// inside these subqueries would name the subquery's own column.
const R_TENANT = sql.raw('"receivables"."tenant_id"');
const R_ID = sql.raw('"receivables"."id"');

/**
 * What is committed against a receivable, as two columns of a statement over `receivables`: its
 * open orders (unpaid or paying; each with the part of the receivable it holds, oldest first, as
 * JSON) and the sum of its other-means charge bills waiting for review. One rule for every reader.
 */
const committedColumns = {
  openOrders: sql<OpenOrderJson[]>`(
    SELECT coalesce(json_agg(json_build_object('orderId', o.id, 'orderNo', o.order_no, 'payStatus', o.pay_status,
                                               'payFailedAt', o.pay_failed_at, 'amountFen', held.fen) ORDER BY o.id), '[]')
      FROM (SELECT oi.order_id, sum(oi.amount_fen) AS fen FROM ${orderItems} oi
             WHERE oi.tenant_id = ${R_TENANT} AND oi.receivable_id = ${R_ID}
             GROUP BY oi.order_id) held
      JOIN ${orders} o ON o.id = held.order_id AND o.pay_status IN ('NOT_PAY', 'PAYING'))`,
  pendingReviewFen: sql<string>`(
    SELECT coalesce(sum(b.amount_fen), 0) FROM ${bills} b
     WHERE b.tenant_id = ${R_TENANT} AND b.receivable_id = ${R_ID}
       AND b.kind = 'CHARGE' AND b.status = 1)`,
};

interface OpenOrderJson {
  orderId: number;
  orderNo: string;
  payStatus: OpenOrder['payStatus'];
  payFailedAt: string | null;
  amountFen: number | string;
}

function commitmentOf(row: { openOrders: OpenOrderJson[]; pendingReviewFen: string | number }): Commitment {
  const openOrders = row.openOrders.map((o) => ({
    orderId: o.orderId,
    orderNo: o.orderNo,
    payStatus: o.payStatus,
    lastPayFailed: lastPayFailed(o),
    amountFen: Number(o.amountFen),
  }));
  return {
    openOrderFen: openOrders.reduce((sum, o) => sum + o.amountFen, 0),
    pendingReviewFen: Number(row.pendingReviewFen),
    openOrders,
  };
}

/** What is committed against each of these receivables of the tenant (one statement). */
export async function commitments(
  db: Db | Tx,
  tenantId: string,
  ids: number[],
): Promise<Map<number, Commitment>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: receivables.id, ...committedColumns })
    .from(receivables)
    .where(and(eq(receivables.tenantId, tenantId), inArray(receivables.id, ids)));
  return new Map(rows.map((row) => [row.id, commitmentOf(row)]));
}

/**
 * The person's receivables of a category with what is committed against each: one statement, named
 * and prepared (db/raw-statement.ts) — the fee lists are payers' busy reads, and planning the
 * subqueries anew on every call cost PostgreSQL three times their execution.
 */
const receivablesCommitted = rawStatement<
  Record<string, unknown> & { open_orders: OpenOrderJson[]; pending_review_fen: string }
>(
  'receivables_committed',
  sql`SELECT ${receivables}.*, ${committedColumns.openOrders} AS open_orders,
             ${committedColumns.pendingReviewFen} AS pending_review_fen
        FROM ${receivables}
       WHERE ${receivables.tenantId} = ${sql.placeholder('tenantId')}
         AND ${receivables.personType} = ${sql.placeholder('personType')}
         AND ${receivables.personId} = ${sql.placeholder('personId')}
         AND ${receivables.category} = ${sql.placeholder('category')}
       ORDER BY ${receivables.schoolYear}, ${receivables.id}`,
);

export async function listReceivablesCommitted(
  db: Db | WriteTx,
  tenantId: string,
  person: Pick<Person, 'type' | 'id'>,
  category: OrderType,
): Promise<{ row: ReceivableRow; committed: Commitment }[]> {
  const rows = await receivablesCommitted(db, {
    tenantId,
    personType: person.type,
    personId: person.id,
    category,
  });
  return rows.map((raw) => ({
    row: rowFromDriver(receivables, raw),
    committed: commitmentOf({ openOrders: raw.open_orders, pendingReviewFen: raw.pending_review_fen }),
  }));
}
