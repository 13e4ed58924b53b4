/**
 * Job: for orders PAYING longer than a few minutes, ask the channel about the order's open payment
 * attempt (its trade number) — a payment whose notify was lost (or whose handling died with its
 * process) is credited here; a trade that failed or was closed there makes the order payable again.
 * Refunds whose outcome we never learned are asked about too.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PayChannelError } from '../gateways/wechat-pay/types';
import { tradeNoOfPayment } from '@server/modules/pay/channels/attempts';
import { gatewayOf } from '@server/modules/pay/channels/channel';
import { followChannel } from '@server/modules/pay/channels/close';
import { confirmExceptionRefunds } from '@server/modules/pay/exceptions/exception-service';
import { failRefund, staleRefunds } from '@server/modules/pay/refunds/refund-status';
import { settleRefund } from '@server/modules/pay/refunds/refund-service';
import { findOrderById } from '../modules/pay/repo';
import { claimOrders } from './claim';
import type { JobRun } from './expire-orders';

export async function reconcilePayments(
  app: FastifyInstance,
  options: { olderThanSeconds: number; leaseSeconds: number; limit?: number },
): Promise<JobRun> {
  const limit = options.limit ?? 50;
  const ids = await claimOrders(
    app.db,
    sql`pay_status = 'PAYING' AND paying_at < now() - make_interval(secs => ${options.olderThanSeconds})`,
    { leaseSeconds: options.leaseSeconds, limit, orderBy: sql`paying_at` },
  );
  const results: Record<string, number> = {};
  const count = (key: string) => (results[key] = (results[key] ?? 0) + 1);
  for (const id of ids) {
    try {
      const order = await findOrderById(app.db, id);
      if (order?.payStatus !== 'PAYING') continue;
      // A payment found is credited; a failed or closed trade makes the order payable again.
      const answer = await followChannel(app, order);
      count(answer.outcome ?? (answer.retired ? 'payable_again' : answer.query.state));
      if (answer.outcome === 'credited')
        app.log.info({ orderNo: order.orderNo }, 'reconcile: payment found and credited');
    } catch (err) {
      app.log.warn({ err, orderId: id }, 'reconcile: channel not asked this time');
      count('failed');
    }
  }

  for (const refund of await staleRefunds(app.db, options.olderThanSeconds, limit)) {
    try {
      const order = await findOrderById(app.db, refund.orderId);
      const gateway = await gatewayOf(app, refund.tenantId, order?.channel ?? null);
      try {
        const outTradeNo =
          (order?.paymentNo && (await tradeNoOfPayment(app.db, gateway.name, order.paymentNo))) ||
          order?.orderNo;
        const answer = await gateway.queryRefund(refund.outRefundNo, outTradeNo);
        count(`refund_${await settleRefund(app, gateway, refund, answer)}`);
      } catch (error) {
        // The channel never received it (we died before asking): it did not happen.
        if (!(error instanceof PayChannelError) || error.code !== 'RESOURCE_NOT_EXISTS') throw error;
        await failRefund(app.db, refund.id);
        count('refund_FAILED');
      }
    } catch (err) {
      app.log.warn({ err, refundId: refund.id }, 'reconcile: refund not asked this time');
      count('refund_failed');
    }
  }
  // Money sent back from payment_exceptions: the same question, kept off the orders' books.
  await confirmExceptionRefunds(app, { olderThanSeconds: options.olderThanSeconds, limit }, count);
  return { claimed: ids.length, results };
}
