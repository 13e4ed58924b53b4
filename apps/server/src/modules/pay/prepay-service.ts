/**
 * Starting a payment: the channel takes the order first (prepay), then NOT_PAY -> PAYING records
 * the channel and the payer. If the order closed or was paid meanwhile, the channel's order is
 * closed again, so no payment can reach a closed order through this path.
 */
import type { FastifyInstance } from 'fastify';
import { translate, type Language } from '@cf/shared/messages';
import type { PayChannelName, PrepayAnswer } from '../../gateways/types';
import { PayChannelError } from '../../gateways/wechat-pay/types';
import { badRequest } from '../../http/errors';
import { payerOf, type PayAccess } from './access';
import { assertPayable, offeredChannels } from './cashier-service';
import { askChannel, channelFailure, gatewayOf } from './channel';
import { closeOrder } from './close';
import { markPaying, repeatPaying, type OrderRow } from './pay-status';
import { findOrderById, itemsOfOrder, wechatOpenId } from './repo';

/** Short enough for every channel's description field, in characters of any script. */
const DESCRIPTION_MAX = 40;

async function describe(app: FastifyInstance, order: OrderRow): Promise<string> {
  const items = await itemsOfOrder(app.db, order.id);
  const text = items.map((i) => i.name).join('、') || order.orderNo;
  return text.length > DESCRIPTION_MAX ? `${text.slice(0, DESCRIPTION_MAX - 1)}…` : text;
}

async function payerOpenId(app: FastifyInstance, access: PayAccess): Promise<string | undefined> {
  const oauthId = access.auth?.oauthId;
  const openId = oauthId ? await wechatOpenId(app.db, access.order.tenantId, oauthId) : undefined;
  // The demo's WeChat Pay simulator takes anyone, so a password sign-in can try the WeChat flow too.
  if (!openId && app.config.mode === 'demo') return `o-demo-payer-${access.auth?.userId ?? 0}`;
  return openId;
}

const lockedTo = (channel: string | null, lang: Language) =>
  badRequest('pay.channelLocked', { channel: translate(`pay.channel.${channel as PayChannelName}`, lang) });

export async function prepay(
  app: FastifyInstance,
  access: PayAccess,
  request: { channel: PayChannelName; returnUrl?: string; lang: Language },
): Promise<PrepayAnswer & { channel: PayChannelName }> {
  const { channel, returnUrl, lang } = request;
  let { order } = access;
  if (
    order.expireAt.getTime() <= Date.now() &&
    (order.payStatus === 'NOT_PAY' || order.payStatus === 'PAYING')
  ) {
    // Expired but not yet closed by the job: close it now (it may turn out paid), then say which.
    await closeOrder(app, order.id, 'expired').catch((err: unknown) =>
      app.log.warn({ err, orderNo: order.orderNo }, 'prepay: closing an expired order failed'),
    );
    order = (await findOrderById(app.db, order.id)) ?? order;
  }
  assertPayable(order);
  if (!(await offeredChannels(app, order.tenantId)).includes(channel))
    throw badRequest('pay.channelUnavailable');
  if (order.payStatus === 'PAYING' && order.channel !== channel) throw lockedTo(order.channel, lang);
  const gateway = await gatewayOf(app, order.tenantId, channel);
  const openId = channel === 'wechat' ? await payerOpenId(app, access) : undefined;
  if (channel === 'wechat' && !openId) throw badRequest('pay.wechatOnly');

  let answer: PrepayAnswer;
  try {
    answer = await gateway.prepay({
      outTradeNo: order.orderNo,
      description: await describe(app, order),
      amountFen: order.totalFen,
      expireAt: order.expireAt,
      openId,
      returnUrl,
    });
  } catch (error) {
    if (error instanceof PayChannelError && error.code === 'ORDERPAID') {
      await askChannel(app, gateway, order);
      throw badRequest('pay.alreadyPaid');
    }
    if (error instanceof PayChannelError && error.code === 'ORDERCLOSED') {
      await closeOrder(app, order.id, 'expired');
      throw badRequest('pay.orderClosed');
    }
    app.log.warn({ err: error, orderNo: order.orderNo }, 'prepay at the channel failed');
    throw channelFailure(error);
  }

  const payer = await payerOf(app.db, access.auth);
  const taken = await app.db.transaction(
    async (tx) =>
      (await markPaying(tx, order.id, channel, payer)) ?? (await repeatPaying(tx, order.id, channel, payer)),
  );
  if (!taken) {
    const now = await findOrderById(app.db, order.id);
    if (now?.payStatus === 'CLOSED') {
      await gateway
        .close(order.orderNo)
        .catch((err: unknown) =>
          app.log.warn(
            { err, orderNo: order.orderNo },
            'prepay: closing the channel order of a closed order failed',
          ),
        );
    }
    if (now) assertPayable(now);
    // Someone else started paying it at another channel a moment ago.
    throw lockedTo(now?.channel ?? null, lang);
  }
  return { channel, ...answer };
}
