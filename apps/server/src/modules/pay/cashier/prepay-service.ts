/**
 * Starting a payment: the order gets a payment attempt (../channels/attempts.ts) — the open one when it is at
 * the same channel for the same payer, else a new one after the open one is closed at its channel —
 * the channel takes the attempt's trade (prepay), then NOT_PAY -> PAYING records the channel and the
 * payer. If the order closed, was paid or was taken over by another payer meanwhile, the trade is
 * closed at the channel again, so no payment can reach it through this path.
 */
import type { FastifyInstance } from 'fastify';
import { translate, type Language } from '@cf/shared/messages';
import { isOrderExpired } from '@cf/shared/order-expiry';
import type { PayChannelName, PayGateway, PrepayAnswer } from '@server/gateways/types';
import { PayChannelError } from '@server/gateways/wechat-pay/types';
import { AppError, badRequest, notFound } from '@server/http/errors';
import { payerOf, type PayAccess } from './access';
import {
  findAttempt,
  isAttemptOf,
  lockOrder,
  markAttemptClosed,
  openOrCreateAttempt,
  recordAttemptPayer,
  tradeOfAttempt,
  type AttemptRow,
} from '@server/modules/pay/channels/attempts';
import { assertPayable, offeredChannels } from './cashier-service';
import { askChannel, channelFailure, gatewayOf } from '@server/modules/pay/channels/channel';
import { closeOrder, closeTrade } from '@server/modules/pay/channels/close';
import { markPaying, repeatPaying, type OrderRow, type Payer } from '@server/modules/order/pay-status';
import { findOrderById, itemsOfOrder, wechatOpenId } from '@server/modules/pay/repo';
import { transaction } from '@server/db/transaction';

/** Short enough for every channel's description field, in characters of any script. */
const DESCRIPTION_MAX = 40;

async function describe(app: FastifyInstance, order: OrderRow): Promise<string> {
  const items = await itemsOfOrder(app.db, order.id);
  const text = items.map((i) => i.name).join('、') || order.orderNo;
  return text.length > DESCRIPTION_MAX ? `${text.slice(0, DESCRIPTION_MAX - 1)}…` : text;
}

/**
 * The payer's openid for the merchant's app: from the WeChat sign-in of this session. Only the demo
 * simulator takes an invented one (a password sign-in trying the WeChat flow); real WeChat Pay refuses
 * any openid it did not issue, so there a password sign-in is told to sign in with WeChat.
 */
async function payerOpenId(app: FastifyInstance, access: PayAccess, gateway: PayGateway): Promise<string> {
  const oauthId = access.auth?.oauthId;
  const openId = oauthId ? await wechatOpenId(app.db, access.order.tenantId, oauthId) : undefined;
  if (openId) return openId;
  if (gateway.simulated) return `o-demo-payer-${access.auth?.userId ?? 0}`;
  throw badRequest(access.auth ? 'pay.wechatSignInNeeded' : 'pay.wechatOnly');
}

const lockedTo = (channel: string | null, lang: Language) =>
  badRequest('pay.channelLocked', { channel: translate(`pay.channel.${channel as PayChannelName}`, lang) });

/** Another payer took the order over a moment ago (two payers pressing "pay" at once). */
const payingElsewhere = () => new AppError(409, 'pay.payingElsewhere');

/** Takeovers can cross a few times at most before one payer holds the order. */
const ROUNDS = 3;

/** Re-reads the order and answers why it cannot be paid any more, if so. */
async function assertStillPayable(app: FastifyInstance, orderId: number): Promise<OrderRow> {
  const now = await findOrderById(app.db, orderId);
  if (!now) throw notFound('pay.orderNotFound');
  assertPayable(now);
  return now;
}

/**
 * The attempt this payer pays on: the order's open one when it is at this channel for this payer
 * (the same WeChat openid, the same user); else the open one is closed at its channel first (or found
 * paid: pay.alreadyPaid) and a new one made — every channel, so no two payers share a checkout.
 */
