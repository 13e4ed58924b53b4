/**
 * The order pay-status state machine (the bill machine it writes through: fee/bill-status.ts).
 *
 *   NOT_PAY -> PAYING -> PAID -> REFUND (when fully refunded)
 *   PAYING -> PAYING (another attempt, its predecessor closed at its channel: the payer, and the channel
 *                     when the payer switched channel, are updated)
 *   PAYING -> NOT_PAY (the attempt failed, was cancelled or closed at the channel and no other is open:
 *                      payable again at once, marked pay_failed_at until a new attempt starts)
 *   NOT_PAY | PAYING -> CLOSED (expired or cancelled; the caller first makes sure the channel has no payment)
 *
 * Each transition is one conditional UPDATE ... WHERE status = <from> RETURNING; its side effects
 * (bills, receivable totals) run only when that update changed a row, inside the caller's transaction,
 * and the changed order is announced after that transaction commits (announceOrderChange).
 */
import { formatYuan } from '@cf/shared/money';
import type { RefundKind } from '@cf/shared/refund-reason';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { bills, orderItems, orders, payAttempts, receivables } from '@server/db/schema-finance';
import type { Tx as WriteTx } from '@server/db/transaction';
import { BILL_REVIEWED, newBillNo } from '@server/modules/fee/bill-status';
import { beijingTime, recordMessage } from '@server/modules/notify/record';
import { announceOrderChange } from './changes';

/**
 * What a write of orders runs in: a transaction opened by transaction() (db/transaction.ts), so the
 * change it announces is heard after the commit. A raw db.transaction() or the database do not type-check.
 */
export type OrderTx = WriteTx;
export type OrderRow = typeof orders.$inferSelect;

/** Spec §9 colours, shared with the web app; the rule for "上次支付未成功". */
export { PAY_STATUS_COLORS, lastPayFailed } from '@cf/shared/fees';

export interface Payer {
  userId: number | null;
  oauthId: number | null;
  name: string;
}

const payerColumns = (payer: Payer) => ({
  payerUserId: payer.userId,
  payerOauthId: payer.oauthId,
  payerName: payer.name,
});

/**
 * NOT_PAY -> PAYING when a channel has taken the order (prepay made, checkout opened). The payer
 * is recorded here: the channel's notify later says nothing about who it was.
 */
export async function markPaying(
  tx: OrderTx,
  orderId: number,
  channel: string,
  payer?: Payer,
): Promise<OrderRow | null> {
  const [row] = await tx
    .update(orders)
    .set({
      payStatus: 'PAYING',
      channel,
      payingAt: sql`now()`,
      payFailedAt: null,
      updatedAt: sql`now()`,
      ...(payer ? payerColumns(payer) : {}),
    })
    .where(and(eq(orders.id, orderId), eq(orders.payStatus, 'NOT_PAY')))
    .returning();
  if (row) announceOrderChange(tx, row);
  return row ?? null;
}

/**
 * PAYING stays PAYING when someone opens the payment again (a retry, a parent through a pay link, or
 * the payer switching mode or channel after the open attempt was closed at its channel): the payer and
 * the channel are updated. Not a transition, so no side effects. Called under the order's lock with the
 * new attempt the only open one.
 */
export async function repeatPaying(
  tx: OrderTx,
  orderId: number,
  channel: string,
  payer?: Payer,
): Promise<OrderRow | null> {
  const [row] = await tx
    .update(orders)
    .set({ channel, updatedAt: sql`now()`, ...(payer ? payerColumns(payer) : {}) })
    .where(and(eq(orders.id, orderId), eq(orders.payStatus, 'PAYING')))
    .returning();
  if (row) announceOrderChange(tx, row);
  return row ?? null;
}

/**
 * PAYING -> NOT_PAY when the order's attempt at `channel` failed, was cancelled by the payer or was
 * closed at the channel, and no attempt of the order is open any more (the caller has retired it:
 * channels/attempts.ts). The order is at no channel again, so any channel may take it; pay_failed_at
 * says the last try did not succeed. Money that still arrives on the retired attempt is a payment
 * like any other (notify/payments.ts): credited while the order is open, kept aside once it is paid.
 */
