/**
 * Payment attempts: one channel trade number (out_trade_no) per payer. WeChat Pay JSAPI ties a prepay
 * to the payer's openid and never reuses a closed trade number, so when another payer (a parent with
 * a pay link) takes over, the open attempt is closed at the channel and a new one is made — at every
 * channel, so a checkout (the sandbox's ticket) belongs to one payer (isAttemptOf).
 *
 *   OPEN -> CLOSED (closed at the channel)     OPEN | CLOSED -> PAID (the channel took money on it)
 *   OPEN: failedAt set when the channel reports the try failed, cleared when the payer tries again
 *
 * At most one OPEN attempt per order: attempts are opened only under the order's row lock, after
 * checking that none is open. The first attempt pays on the order number itself (orders from before
 * attempts existed, the bench and the e2e specs keep their trade number); later ones on order_no_n.
 */
import { and, count, eq, isNull, ne } from 'drizzle-orm';
import type { Db, Tx } from '@server/db/client';
import { orders, payAttempts, paymentInbox } from '@server/db/schema-finance';
import type { OrderRow, Payer } from '@server/modules/order/pay-status';

export type AttemptRow = typeof payAttempts.$inferSelect;

/** The trade a channel is asked about: an attempt's, or (attemptId null) an order's from before attempts. */
export interface Trade {
  channel: string;
  outTradeNo: string;
  attemptId: number | null;
  payerOpenId: string | null;
}

export const tradeOfAttempt = (attempt: AttemptRow): Trade => ({
  channel: attempt.channel,
  outTradeNo: attempt.outTradeNo,
  attemptId: attempt.id,
  payerOpenId: attempt.payerOpenId,
});

/** The n-th attempt's trade number (n from 1); 24 + 3 characters stay within WeChat's 6-32. */
export const tradeNoOf = (orderNo: string, n: number): string => (n <= 1 ? orderNo : `${orderNo}_${n}`);

/** Reads the order and holds its row until the transaction ends: attempts change one at a time. */
export async function lockOrder(tx: Tx, orderId: number): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return row;
}

export async function openAttemptOf(db: Db | Tx, orderId: number): Promise<AttemptRow | undefined> {
  const [row] = await db
    .select()
    .from(payAttempts)
    .where(and(eq(payAttempts.orderId, orderId), eq(payAttempts.status, 'OPEN')));
  return row;
}

export async function findAttempt(db: Db | Tx, attemptId: number): Promise<AttemptRow | undefined> {
  const [row] = await db.select().from(payAttempts).where(eq(payAttempts.id, attemptId));
  return row;
}

/** The attempt a channel's trade number belongs to, within the tenant. */
export async function attemptByTradeNo(
  db: Db | Tx,
  tenantId: string,
  outTradeNo: string,
): Promise<AttemptRow | undefined> {
  const [row] = await db
    .select()
    .from(payAttempts)
    .where(and(eq(payAttempts.tenantId, tenantId), eq(payAttempts.outTradeNo, outTradeNo)));
  return row;
}

async function attemptCount(db: Db | Tx, orderId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(payAttempts).where(eq(payAttempts.orderId, orderId));
  return Number(row?.n ?? 0);
}

/**
 * The trade that may still take money for the order: its OPEN attempt's; for an order that reached a
 * channel before attempts existed, its order number; else none.
 */
export async function openTradeOf(db: Db | Tx, order: OrderRow): Promise<Trade | null> {
  const attempt = await openAttemptOf(db, order.id);
  if (attempt) return tradeOfAttempt(attempt);
  if (order.channel === null || (await attemptCount(db, order.id)) > 0) return null;
  return { channel: order.channel, outTradeNo: order.orderNo, attemptId: null, payerOpenId: null };
}

/**
 * The order's open attempt, or a new one at `channel` in `mode` for `payerOpenId` and `payer` when none is
 * open. Call it with the order's row locked (lockOrder). A PAYING order from before attempts gets its
 * trade (the order number, payer unknown) recorded as the open attempt first.
 */
