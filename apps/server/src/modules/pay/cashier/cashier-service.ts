/** The cashier (what is paid, until when, with what), the result page's status, and pay links. */
import { isOrderExpired, payLinkExpireAt, secondsLeftToPay } from '@cf/shared/order-expiry';
import type { FastifyInstance } from 'fastify';
import type { SignatureState } from '@cf/shared/wire/signature';
import type { Db } from '@server/db/client';
import type { AuthContext } from '@server/http/context';
import { badRequest, forbidden, notFound } from '@server/http/errors';
import type { PayerPlace, PayMode } from '@cf/shared/pay-offers';
import { isCreator, payerOf, type PayAccess } from './access';
import { isChannelName } from '@server/modules/pay/channels/channel';
import { openAttemptOf } from '@server/modules/pay/channels/attempts';
import { abandonAttempt, followChannel } from '@server/modules/pay/channels/close';
import { channelLabel } from './channel-label';
import { modesOf, offersFor, readyChannels } from './offers';
import { signPayLink } from './pay-link';
import { PAY_STATUS_COLORS, lastPayFailed, type OrderRow } from '@server/modules/order/pay-status';
import { findOrderByNo, findOrderById, itemsOfOrder } from '@server/modules/pay/repo';

const secondsLeft = (order: OrderRow) => secondsLeftToPay(order.expireAt);

export async function cashierView(
  app: FastifyInstance,
  { order, auth }: PayAccess,
  place: PayerPlace,
  signatureOf?: (db: Db, auth: AuthContext | null, order: OrderRow) => Promise<SignatureState | null>,
) {
  const [items, ready, signature, attempt] = await Promise.all([
    itemsOfOrder(app.db, order.id),
    readyChannels(app, order.tenantId),
    signatureOf ? signatureOf(app.db, auth, order) : null,
    order.payStatus === 'PAYING' ? openAttemptOf(app.db, order.id) : undefined,
  ]);
  const live = ready.find((r) => r.channel === attempt?.channel);
  return {
    orderNo: order.orderNo,
    orderType: order.orderType,
    personName: order.personName,
    totalFen: order.totalFen,
    items,
    expireAt: order.expireAt.toISOString(),
    secondsLeft: secondsLeft(order),
    payStatus: order.payStatus,
    payStatusColor: PAY_STATUS_COLORS[order.payStatus],
    lastPayFailed: lastPayFailed(order),
    /** The channel the payment was started with; a PAYING order stays with it. */
    channel: order.channel,
    channels: ready.map((r) => channelLabel(r.channel)),
    offers: offersFor(ready, place),
    place,
    // An attempt from before modes was started the channel's default way.
    mode: live ? ((attempt?.mode as PayMode | null) ?? modesOf(live.gateway)[0]!) : null,
    signature,
  };
}

export type PayResult = 'unpaid' | 'processing' | 'failed' | 'paid' | 'refunded' | 'closed';

const RESULT: Record<OrderRow['payStatus'], PayResult> = {
  NOT_PAY: 'unpaid',
  PAYING: 'processing',
  PAID: 'paid',
  REFUND: 'refunded',
  CLOSED: 'closed',
};

/** The result page polls; a PAYING order is asked about at its channel at most this often. */
const QUERY_EVERY_MS = 3000;
const lastAsked = new Map<number, number>();

/**
 * Status for the result page. While PAYING, the channel is asked (as a merchant does when the payer
 * returns before the notify): a payment it reports is credited now; a failed or closed try puts the
 * order back to NOT_PAY with its pay_failed_at mark (followChannel), so every later reply says failed
 * until the payer tries again.
 */
export async function payStatus(app: FastifyInstance, access: PayAccess) {
  let order = access.order;
  const now = Date.now();
  if (order.payStatus === 'PAYING' && now - (lastAsked.get(order.id) ?? 0) >= QUERY_EVERY_MS) {
    lastAsked.set(order.id, now);
    if (lastAsked.size > 10_000) lastAsked.clear();
    try {
      const answer = await followChannel(app, order);
      if (answer.outcome || answer.retired) order = (await findOrderById(app.db, order.id)) ?? order;
    } catch (error) {
      // The page keeps polling; the channel's trouble is logged where it happened.
      app.log.debug({ err: error, orderNo: order.orderNo }, 'status: channel not reachable');
    }
  }
  const items = await itemsOfOrder(app.db, order.id);
  return {
    orderNo: order.orderNo,
    payStatus: order.payStatus,
    payStatusColor: PAY_STATUS_COLORS[order.payStatus],
    paidAt: order.paidAt?.toISOString() ?? null,
    result: lastPayFailed(order) ? ('failed' as const) : RESULT[order.payStatus],
    lastPayFailed: lastPayFailed(order),
    secondsLeft: secondsLeft(order),
    totalFen: order.totalFen,
    items,
    createdAt: order.createdAt.toISOString(),
    personName: order.personName,
    payerName: order.payerName,
    payMethod: isChannelName(order.channel) ? channelLabel(order.channel) : null,
  };
}

/**
 * The payer cancelled (or failed) in the channel's own payment sheet: their attempt is closed at the
 * channel (found paid there: credited) and the order is payable again; answers the status as it is now.
 */
export async function abandonPayment(app: FastifyInstance, access: PayAccess) {
  const payer = await payerOf(app.db, access.auth);
  await abandonAttempt(app, access.order, payer);
  const order = (await findOrderById(app.db, access.order.id)) ?? access.order;
  return payStatus(app, { ...access, order });
}

/** A pay link for the creator's open order; it ends with the order at the latest. */
export async function createPayLink(app: FastifyInstance, auth: AuthContext, orderNo: string) {
  const order = await findOrderByNo(app.db, auth.tenantId, orderNo);
  if (!order) throw notFound('pay.orderNotFound');
  if (!isCreator(order, auth)) throw forbidden('pay.forbidden');
  assertPayable(order);
  const expireAt = payLinkExpireAt(order.expireAt, app.config.pay.payLinkTtl);
  const payAuthToken = await signPayLink(
    app.config,
    { tenantId: order.tenantId, orderId: order.id, orderNo: order.orderNo },
    expireAt,
  );
  const query = new URLSearchParams({ payAuthToken, orderNo: order.orderNo, tenantId: order.tenantId });
  return {
    payAuthToken,
    url: `${app.config.publicUrl ?? ''}/#/pay?${query.toString()}`,
    expireAt: expireAt.toISOString(),
  };
}

/** Refuses an order that cannot take a payment any more, with the reason a person understands. */
export function assertPayable(order: OrderRow, now = Date.now()): void {
  if (order.payStatus === 'PAID') throw badRequest('pay.alreadyPaid');
  if (order.payStatus === 'REFUND') throw badRequest('pay.orderRefunded');
  if (order.payStatus === 'CLOSED') throw badRequest('pay.orderClosed');
  if (isOrderExpired(order.expireAt, now)) throw badRequest('pay.orderExpired');
}