export async function markPayFailed(tx: OrderTx, orderId: number, channel: string): Promise<OrderRow | null> {
  const [row] = await tx
    .update(orders)
    .set({ payStatus: 'NOT_PAY', channel: null, payFailedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.payStatus, 'PAYING'),
        eq(orders.channel, channel),
        sql`NOT EXISTS (SELECT 1 FROM ${payAttempts} WHERE ${payAttempts.orderId} = ${orders.id} AND ${payAttempts.status} = 'OPEN')`,
      ),
    )
    .returning();
  if (row) announceOrderChange(tx, row);
  return row ?? null;
}

export interface PaidFacts {
  orderId: number;
  channel: string;
  transactionId: string;
  amountFen: number;
  paidAt: Date;
  payMethod: string;
  payer?: Payer;
}

/**
 * NOT_PAY | PAYING -> PAID, once. Writes one reviewed charge bill per item and credits each
 * receivable. Answers null (and changes nothing) when the order was not open or the amount differs.
 */
export async function markPaid(tx: OrderTx, facts: PaidFacts): Promise<OrderRow | null> {
  const [paid] = await tx
    .update(orders)
    .set({
      payStatus: 'PAID',
      channel: facts.channel,
      paymentNo: facts.transactionId,
      payMethod: facts.payMethod,
      paidAt: facts.paidAt,
      updatedAt: sql`now()`,
      ...(facts.payer ? payerColumns(facts.payer) : {}),
    })
    .where(
      and(
        eq(orders.id, facts.orderId),
        inArray(orders.payStatus, ['NOT_PAY', 'PAYING']),
        eq(orders.totalFen, facts.amountFen),
      ),
    )
    .returning();
  if (!paid) return null;
  announceOrderChange(tx, paid);

  // Item order matches the order of receivable locks taken at order creation (no deadlock between the two).
  const items = await tx
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, paid.id))
    .orderBy(orderItems.id);
  for (const item of items) {
    await tx.insert(bills).values({
      tenantId: paid.tenantId,
      billNo: newBillNo('C'),
      kind: 'CHARGE',
      orderId: paid.id,
      orderItemId: item.id,
      receivableId: item.receivableId,
      feeItemId: item.feeItemId,
      personType: paid.personType,
      personId: paid.personId,
      project: item.name,
      projectEn: item.nameEn,
      priceFen: item.priceFen,
      quantity: item.quantity,
      amountFen: item.amountFen,
      method: facts.channel,
      billDate: facts.paidAt,
      status: BILL_REVIEWED,
      source: 'online',
    });
    if (item.receivableId) {
      await tx
        .update(receivables)
        .set({ receivedFen: sql`${receivables.receivedFen} + ${item.amountFen}` })
        .where(eq(receivables.id, item.receivableId));
    }
  }
  await recordMessage(tx, {
    tenantId: paid.tenantId,
    kind: 'receipt',
    key: `receipt:order:${paid.id}`,
    userId: paid.userId ?? paid.payerUserId,
    person: { type: paid.personType, id: paid.personId },
    data: {
      orderId: String(paid.id),
      orderNo: paid.orderNo,
      item: items.map((i) => i.name).join('、'),
      amount: formatYuan(paid.totalFen, false),
      time: beijingTime(facts.paidAt),
    },
  });
  return paid;
}

/**
 * NOT_PAY | PAYING -> CLOSED. The caller has confirmed with the channel that nothing was paid.
 * `checkedChannel` is the channel the caller confirmed with (null: the order had reached none);
 * when a prepay moved the order to another channel meanwhile, nothing changes and the caller asks again.
 */
export async function markClosed(
  tx: OrderTx,
  orderId: number,
  reason: 'expired' | 'cancelled',
  checkedChannel?: string | null,
): Promise<OrderRow | null> {
  const [row] = await tx
    .update(orders)
    .set({ payStatus: 'CLOSED', closedAt: sql`now()`, closeReason: reason, updatedAt: sql`now()` })
    .where(
      and(
        eq(orders.id, orderId),
        inArray(orders.payStatus, ['NOT_PAY', 'PAYING']),
        checkedChannel === undefined
          ? undefined
          : checkedChannel === null
            ? isNull(orders.channel)
            : eq(orders.channel, checkedChannel),
      ),
    )
    .returning();
  if (row) announceOrderChange(tx, row);
  return row ?? null;
}

