/**
 * Closing an unpaid order (expired, or cancelled by its creator) — only after the channel confirms
 * it holds no payment, and after closing it there too so that none can arrive later.
 */
import type { FastifyInstance } from 'fastify';
import { PayChannelError } from '../../gateways/wechat-pay/types';
import { notFound } from '../../http/errors';
import { askChannel, channelFailure, gatewayOf } from './channel';
import { markClosed } from './pay-status';
import { findOrderById } from './repo';

export type CloseReason = 'expired' | 'cancelled';

/** The channel's own words for "nothing to close here". */
const NOTHING_TO_CLOSE = new Set(['ORDER_NOT_EXIST', 'ORDERCLOSED', 'RESOURCE_NOT_EXISTS']);
/** Closes and prepays can cross a few times at most before one of them settles the order. */
const ATTEMPTS = 3;

/**
 * closed: the order is CLOSED now. paid: the channel says it was paid, and the order is PAID now.
 * final: it was already paid, refunded or closed. Channel failures throw (502) and change nothing.
 */
export async function closeOrder(
  app: FastifyInstance,
  orderId: number,
  reason: CloseReason,
): Promise<'closed' | 'paid' | 'final'> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const order = await findOrderById(app.db, orderId);
    if (!order) throw notFound('pay.orderNotFound');
    if (order.payStatus !== 'NOT_PAY' && order.payStatus !== 'PAYING') return 'final';

    if (order.channel === null) {
      // It never reached a channel, so nothing can have been paid; the guard loses to a prepay in flight.
      if (await markClosed(app.db, order.id, reason, null)) return 'closed';
      continue;
    }

    const gateway = await gatewayOf(app, order.tenantId, order.channel);
    const answer = await askChannel(app, gateway, order);
    if (answer.outcome) {
      const now = await findOrderById(app.db, orderId);
      if (now?.payStatus === 'PAID') return 'paid';
      // Still open: the money did not fit the order (kept in payment_exceptions); close it below.
      if (now?.payStatus !== 'NOT_PAY' && now?.payStatus !== 'PAYING') return 'final';
    } else if (answer.query.state !== 'NOTFOUND' && answer.query.state !== 'CLOSED') {
      try {
        await gateway.close(order.orderNo);
      } catch (error) {
        // Paid between our query and the close: ask again, which credits it.
        if (error instanceof PayChannelError && error.code === 'ORDERPAID') continue;
        if (!(error instanceof PayChannelError) || !NOTHING_TO_CLOSE.has(error.code)) {
          app.log.warn({ err: error, orderNo: order.orderNo }, 'close at the channel failed');
          throw channelFailure(error);
        }
      }
    }
    if (await markClosed(app.db, order.id, reason, order.channel)) return 'closed';
  }
  const order = await findOrderById(app.db, orderId);
  app.log.warn({ orderId, payStatus: order?.payStatus }, 'close: order kept changing; left as it is');
  return order?.payStatus === 'PAID' ? 'paid' : 'final';
}
