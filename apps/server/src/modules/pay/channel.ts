/**
 * Talking to the channel an order is at: find the tenant's account there, ask what happened to the
 * order, and credit it when the channel says it was paid (the same path a notify takes).
 */
import type { FastifyInstance } from 'fastify';
import { PAY_CHANNEL_NAMES, type PayChannelName, type PayGateway } from '../../gateways/types';
import { PayChannelError, type TradeQueryResult } from '../../gateways/wechat-pay/types';
import { AppError } from '../../http/errors';
import type { OrderRow } from './pay-status';
import { applyPayment, paymentFromQuery, type PaymentOutcome } from './payments';

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

/** Queries the order at its channel and applies a payment the channel reports. */
export async function askChannel(
  app: FastifyInstance,
  gateway: PayGateway,
  order: OrderRow,
): Promise<ChannelAnswer> {
  const query = await atChannel(app, `query ${order.orderNo}`, () => gateway.query(order.orderNo));
  const payment = paymentFromQuery(gateway.name, order, query);
  if (!payment) return { query };
  const { outcome } = await applyPayment(app.db, payment);
  if (outcome !== 'credited' && outcome !== 'repeat') {
    app.log.warn({ orderNo: order.orderNo, outcome }, 'channel reports a payment the order could not take');
  }
  return { query, outcome };
}
