/**
 * A channel's refund notify (WeChat REFUND.SUCCESS / REFUND.ABNORMAL / REFUND.CLOSED), verified and
 * decrypted by the gateway. The refund it names — an order refund (refunds) or money sent back from
 * payment_exceptions — moves through its state machine's conditional transition from PROCESSING, so a
 * repeated notify, or one arriving after the reconciliation job or the refund's own answer settled it,
 * changes nothing.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { paymentExceptions, refunds } from '@server/db/schema-finance';
import type { PayGateway } from '@server/gateways/types';
import type { RefundEvent } from '@server/gateways/wechat-pay/types';
import { settleExceptionRefund } from '@server/modules/pay/exceptions/exception-service';
import { parseChannelTime } from './payments';
import { settleRefund } from '@server/modules/pay/refunds/refund-service';

/**
 * settled: the refund was waiting and took the channel's word now. repeat: it was already settled.
 * amount_mismatch: the channel reports another amount than we asked for (nothing changes; logged).
 * unknown_refund: no refund of this tenant has that number.
 */
export type RefundNoticeOutcome = 'settled' | 'repeat' | 'amount_mismatch' | 'unknown_refund';

export async function applyRefundNotice(
  app: FastifyInstance,
  log: FastifyBaseLogger,
  gateway: PayGateway,
  tenantId: string,
  event: RefundEvent,
): Promise<RefundNoticeOutcome> {
  const result = { refundId: event.refundId, status: event.status };
  const facts = { tenantId, outRefundNo: event.outRefundNo, status: event.status };
  const amountDiffers = (amountFen: number) => {
    if (amountFen === event.refundFen) return false;
    log.error({ ...facts, amountFen, notified: event.refundFen }, 'refund notify: amount differs');
    return true;
  };

  const [refund] = await app.db
    .select()
    .from(refunds)
    .where(and(eq(refunds.tenantId, tenantId), eq(refunds.outRefundNo, event.outRefundNo)));
  if (refund) {
    if (amountDiffers(refund.amountFen)) return 'amount_mismatch';
    if (refund.status !== 'PROCESSING') return repeat(log, facts, refund.status);
    await settleRefund(app, gateway, refund, result, parseChannelTime(event.successTime));
    return 'settled';
  }

  const [exception] = await app.db
    .select()
    .from(paymentExceptions)
    .where(and(eq(paymentExceptions.tenantId, tenantId), eq(paymentExceptions.refundNo, event.outRefundNo)));
  if (exception) {
    if (amountDiffers(exception.amountFen)) return 'amount_mismatch';
    if (exception.refundStatus !== 'PROCESSING') return repeat(log, facts, exception.refundStatus);
    await settleExceptionRefund(app, exception, result);
    return 'settled';
  }
  log.warn(facts, 'refund notify for a refund we do not know');
  return 'unknown_refund';
}

function repeat(log: FastifyBaseLogger, facts: Record<string, unknown>, ours: string | null): 'repeat' {
  // SUCCESS at the channel for a refund we hold FAILED would be money sent twice if refunded again.
  const agrees = (facts.status === 'SUCCESS') === (ours === 'SUCCESS');
  if (!agrees) log.error({ ...facts, ours }, 'refund notify disagrees with the refund as recorded');
  return 'repeat';
}
