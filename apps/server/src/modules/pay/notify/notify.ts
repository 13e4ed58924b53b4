/**
 * A channel's notify: the signature over the raw body is checked before anything in it is read; then
 * a payment is applied exactly once (./payments.ts), to the order whose attempt the notify's trade
 * number names (../channels/attempts.ts), and a refund's outcome settles that refund once (./refund-notify.ts).
 * Every notify that is handled — including repeats and money the order could not take — is answered with the channel's success
 * reply, so it stops retrying; a refused one gets the failure reply; a failure of ours gets a 5xx
 * so the channel tries again later.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { IncomingHeaders, NotifyReply } from '@server/gateways/wechat-pay/types';
import { isChannelName } from '@server/modules/pay/channels/channel';
import { closeOpenAttempt } from '@server/modules/pay/channels/close';
import { applyPayment, parseChannelTime } from './payments';
import { applyRefundNotice } from './refund-notify';

const NOT_FOUND: NotifyReply = {
  status: 404,
  contentType: 'application/json; charset=utf-8',
  body: JSON.stringify({ code: 'FAIL', message: 'unknown merchant' }),
};

export async function handleNotify(
  app: FastifyInstance,
  log: FastifyBaseLogger,
  input: { channel: string; tenantId: string; headers: IncomingHeaders; rawBody: string },
): Promise<NotifyReply> {
  const { channel, tenantId } = input;
  const gateway = isChannelName(channel) ? await app.gateways.pay.forTenant(tenantId, channel) : null;
  if (!gateway) {
    log.warn({ channel, tenantId }, 'notify for a merchant account that is not set up');
    return NOT_FOUND;
  }

  const parsed = gateway.parseNotify({ headers: input.headers, rawBody: input.rawBody });
  if (!parsed.ok) {
    // Forged, tampered, stale or addressed to another merchant: nothing is read, nothing changes.
    log.warn({ channel, tenantId, reason: parsed.reason, detail: parsed.detail }, 'notify refused');
    return gateway.rejectNotify(parsed.reason);
  }
  if ('refund' in parsed) {
    try {
      const outcome = await applyRefundNotice(app, log, gateway, tenantId, parsed.refund);
      log.info({ channel, tenantId, outRefundNo: parsed.refund.outRefundNo, outcome }, 'refund notify');
      return gateway.ackNotify();
    } catch (error) {
      log.error(
        { err: error, channel, tenantId, outRefundNo: parsed.refund.outRefundNo },
        'refund notify failed',
      );
      return { ...gateway.rejectNotify('try again later'), status: 500 };
    }
  }
  const event = parsed.event;
  if (event.tradeState !== 'SUCCESS') {
    log.info(
      { channel, tenantId, outTradeNo: event.outTradeNo, state: event.tradeState },
      'notify without payment',
    );
    return gateway.ackNotify();
  }

  try {
    const { outcome, order } = await applyPayment(app.db, {
      channel: gateway.name,
      tenantId,
      outTradeNo: event.outTradeNo,
      transactionId: event.transactionId,
      amountFen: event.amountFen,
      paidAt: parseChannelTime(event.successTime),
      payload: { source: 'notify', ...event },
    });
    const facts = {
      channel,
      tenantId,
      outTradeNo: event.outTradeNo,
      transactionId: event.transactionId,
      outcome,
    };
    if (outcome === 'credited' || outcome === 'repeat') log.info(facts, 'payment notify');
    else log.warn(facts, 'payment kept in payment_exceptions for refund or review');
    if (outcome === 'credited' && order) {
      await closeOpenAttempt(app, order).catch((err: unknown) =>
        log.warn({ err, orderNo: order.orderNo }, 'notify: the newer open attempt was not closed'),
      );
    }
    return gateway.ackNotify();
  } catch (error) {
    log.error({ err: error, channel, tenantId, outTradeNo: event.outTradeNo }, 'notify could not be applied');
    const reply = gateway.rejectNotify('try again later');
    return { ...reply, status: 500 };
  }
}
