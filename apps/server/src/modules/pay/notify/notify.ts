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
import { attemptByTradeNo, markAttemptClosed } from '@server/modules/pay/channels/attempts';
import { closeOpenAttempt, followChannel } from '@server/modules/pay/channels/close';
import { findOrderById } from '@server/modules/pay/repo';
import { applyPayment, EXCEPTION_KIND, parseChannelTime } from './payments';
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
  const { metrics } = app;
  // A label is a known channel name, never whatever the path said.
  const label = isChannelName(channel) ? channel : '(other)';
  metrics.notifiesReceived.inc({ channel: label });
  const gateway = isChannelName(channel) ? await app.gateways.pay.forTenant(tenantId, channel) : null;
  if (!gateway) {
    log.warn({ channel, tenantId }, 'notify for a merchant account that is not set up');
    metrics.notifiesFailed.inc({ channel: label, reason: 'unknown_merchant' });
    return NOT_FOUND;
  }

  const parsed = gateway.parseNotify({ headers: input.headers, rawBody: input.rawBody });
  if (!parsed.ok) {
    // Forged, tampered, stale or addressed to another merchant: nothing is read, nothing changes.
    log.warn({ channel, tenantId, reason: parsed.reason, detail: parsed.detail }, 'notify refused');
    metrics.notifiesFailed.inc({ channel: label, reason: 'refused' });
    return gateway.rejectNotify(parsed.reason);
  }
  if ('refund' in parsed) {
    try {
      const outcome = await applyRefundNotice(app, log, gateway, tenantId, parsed.refund);
      log.info({ channel, tenantId, outRefundNo: parsed.refund.outRefundNo, outcome }, 'refund notify');
      metrics.notifiesApplied.inc({ channel: label, kind: 'refund', outcome });
      return gateway.ackNotify();
    } catch (error) {
      log.error(
        { err: error, channel, tenantId, outRefundNo: parsed.refund.outRefundNo },
        'refund notify failed',
      );
      metrics.notifiesFailed.inc({ channel: label, reason: 'error' });
      return { ...gateway.rejectNotify('try again later'), status: 500 };
    }
  }
  const event = parsed.event;
  if (event.tradeState === 'CLOSED') {
    // The channel closed the trade (Alipay: TRADE_CLOSED): its attempt ends; the order stays payable.
    try {
      await retireClosedTrade(app, tenantId, event.outTradeNo);
    } catch (error) {
      log.error(
        { err: error, channel, tenantId, outTradeNo: event.outTradeNo },
        'closed-trade notify failed',
      );
      metrics.notifiesFailed.inc({ channel: label, reason: 'error' });
      return { ...gateway.rejectNotify('try again later'), status: 500 };
    }
  }
  if (event.tradeState !== 'SUCCESS') {
    log.info(
      { channel, tenantId, outTradeNo: event.outTradeNo, state: event.tradeState },
      'notify without payment',
    );
    metrics.notifiesApplied.inc({ channel: label, kind: 'payment', outcome: 'not_paid' });
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
    metrics.notifiesApplied.inc({ channel: label, kind: 'payment', outcome });
    const exceptionKind = EXCEPTION_KIND[outcome];
    if (exceptionKind) metrics.paymentExceptions.inc({ channel: label, kind: exceptionKind });
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
    metrics.notifiesFailed.inc({ channel: label, reason: 'error' });
    const reply = gateway.rejectNotify('try again later');
    return { ...reply, status: 500 };
  }
}

/**
 * A trade the channel reports closed: a PAYING order on it follows the channel (its attempt closes and
 * the order is payable again, unless the channel shows a payment); an open attempt of an order not
 * PAYING is closed. Repeats find nothing open and change nothing.
 */
async function retireClosedTrade(app: FastifyInstance, tenantId: string, outTradeNo: string): Promise<void> {
  const attempt = await attemptByTradeNo(app.db, tenantId, outTradeNo);
  if (!attempt || attempt.status !== 'OPEN') return;
  const order = await findOrderById(app.db, attempt.orderId);
  if (order?.payStatus === 'PAYING' && order.channel === attempt.channel) await followChannel(app, order);
  else await markAttemptClosed(app.db, attempt.id);
}
