/**
 * Closing an unpaid order (expired, or cancelled by its creator) — only after the channel confirms
 * its open trade (payment attempt) holds no payment, and after closing it there too so that none can
 * arrive later. Closing one trade is also how a payment attempt is retired when another payer takes
 * over, and how a failed or abandoned one ends: the order is then payable again (followChannel,
 * abandonAttempt -> markPayFailed).
 */
import type { FastifyInstance } from 'fastify';
import { PayChannelError } from '@server/gateways/wechat-pay/types';
import { notFound } from '@server/http/errors';
import {
  isAttemptOf,
  lockOrder,
  markAttemptClosed,
  markAttemptFailed,
  openAttemptOf,
  openTradeOf,
  tradeOfAttempt,
  type Trade,
} from './attempts';
import { askChannel, channelFailure, gatewayOf, type ChannelAnswer } from './channel';
import { markClosed, markPayFailed, type OrderRow, type Payer } from '@server/modules/order/pay-status';
import { findOrderById } from '@server/modules/pay/repo';
import { transaction } from '@server/db/transaction';

export type CloseReason = 'expired' | 'cancelled';

/** The channel's own words for "nothing to close here". */
const NOTHING_TO_CLOSE = new Set(['ORDER_NOT_EXIST', 'ORDERCLOSED', 'RESOURCE_NOT_EXISTS']);
/** Closes and prepays (or payments) can cross a few times at most before one of them settles. */
const ROUNDS = 3;

/**
 * Closes one trade at its channel once the channel says it holds no payment, then marks its attempt
 * CLOSED. paid: the channel took money on it (applied now, as a notify would be). Channel failures
 * throw (502) and change nothing.
 */
export async function closeTrade(
  app: FastifyInstance,
  order: OrderRow,
  trade: Trade,
): Promise<'closed' | 'paid'> {
  const gateway = await gatewayOf(app, order.tenantId, trade.channel);
  for (let round = 0; round < ROUNDS; round++) {
    const answer = await askChannel(app, gateway, order, trade.outTradeNo);
    if (answer.outcome) return 'paid';
    if (answer.query.state !== 'NOTFOUND' && answer.query.state !== 'CLOSED') {
      try {
        await gateway.close(trade.outTradeNo);
      } catch (error) {
        // Paid between our query and the close: ask again, which credits it.
        if (error instanceof PayChannelError && error.code === 'ORDERPAID') continue;
        if (!(error instanceof PayChannelError) || !NOTHING_TO_CLOSE.has(error.code)) {
          app.log.warn({ err: error, outTradeNo: trade.outTradeNo }, 'close at the channel failed');
          throw channelFailure(error);
        }
      }
    }
    if (trade.attemptId !== null) await markAttemptClosed(app.db, trade.attemptId);
    return 'closed';
  }
  app.log.warn(
    { outTradeNo: trade.outTradeNo },
    'close: the channel says paid but its query shows no payment',
  );
  throw channelFailure(new PayChannelError('ORDERPAID', 'paid, but the query shows no payment'));
}

/**
 * closed: the order is CLOSED now. paid: the channel says it was paid, and the order is PAID now.
 * final: it was already paid, refunded or closed. Channel failures throw (502) and change nothing.
 */