export interface RefundFacts {
  orderId: number;
  amountFen: number;
  method: string;
  refundedAt: Date;
  createdBy: number | null;
  note: string;
  /** What it means for each receivable refunded (@cf/shared/refund-reason). */
  kind: RefundKind;
}

/**
 * Records a refund that the channel has accepted: refunded total grows only while it stays within
 * what was paid; PAID becomes REFUND when the whole amount is back. Refund bills go item by item,
 * each item refunded up to what it charged, and each receivable's refund total grows with them; a
 * reduceReceivable refund grows its reduction by the same share, so what it owes stays as it was.
 * A bill that returns a whole item keeps its price and quantity; a part reads as one unit of the share.
 */
export async function recordRefund(tx: OrderTx, facts: RefundFacts): Promise<OrderRow | null> {
  const [order] = await tx
    .update(orders)
    .set({
      refundedFen: sql`${orders.refundedFen} + ${facts.amountFen}`,
      payStatus: sql`CASE WHEN ${orders.refundedFen} + ${facts.amountFen} = ${orders.totalFen} THEN 'REFUND' ELSE 'PAID' END`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(orders.id, facts.orderId),
        eq(orders.payStatus, 'PAID'),
        sql`${orders.refundedFen} + ${facts.amountFen} <= ${orders.totalFen}`,
        sql`${facts.amountFen} > 0`,
      ),
    )
    .returning();
  if (!order) return null;
  announceOrderChange(tx, order);

  const items = await tx
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(orderItems.id);
  const refundedByItem = await tx
    .select({ itemId: bills.orderItemId, total: sql<number>`coalesce(sum(${bills.amountFen}), 0)::bigint` })
    .from(bills)
    .where(and(eq(bills.orderId, order.id), eq(bills.kind, 'REFUND'), eq(bills.status, BILL_REVIEWED)))
    .groupBy(bills.orderItemId);
  let left = facts.amountFen;
  for (const item of items) {
    if (left === 0) break;
    const already = Number(refundedByItem.find((r) => r.itemId === item.id)?.total ?? 0);
    const share = Math.min(left, item.amountFen - already);
    if (share <= 0) continue;
    left -= share;
    await tx.insert(bills).values({
      tenantId: order.tenantId,
      billNo: newBillNo('R'),
      kind: 'REFUND',
      orderId: order.id,
      orderItemId: item.id,
      receivableId: item.receivableId,
      feeItemId: item.feeItemId,
      personType: order.personType,
      personId: order.personId,
      project: item.name,
      projectEn: item.nameEn,
      priceFen: share === item.amountFen ? item.priceFen : share,
      quantity: share === item.amountFen ? item.quantity : 1,
      amountFen: share,
      method: facts.method,
      billDate: facts.refundedAt,
      status: BILL_REVIEWED,
      source: 'online',
      createdBy: facts.createdBy,
      note: facts.note,
    });
    if (item.receivableId) {
      await tx
        .update(receivables)
        .set({
          refundFen: sql`${receivables.refundFen} + ${share}`,
          ...(facts.kind === 'reduceReceivable'
            ? { reductionFen: sql`${receivables.reductionFen} + ${share}` }
            : {}),
        })
        .where(eq(receivables.id, item.receivableId));
    }
  }
  // The order-level guard above keeps the sum within the items' total, so nothing is left over.
  if (left !== 0) throw new Error(`refund of order ${order.id} could not be spread over its items`);
  // One refund, one message: the refunded total after it names the transition.
  await recordMessage(tx, {
    tenantId: order.tenantId,
    kind: 'refund',
    key: `refund:order:${order.id}:${order.refundedFen}`,
    userId: order.userId ?? order.payerUserId,
    person: { type: order.personType, id: order.personId },
    data: {
      orderId: String(order.id),
      orderNo: order.orderNo,
      amount: formatYuan(facts.amountFen, false),
      time: beijingTime(facts.refundedAt),
    },
  });
  return order;
}