async function attemptFor(
  app: FastifyInstance,
  order: OrderRow,
  channel: PayChannelName,
  payer: { openId: string | null; who: Payer | undefined },
  lang: Language,
): Promise<AttemptRow> {
  for (let round = 0; round < ROUNDS; round++) {
    const { attempt, created } = await transaction(app.db, async (tx) => {
      const locked = await lockOrder(tx, order.id);
      if (!locked) throw notFound('pay.orderNotFound');
      assertPayable(locked);
      if (locked.payStatus === 'PAYING' && locked.channel !== channel) throw lockedTo(locked.channel, lang);
      return openOrCreateAttempt(tx, locked, channel, payer.openId, payer.who);
    });
    const samePayer = attempt.payerOpenId === payer.openId && isAttemptOf(attempt, payer.who);
    if (created || (attempt.channel === channel && samePayer)) return attempt;
    // Give up without retiring it, so the order is never left without the attempt someone holds.
    if (round === ROUNDS - 1) break;
    // The open trade is another payer's (WeChat binds it to their openid; a sandbox checkout is
    // theirs): close it at the channel before this payer gets a new one.
    const closed = await closeTrade(app, order, tradeOfAttempt(attempt));
    if (closed === 'paid') await assertStillPayable(app, order.id);
  }
  throw payingElsewhere();
}

export type PayerScene = 'phone' | 'desktop';

/** Where the payer is when the cashier does not say: a phone browser or a desktop one, by its User-Agent. */
export const sceneOf = (userAgent: string | undefined): PayerScene =>
  /Mobile|Android|iPhone|iPad|iPod|HarmonyOS|MicroMessenger/i.test(userAgent ?? '') ? 'phone' : 'desktop';

export async function prepay(
  app: FastifyInstance,
  access: PayAccess,
  request: { channel: PayChannelName; returnUrl?: string; scene?: PayerScene; lang: Language },
): Promise<PrepayAnswer & { channel: PayChannelName }> {
  const { channel, returnUrl, scene, lang } = request;
  let { order } = access;
  if (isOrderExpired(order.expireAt) && (order.payStatus === 'NOT_PAY' || order.payStatus === 'PAYING')) {
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
  const openId = channel === 'wechat' ? await payerOpenId(app, access, gateway) : undefined;

  const description = await describe(app, order);
  const payer = await payerOf(app.db, access.auth);
  const attempt = await attemptFor(app, order, channel, { openId: openId ?? null, who: payer }, lang);

  let answer: PrepayAnswer;
  try {
    answer = await gateway.prepay({
      outTradeNo: attempt.outTradeNo,
      description,
      amountFen: order.totalFen,
      expireAt: order.expireAt,
      openId,
      returnUrl,
      scene,
    });
  } catch (error) {
    if (error instanceof PayChannelError && error.code === 'ORDERPAID') {
      await askChannel(app, gateway, order, attempt.outTradeNo);
      throw badRequest('pay.alreadyPaid');
    }
    if (error instanceof PayChannelError && error.code === 'ORDERCLOSED') {
      await markAttemptClosed(app.db, attempt.id);
      const now = await findOrderById(app.db, order.id);
      // The channel closes a trade on its own at the order's expiry; before it, another payer's
      // takeover (or a close) did.
      if (now && isOrderExpired(now.expireAt)) {
        await closeOrder(app, order.id, 'expired');
        throw badRequest('pay.orderClosed');
      }
      if (now) assertPayable(now);
      throw payingElsewhere();
    }
    app.log.warn(
      { err: error, orderNo: order.orderNo, outTradeNo: attempt.outTradeNo },
      'prepay at the channel failed',
    );
    throw channelFailure(error);
  }

  const taken = await transaction(app.db, async (tx) => {
    await lockOrder(tx, order.id);
    // Another payer's takeover or a close retired this attempt while the channel was asked.
    if ((await findAttempt(tx, attempt.id))?.status !== 'OPEN') return null;
    const row =
      (await markPaying(tx, order.id, channel, payer)) ?? (await repeatPaying(tx, order.id, channel, payer));
    if (row) await recordAttemptPayer(tx, attempt.id, payer);
    return row;
  });
  if (!taken) {
    // The trade this prepay just made must not take money now.
    const closed = await closeTrade(app, order, tradeOfAttempt(attempt)).catch((err: unknown) => {
      app.log.warn({ err, outTradeNo: attempt.outTradeNo }, 'prepay: closing a superseded trade failed');
      return 'failed' as const;
    });
    const now = await assertStillPayable(app, order.id);
    if (closed === 'paid') throw badRequest('pay.alreadyPaid');
    if (now.payStatus === 'PAYING' && now.channel !== channel) throw lockedTo(now.channel, lang);
    throw payingElsewhere();
  }
  return { channel, ...answer };
}
