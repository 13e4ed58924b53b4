/**
 * Money a channel says it took for one of our orders — from a verified notify or from a query —
 * applied exactly once. The inbox row (channel, transaction id) is inserted first with ON CONFLICT DO
 * NOTHING: a transaction already seen is a repeat and changes nothing. Everything here is one
 * database transaction, so a crash leaves either all of it or none (and the channel asks again).
 * A repeat already committed is answered by one prepared read before any transaction opens (channels
 * repeat notifies often); one still in flight is met by the insert, which waits for it.
 * The channel names a trade (out_trade_no): a payment attempt of an order (../channels/attempts.ts), or for
 * trades from before attempts existed the order number itself.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { orders, paymentExceptions, paymentInbox } from '@server/db/schema-finance';
import type { PayChannelName } from '@server/gateways/types';
import type { TradeQueryResult } from '@server/gateways/wechat-pay/types';
import {
  attemptByTradeNo,
  lockOrder,
  markAttemptPaid,
  payerOfAttempt,
} from '@server/modules/pay/channels/attempts';
import { markPaid, type OrderRow, type OrderTx, type Payer } from '@server/modules/order/pay-status';
import { transaction } from '@server/db/transaction';

export interface ChannelPayment {
  channel: PayChannelName;
  tenantId: string;
  /** The trade the channel names; the inbox keeps it (refunds must name it). */
  outTradeNo: string;
  transactionId: string;
  amountFen: number;
  paidAt: Date;
  /** What told us: kept in the inbox for review. */
  payload: Record<string, unknown>;
}

/**
 * credited: the order became PAID now. repeat: this transaction was applied before. duplicate: a
 * second payment for an order already paid. closed_order: paid after the order closed. mismatch: the
 * amount differs from the order. unknown_order: no such order. The last four keep the money in
 * payment_exceptions for refund or review; none of them changes the order.
 */
export type PaymentOutcome =
  'credited' | 'repeat' | 'duplicate' | 'closed_order' | 'mismatch' | 'unknown_order';

export const EXCEPTION_KIND: Partial<Record<PaymentOutcome, string>> = {
  duplicate: 'duplicate_payment',
  closed_order: 'paid_after_close',
  mismatch: 'amount_mismatch',
  unknown_order: 'unknown_order',
};

/** Inbox outcomes of money we hold (credited, or kept as an exception): what reconciliation calls ours. */
export const MONEY_HELD_OUTCOMES = ['credited', ...Object.keys(EXCEPTION_KIND)] as PaymentOutcome[];

function prepareSeen(db: Db) {
  return db
    .select({ id: paymentInbox.id })
    .from(paymentInbox)
    .where(
      and(
        eq(paymentInbox.channel, sql.placeholder('channel')),
        eq(paymentInbox.transactionId, sql.placeholder('transactionId')),
      ),
    )
    .prepare('payment_inbox_seen');
}
const seenByDb = new WeakMap<Db, ReturnType<typeof prepareSeen>>();

/** Whether the inbox already holds this channel transaction (committed). */
async function alreadySeen(db: Db, payment: ChannelPayment): Promise<boolean> {
  let prepared = seenByDb.get(db);
  if (!prepared) seenByDb.set(db, (prepared = prepareSeen(db)));
  const rows = await prepared.execute({ channel: payment.channel, transactionId: payment.transactionId });
  return rows.length > 0;
}