export async function openOrCreateAttempt(
  tx: Tx,
  order: OrderRow,
  channel: string,
  payerOpenId: string | null,
  payer?: Payer,
  mode?: string,
): Promise<{ attempt: AttemptRow; created: boolean }> {
  const open = await openAttemptOf(tx, order.id);
  if (open) return { attempt: open, created: false };
  const n = await attemptCount(tx, order.id);
  const legacy = n === 0 && order.channel !== null;
  const [attempt] = await tx
    .insert(payAttempts)
    .values({
      tenantId: order.tenantId,
      orderId: order.id,
      channel: legacy ? order.channel! : channel,
      outTradeNo: tradeNoOf(order.orderNo, n + 1),
      payerOpenId: legacy ? null : payerOpenId,
      mode: legacy ? null : (mode ?? null),
      ...(legacy ? {} : payerColumns(payer)),
    })
    .returning();
  return { attempt: attempt!, created: !legacy };
}

/**
 * Records who took the attempt when the order turns PAYING on it; an anonymous pay-link holder is
 * recorded as nobody, so a payment on this attempt never names an earlier payer.
 */
export async function recordAttemptPayer(tx: Tx, attemptId: number, payer: Payer | undefined): Promise<void> {
  // A new try on the attempt: an earlier failure no longer speaks for it.
  await tx
    .update(payAttempts)
    .set({ ...payerColumns(payer), failedAt: null })
    .where(eq(payAttempts.id, attemptId));
}

/** The channel said the open attempt's try failed (PAYERROR): stored once, so it stays failed. */
export async function markAttemptFailed(db: Db | Tx, attemptId: number): Promise<void> {
  await db
    .update(payAttempts)
    .set({ failedAt: new Date() })
    .where(and(eq(payAttempts.id, attemptId), eq(payAttempts.status, 'OPEN'), isNull(payAttempts.failedAt)));
}

const payerColumns = (payer: Payer | undefined) => ({
  payerUserId: payer?.userId ?? null,
  payerOauthId: payer?.oauthId ?? null,
  payerName: payer?.name ?? '',
});

/**
 * Whether the attempt was opened by this payer: the same user (or, for a WeChat visitor, the same
 * oauth link; for anonymous pay-link holders, nobody). Each payer pays on an attempt of their own, so
 * a channel's checkout (the sandbox's ticket) is never shared between payers.
 */
export function isAttemptOf(attempt: AttemptRow, payer: Payer | undefined): boolean {
  if (attempt.payerName === null) return false;
  const key = (userId: number | null | undefined, oauthId: number | null | undefined) =>
    userId ? `user:${userId}` : oauthId ? `oauth:${oauthId}` : 'nobody';
  return key(attempt.payerUserId, attempt.payerOauthId) === key(payer?.userId, payer?.oauthId);
}

/** Who paid on an attempt, as recorded when it was taken; undefined when it was not recorded. */
export function payerOfAttempt(attempt: AttemptRow | undefined): Payer | undefined {
  if (!attempt || attempt.payerName === null) return undefined;
  return { userId: attempt.payerUserId, oauthId: attempt.payerOauthId, name: attempt.payerName };
}

/** OPEN -> CLOSED, once the channel has closed the trade (or never had it). */
export async function markAttemptClosed(db: Db | Tx, attemptId: number): Promise<boolean> {
  const rows = await db
    .update(payAttempts)
    .set({ status: 'CLOSED', closedAt: new Date() })
    .where(and(eq(payAttempts.id, attemptId), eq(payAttempts.status, 'OPEN')))
    .returning({ id: payAttempts.id });
  return rows.length > 0;
}

/** OPEN | CLOSED -> PAID: the channel took money on this trade, whatever the order made of it. */
export async function markAttemptPaid(tx: Tx, attemptId: number): Promise<void> {
  await tx
    .update(payAttempts)
    .set({ status: 'PAID', closedAt: new Date() })
    .where(and(eq(payAttempts.id, attemptId), ne(payAttempts.status, 'PAID')));
}

/**
 * The trade number a channel transaction was paid on, as the channel named it in its notify or
 * query (kept in the payment inbox); refunds must name it. Null when the transaction is unknown.
 */
export async function tradeNoOfPayment(
  db: Db | Tx,
  channel: string,
  transactionId: string,
): Promise<string | null> {
  const [row] = await db
    .select({ outTradeNo: paymentInbox.orderNo })
    .from(paymentInbox)
    .where(and(eq(paymentInbox.channel, channel), eq(paymentInbox.transactionId, transactionId)));
  return row?.outTradeNo ?? null;
}