export async function closeOrder(
  app: FastifyInstance,
  orderId: number,
  reason: CloseReason,
): Promise<'closed' | 'paid' | 'final'> {
  for (let round = 0; round < ROUNDS; round++) {
    const order = await findOrderById(app.db, orderId);
    if (!order) throw notFound('pay.orderNotFound');
    if (order.payStatus !== 'NOT_PAY' && order.payStatus !== 'PAYING') return 'final';

    const trade = await openTradeOf(app.db, order);
    if (trade && (await closeTrade(app, order, trade)) === 'paid') {
      const now = await findOrderById(app.db, orderId);
      if (now?.payStatus === 'PAID') return 'paid';
      // Still open: the money did not fit the order (kept in payment_exceptions); close it below.
      if (now?.payStatus !== 'NOT_PAY' && now?.payStatus !== 'PAYING') return 'final';
    }
    // Under the order's lock, so a prepay cannot open another attempt in between; one that did so
    // just before wins, and the next round closes its trade too.
    const closed = await transaction(app.db, async (tx) => {
      await lockOrder(tx, order.id);
      if (await openAttemptOf(tx, order.id)) return null;
      return markClosed(tx, order.id, reason, order.channel);
    });
    if (closed) return 'closed';
  }
  const order = await findOrderById(app.db, orderId);
  app.log.warn({ orderId, payStatus: order?.payStatus }, 'close: order kept changing; left as it is');
  return order?.payStatus === 'PAID' ? 'paid' : 'final';
}

/**
 * After a payment on a retired attempt (a late one) settled the order, the attempt still open for
 * the newer payer must not take money too: it is closed at its channel.
 */
export async function closeOpenAttempt(app: FastifyInstance, order: OrderRow): Promise<void> {
  const attempt = await openAttemptOf(app.db, order.id);
  if (!attempt) return;
  await closeTrade(app, order, tradeOfAttempt(attempt));
}

/** Trade states after which a trade can take no payment: the try failed, or the channel closed it. */
const ENDED_STATES = new Set(['PAYERROR', 'CLOSED', 'REVOKED']);

/** PAYING -> NOT_PAY once the order's trade at `channel` is retired and no other attempt is open. */
async function payableAgain(app: FastifyInstance, order: OrderRow, channel: string): Promise<boolean> {
  const row = await transaction(app.db, async (tx) => {
    await lockOrder(tx, order.id);
    return markPayFailed(tx, order.id, channel);
  });
  return row !== null;
}

/**
 * Asks the channel about a PAYING order's open trade (the result page's poll, the reconcile job) and
 * follows what it says: a payment is credited (askChannel); a failed try (PAYERROR) or a trade the
 * channel closed ends the attempt — a failed one is closed at the channel too, so it can take no
 * money later — and the order is payable again at once (markPayFailed). retired: that happened now.
 */
export async function followChannel(
  app: FastifyInstance,
  order: OrderRow,
): Promise<ChannelAnswer & { retired: boolean }> {
  const trade = await openTradeOf(app.db, order);
  const gateway = await gatewayOf(app, order.tenantId, order.channel);
  const answer = await askChannel(app, gateway, order);
  if (answer.outcome || !trade || trade.channel !== gateway.name || !ENDED_STATES.has(answer.query.state))
    return { ...answer, retired: false };
  if (answer.query.state === 'PAYERROR') {
    if (trade.attemptId !== null) await markAttemptFailed(app.db, trade.attemptId);
    if ((await closeTrade(app, order, trade)) === 'paid') return { ...answer, retired: false };
  } else if (trade.attemptId !== null) {
    await markAttemptClosed(app.db, trade.attemptId);
  }
  return { ...answer, retired: await payableAgain(app, order, trade.channel) };
}

/**
 * The payer left the channel's payment without paying (cancelled or failed in WeChat's payment
 * sheet): their open attempt is closed at the channel — or found paid there, and credited — and the
 * order is payable again. Another payer's attempt is left alone. Channel failures throw (502).
 */
export async function abandonAttempt(
  app: FastifyInstance,
  order: OrderRow,
  payer: Payer | undefined,
): Promise<'abandoned' | 'paid' | 'none'> {
  if (order.payStatus !== 'PAYING') return 'none';
  const attempt = await openAttemptOf(app.db, order.id);
  if (!attempt || attempt.channel !== order.channel || !isAttemptOf(attempt, payer)) return 'none';
  if ((await closeTrade(app, order, tradeOfAttempt(attempt))) === 'paid') return 'paid';
  return (await payableAgain(app, order, attempt.channel)) ? 'abandoned' : 'none';
}