export async function applyPayment(
  db: Db,
  payment: ChannelPayment,
): Promise<{ outcome: PaymentOutcome; order: OrderRow | null }> {
  if (await alreadySeen(db, payment)) return { outcome: 'repeat', order: null };
  return transaction(db, async (tx) => {
    const inserted = await tx
      .insert(paymentInbox)
      .values({
        channel: payment.channel,
        transactionId: payment.transactionId,
        orderNo: payment.outTradeNo,
        tenantId: payment.tenantId,
        amountFen: payment.amountFen,
        paidAt: payment.paidAt,
        outcome: 'received',
        payload: payment.payload,
      })
      .onConflictDoNothing({ target: [paymentInbox.channel, paymentInbox.transactionId] })
      .returning({ id: paymentInbox.id });
    if (inserted.length === 0) return { outcome: 'repeat' as const, order: null };

    // The row lock orders this payment after any transition in flight (a close, another payment).
    const attempt = await attemptByTradeNo(tx, payment.tenantId, payment.outTradeNo);
    const [order] = attempt
      ? [await lockOrder(tx, attempt.orderId)]
      : await tx
          .select()
          .from(orders)
          .where(and(eq(orders.tenantId, payment.tenantId), eq(orders.orderNo, payment.outTradeNo)))
          .for('update');
    // Money on a closed attempt is still real: an open order takes it, a settled one keeps it aside.
    if (attempt) await markAttemptPaid(tx, attempt.id);
    // The payer is whoever took the attempt the money came on, not whoever took the order last.
    const { outcome, row } = await settle(tx, order, payment, payerOfAttempt(attempt));

    await tx.update(paymentInbox).set({ outcome }).where(eq(paymentInbox.id, inserted[0]!.id));
    const kind = EXCEPTION_KIND[outcome];
    if (kind) {
      await tx
        .insert(paymentExceptions)
        .values({
          tenantId: payment.tenantId,
          orderId: order?.id ?? null,
          channel: payment.channel,
          transactionId: payment.transactionId,
          amountFen: payment.amountFen,
          kind,
        })
        .onConflictDoNothing({ target: [paymentExceptions.channel, paymentExceptions.transactionId] });
    }
    return { outcome, order: row };
  });
}

async function settle(
  tx: OrderTx,
  order: OrderRow | undefined,
  payment: ChannelPayment,
  payer: Payer | undefined,
): Promise<{ outcome: PaymentOutcome; row: OrderRow | null }> {
  if (!order) return { outcome: 'unknown_order', row: null };
  if (payment.amountFen !== order.totalFen) return { outcome: 'mismatch', row: order };
  switch (order.payStatus) {
    case 'NOT_PAY':
    case 'PAYING': {
      const paid = await markPaid(tx, {
        orderId: order.id,
        channel: payment.channel,
        transactionId: payment.transactionId,
        amountFen: payment.amountFen,
        paidAt: payment.paidAt,
        payMethod: payment.channel,
        payer,
      });
      // Under the row lock the update cannot miss; if it ever did, nothing was credited.
      if (!paid) throw new Error(`order ${order.id}: open order could not be marked paid`);
      return { outcome: 'credited', row: paid };
    }
    case 'PAID':
    case 'REFUND':
      return {
        outcome:
          order.paymentNo === payment.transactionId && order.channel === payment.channel
            ? 'repeat'
            : 'duplicate',
        row: order,
      };
    case 'CLOSED':
      return { outcome: 'closed_order', row: order };
  }
}

/** The payment a channel's query answer about one trade describes, if it says the trade was paid. */
export function paymentFromQuery(
  channel: PayChannelName,
  tenantId: string,
  outTradeNo: string,
  answer: TradeQueryResult,
): ChannelPayment | null {
  const paid = answer.state === 'SUCCESS' || answer.state === 'REFUND';
  if (!paid || !answer.transactionId || answer.amountFen === undefined) return null;
  return {
    channel,
    tenantId,
    outTradeNo,
    transactionId: answer.transactionId,
    amountFen: answer.amountFen,
    paidAt: parseChannelTime(answer.successTime),
    payload: { source: 'query', outTradeNo, ...answer },
  };
}

/** Channel times are RFC 3339; a missing or broken one means "now" rather than a failed credit. */
export function parseChannelTime(text: string | undefined): Date {
  const time = text ? Date.parse(text) : NaN;
  return Number.isNaN(time) ? new Date() : new Date(time);
}
