/**
 * Refunds by the finance office, full or part, each with a reason and a kind (reduce the receivable or
 * refund only: @cf/shared/refund-reason): the amount is reserved under the order's row lock (never more
 * than was paid, counting refunds still in flight), then the channel refunds, then the refund is recorded. A refund whose outcome is unknown stays PROCESSING for the reconciliation job.
 * Called from ../admin/refunds-routes.ts, whose guard checks the finance role; no role check here.
 */
import { randomBytes } from 'node:crypto';
import { formatYuan } from '@cf/shared/money';
import { checkRefundReason, type RefundKind } from '@cf/shared/refund-reason';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { orders, refunds } from '@server/db/schema-finance';
import type { PayGateway } from '@server/gateways/types';
import { PayChannelError, type RefundResult } from '@server/gateways/wechat-pay/types';
import { audit } from '@server/http/audit';
import type { AuthContext } from '@server/http/context';
import { AppError, badRequest, notFound } from '@server/http/errors';
import { tradeNoOfPayment } from '@server/modules/pay/channels/attempts';
import { channelFailure, gatewayOf } from '@server/modules/pay/channels/channel';
import { PAY_STATUS_COLORS } from '@server/modules/order/pay-status';
import { completeRefund, failRefund, type RefundRow, type RefundState } from './refund-status';
import { findOrderById } from '@server/modules/pay/repo';

export const newRefundNo = () =>
  `RF${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}${randomBytes(6).toString('hex')}`;

async function reserve(
  app: FastifyInstance,
  auth: AuthContext,
  orderId: number,
  amountFen: number,
  reason: string,
  kind: RefundKind,
) {
  return app.db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.tenantId, auth.tenantId), eq(orders.id, orderId)))
      .for('update');
    if (!order) throw notFound('pay.orderNotFound');
    if (order.payStatus !== 'PAID') throw badRequest('pay.refundNotPaid');
    const [pending] = await tx
      .select({ fen: sql<string>`coalesce(sum(${refunds.amountFen}), 0)` })
      .from(refunds)
      .where(and(eq(refunds.orderId, order.id), eq(refunds.status, 'PROCESSING')));
    const left = order.totalFen - order.refundedFen - Number(pending?.fen ?? 0);
    if (amountFen > left)
      throw badRequest('pay.refundTooMuch', { max: formatYuan(Math.max(0, left), false) });
    const [refund] = await tx
      .insert(refunds)
      .values({
        tenantId: order.tenantId,
        orderId: order.id,
        outRefundNo: newRefundNo(),
        amountFen,
        status: 'PROCESSING',
        reason,
        kind,
        createdBy: auth.userId,
      })
      .returning();
    return { order, refund: refund! };
  });
}

/** Applies the channel's answer about a refund; answers the refund's status afterwards. */
export async function settleRefund(
  app: FastifyInstance,
  gateway: PayGateway,
  refund: RefundRow,
  result: RefundResult,
  refundedAt = new Date(),
): Promise<RefundState> {
  if (result.status === 'SUCCESS') {
    await completeRefund(app.db, refund.id, {
      channelRefundId: result.refundId,
      method: gateway.name,
      refundedAt,
    });
    return 'SUCCESS';
  }
  if (result.status === 'CLOSED' || result.status === 'ABNORMAL') {
    await failRefund(app.db, refund.id, result.refundId);
    app.log.warn({ outRefundNo: refund.outRefundNo, status: result.status }, 'refund failed at the channel');
    return 'FAILED';
  }
  return 'PROCESSING';
}

/** A refusal (the channel answered 4xx with its code) as opposed to not knowing what happened. */
export const refused = (error: unknown): error is PayChannelError =>
  error instanceof PayChannelError &&
  !error.code.startsWith('BAD_RESPONSE') &&
  (error.httpStatus === undefined || error.httpStatus < 500);

export async function refundOrder(
  app: FastifyInstance,
  req: FastifyRequest,
  auth: AuthContext,
  orderId: number,
  input: { amountFen: number; reason: string; kind: RefundKind },
) {
  const checked = checkRefundReason(input.reason);
  if (!checked.ok) throw badRequest(checked.message, checked.params);
  const reason = checked.reason;
  const { order, refund } = await reserve(app, auth, orderId, input.amountFen, reason, input.kind);
  const gateway = await gatewayOf(app, order.tenantId, order.channel);
  // The money came on one payment attempt's trade; orders paid before attempts existed used the order number.
  const outTradeNo =
    (order.paymentNo && (await tradeNoOfPayment(app.db, gateway.name, order.paymentNo))) || order.orderNo;
  let status: RefundState;
  try {
    const result = await gateway.refund({
      outTradeNo,
      outRefundNo: refund.outRefundNo,
      refundFen: refund.amountFen,
      totalFen: order.totalFen,
      reason,
    });
    status = await settleRefund(app, gateway, refund, result);
  } catch (error) {
    if (refused(error)) {
      await failRefund(app.db, refund.id);
      app.log.warn({ err: error, outRefundNo: refund.outRefundNo }, 'refund refused by the channel');
      throw badRequest('pay.refundFailed', { code: error.code });
    }
    // Unknown outcome: the refund stays PROCESSING and the reconciliation job asks the channel.
    app.log.error({ err: error, outRefundNo: refund.outRefundNo }, 'refund outcome unknown');
    throw channelFailure(error);
  }
  await audit(app.db, req, {
    tenantId: auth.tenantId,
    userId: auth.userId,
    action: 'order.refund',
    detail: {
      orderId,
      outRefundNo: refund.outRefundNo,
      amountFen: refund.amountFen,
      kind: refund.kind,
      reason,
      status,
    },
  });
  if (status === 'FAILED') throw new AppError(400, 'pay.refundFailed', { code: 'CLOSED' });
  const now = (await findOrderById(app.db, order.id))!;
  return {
    refundId: refund.id,
    outRefundNo: refund.outRefundNo,
    amountFen: refund.amountFen,
    kind: refund.kind,
    status,
    orderNo: now.orderNo,
    totalFen: now.totalFen,
    refundedFen: now.refundedFen,
    payStatus: now.payStatus,
    payStatusColor: PAY_STATUS_COLORS[now.payStatus],
  };
}
