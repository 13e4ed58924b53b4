/**
 * The finance office settles money kept in payment_exceptions (../notify/payments.ts): it sends the whole
 * amount back to the payer through the channel it came through, or resolves it with a note when it
 * was settled another way. The refund is claimed (refund_no, PROCESSING) before the channel is asked,
 * so concurrent requests send one refund; an outcome we never learned is confirmed by the
 * reconciliation job (confirmExceptionRefunds). The order is never touched: it never had this money.
 * Called from ../admin/exceptions-routes.ts, whose guard checks the finance role; no role check here.
 */
import { translate } from '@cf/shared/messages';
import { checkExceptionNote } from '@cf/shared/payment-exception';
import { and, count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '@server/db/client';
import { orders, paymentExceptions } from '@server/db/schema-finance';
import type { PayGateway } from '@server/gateways/types';
import { PayChannelError, type RefundResult } from '@server/gateways/wechat-pay/types';
import { audit } from '@server/http/audit';
import type { AuthContext } from '@server/http/context';
import { page, type PageQuery } from '@server/http/envelope';
import { AppError, badRequest, notFound } from '@server/http/errors';
import { tradeNoOfPayment } from '@server/modules/pay/channels/attempts';
import { channelFailure, gatewayOf } from '@server/modules/pay/channels/channel';
import {
  claimExceptionRefund,
  completeExceptionRefund,
  failExceptionRefund,
  findException,
  resolveExceptionRow,
  staleExceptionRefunds,
  type ExceptionRow,
} from './exception-status';
import { newRefundNo, refused } from '@server/modules/pay/refunds/refund-service';
import type { RefundState } from '@server/modules/pay/refunds/refund-status';
import { findOrderById } from '@server/modules/pay/repo';

export type ExceptionStatus = 'open' | 'refunded' | 'resolved';

export function exceptionView(e: ExceptionRow, orderNo: string | null) {
  return {
    id: e.id,
    orderId: e.orderId,
    orderNo,
    channel: e.channel,
    transactionId: e.transactionId,
    amountFen: e.amountFen,
    kind: e.kind,
    status: e.status,
    note: e.note,
    refundNo: e.refundNo,
    refundStatus: e.refundStatus as RefundState | null,
    resolvedAt: e.resolvedAt?.toISOString() ?? null,
    createdAt: e.createdAt.toISOString(),
  };
}

async function viewOf(db: Db, e: ExceptionRow) {
  const order = e.orderId === null ? undefined : await findOrderById(db, e.orderId);
  return exceptionView(e, order?.orderNo ?? null);
}

export async function listExceptions(db: Db, auth: AuthContext, status: ExceptionStatus, q: PageQuery) {
  const where = and(eq(paymentExceptions.tenantId, auth.tenantId), eq(paymentExceptions.status, status));
  const [rows, [total]] = await Promise.all([
    db
      .select({ exception: paymentExceptions, orderNo: orders.orderNo })
      .from(paymentExceptions)
      .leftJoin(orders, eq(orders.id, paymentExceptions.orderId))
      .where(where)
      .orderBy(desc(paymentExceptions.createdAt), desc(paymentExceptions.id))
      .limit(q.size)
      .offset((q.current - 1) * q.size),
    db.select({ total: count() }).from(paymentExceptions).where(where),
  ]);
  const records = rows.map(({ exception, orderNo }) => exceptionView(exception, orderNo));
  return page(records, Number(total?.total ?? 0), q);
}

/** Why an exception cannot be settled now: gone (or another tenant's), settled, or a refund in flight. */
function refusalOf(row: ExceptionRow | null): AppError {
  if (!row) return notFound('pay.exceptionNotFound');
  if (row.status !== 'open') return badRequest('pay.exceptionNotOpen');
  return badRequest('pay.exceptionRefundInProgress');
}

/** Applies the channel's answer about an exception refund; answers the refund's status afterwards. */
export async function settleExceptionRefund(
  app: FastifyInstance,
  e: ExceptionRow,
  result: RefundResult,
): Promise<RefundState> {
  if (result.status === 'SUCCESS') {
    await completeExceptionRefund(app.db, e.id, result.refundId);
    return 'SUCCESS';
  }
  if (result.status === 'CLOSED' || result.status === 'ABNORMAL') {
    await failExceptionRefund(app.db, e.id, result.refundId);
    app.log.warn({ refundNo: e.refundNo, status: result.status }, 'exception refund failed at the channel');
    return 'FAILED';
  }
  return 'PROCESSING';
}

/**
 * Sends the claimed refund: first the channel must show this transaction under the trade number
 * (a refund names the trade, and the trade must be this payment), then the whole amount goes back.
 */
async function sendRefund(
  app: FastifyInstance,
  gateway: PayGateway,
  e: ExceptionRow,
  tradeNo: string,
): Promise<RefundState> {
  const facts = { exceptionId: e.id, refundNo: e.refundNo, tradeNo };
  const trade = await gateway.query(tradeNo).catch(async (error: unknown) => {
    // Nothing was sent yet: the refund did not happen and may be tried again.
    await failExceptionRefund(app.db, e.id);
    app.log.warn({ ...facts, err: error }, 'exception refund: the channel could not be asked');
    throw channelFailure(error);
  });
  if (trade.transactionId !== e.transactionId || trade.amountFen !== e.amountFen) {
    await failExceptionRefund(app.db, e.id);
    app.log.error({ ...facts, trade }, 'exception refund: the channel trade is not this payment');
    throw new AppError(502, 'pay.exceptionPaymentMismatch', { code: trade.state });
  }
  let result: RefundResult;
  try {
    result = await gateway.refund({
      outTradeNo: tradeNo,
      outRefundNo: e.refundNo!,
      refundFen: e.amountFen,
      totalFen: e.amountFen,
      reason: translate('pay.exceptionRefundReason', 'zh'),
    });
  } catch (error) {
    if (refused(error)) {
      // The channel said no: nothing went back; it may be tried again.
      await failExceptionRefund(app.db, e.id);
      app.log.warn({ ...facts, err: error }, 'exception refund refused by the channel');
      throw new AppError(502, 'pay.refundFailed', { code: error.code });
    }
    // Unknown outcome: it stays PROCESSING and the reconciliation job asks the channel.
    app.log.error({ ...facts, err: error }, 'exception refund outcome unknown');
    throw channelFailure(error);
  }
  return settleExceptionRefund(app, e, result);
}

export async function refundException(
  app: FastifyInstance,
  req: FastifyRequest,
  auth: AuthContext,
  id: number,
) {
  const found = await findException(app.db, auth.tenantId, id);
  if (!found || found.status !== 'open' || found.refundStatus === 'PROCESSING') throw refusalOf(found);
  const tradeNo = await tradeNoOfPayment(app.db, found.channel, found.transactionId);
  if (!tradeNo) throw badRequest('pay.exceptionNoTrade');
  const gateway = await gatewayOf(app, found.tenantId, found.channel);
  const claimed = await claimExceptionRefund(app.db, auth.tenantId, id, {
    refundNo: newRefundNo(),
    by: auth.userId,
  });
  if (!claimed) throw refusalOf(await findException(app.db, auth.tenantId, id));
  const status = await sendRefund(app, gateway, claimed, tradeNo);
  await audit(app.db, req, {
    tenantId: auth.tenantId,
    userId: auth.userId,
    action: 'payment-exception.refund',
    detail: { exceptionId: id, refundNo: claimed.refundNo, amountFen: claimed.amountFen, status },
  });
  if (status === 'FAILED') throw new AppError(502, 'pay.refundFailed', { code: 'CLOSED' });
  return viewOf(app.db, (await findException(app.db, auth.tenantId, id))!);
}

export async function resolveException(
  app: FastifyInstance,
  req: FastifyRequest,
  auth: AuthContext,
  id: number,
  body: { note?: string },
) {
  const check = checkExceptionNote(body.note);
  if (!check.ok) throw badRequest(check.message, check.params);
  const row = await resolveExceptionRow(app.db, auth.tenantId, id, { note: check.note, by: auth.userId });
  if (!row) throw refusalOf(await findException(app.db, auth.tenantId, id));
  await audit(app.db, req, {
    tenantId: auth.tenantId,
    userId: auth.userId,
    action: 'payment-exception.resolve',
    detail: { exceptionId: id, amountFen: row.amountFen, note: row.note },
  });
  return viewOf(app.db, row);
}

/** For the reconciliation job: asks the channel about exception refunds whose outcome is unknown. */
export async function confirmExceptionRefunds(
  app: FastifyInstance,
  options: { olderThanSeconds: number; limit: number },
  count: (result: string) => void,
): Promise<void> {
  for (const e of await staleExceptionRefunds(app.db, options.olderThanSeconds, options.limit)) {
    try {
      const gateway = await gatewayOf(app, e.tenantId, e.channel);
      try {
        const outTradeNo = (await tradeNoOfPayment(app.db, e.channel, e.transactionId)) ?? undefined;
        const answer = await gateway.queryRefund(e.refundNo!, outTradeNo);
        count(`exception_refund_${await settleExceptionRefund(app, e, answer)}`);
      } catch (error) {
        // The channel never received it (we died before asking): it did not happen.
        if (!(error instanceof PayChannelError) || error.code !== 'RESOURCE_NOT_EXISTS') throw error;
        await failExceptionRefund(app.db, e.id);
        count('exception_refund_FAILED');
      }
    } catch (err) {
      app.log.warn({ err, exceptionId: e.id }, 'reconcile: exception refund not asked this time');
      count('exception_refund_failed');
    }
  }
}
