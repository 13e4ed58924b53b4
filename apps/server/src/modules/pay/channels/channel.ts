/**
 * Talking to the channel an order is at: find the tenant's account there, ask what happened to the
 * order's trade (its open payment attempt), and credit it when the channel says it was paid (the
 * same path a notify takes).
 */
import type { FastifyInstance } from 'fastify';
import { PAY_CHANNEL_NAMES, type PayChannelName, type PayGateway } from '@server/gateways/types';
import { PayChannelError, type TradeQueryResult } from '@server/gateways/wechat-pay/types';
import { AppError } from '@server/http/errors';
import { openTradeOf } from './attempts';
import type { OrderRow } from '@server/modules/order/pay-status';
import { applyPayment, paymentFromQuery, type PaymentOutcome } from '@server/modules/pay/notify/payments';

export const isChannelName = (name: string | null): name is PayChannelName =>
  (PAY_CHANNEL_NAMES as readonly (string | null)[]).includes(name);

/** A channel failure as the person sees it: 502 with the channel's code; the cause goes to the log. */
export function channelFailure(error: unknown): AppError {
  const code = error instanceof PayChannelError ? error.code : 'NETWORK';
  return new AppError(502, 'pay.channelError', { code });
}

/** Runs one channel call; its failures become channelFailure() after they are logged. */
export async function atChannel<T>(app: FastifyInstance, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError) throw error;
    app.log.warn({ err: error, what }, 'payment channel call failed');
    throw channelFailure(error);
  }
}

export async function gatewayOf(
  app: FastifyInstance,
  tenantId: string,
  channel: string | null,
): Promise<PayGateway> {
  const gateway = isChannelName(channel) ? await app.gateways.pay.forTenant(tenantId, channel) : null;
  if (!gateway) {
    app.log.error({ tenantId, channel }, 'order is at a channel this tenant has not set up');
    throw new AppError(502, 'pay.channelUnavailable');
  }
  return gateway;
}

export interface ChannelAnswer {
  query: TradeQueryResult;
  /** Set when the channel said paid and the payment was applied. */
  outcome?: PaymentOutcome;
}

/**
 * Queries one trade of the order at the gateway's channel — by default the order's open one (none
 * open there: NOTFOUND) — and applies a payment the channel reports.
 */
export async function askChannel(
  app: FastifyInstance,
  gateway: PayGateway,
  order: OrderRow,
  outTradeNo?: string,
): Promise<ChannelAnswer> {
  let tradeNo = outTradeNo;
  if (tradeNo === undefined) {
    const trade = await openTradeOf(app.db, order);
    if (trade?.channel !== gateway.name) return { query: { state: 'NOTFOUND' } };
    tradeNo = trade.outTradeNo;
  }
  const asked = tradeNo;
  const query = await atChannel(app, `query ${asked}`, () => gateway.query(asked));
  const payment = paymentFromQuery(gateway.name, order.tenantId, asked, query);
  if (!payment) return { query };
  const { outcome } = await applyPayment(app.db, payment);
  if (outcome !== 'credited' && outcome !== 'repeat') {
    app.log.warn(
      { orderNo: order.orderNo, outTradeNo: asked, outcome },
      'channel reports a payment the order could not take',
    );
  }
  return { query, outcome };
}
