/**
 * Job: close the unpaid orders whose time is up (expire_at reached, as isOrderExpired in
 * @cf/shared/order-expiry says). Each is closed through closeOrder(), which asks the
 * channel about the order's open payment attempt first — an order paid at the last moment becomes
 * PAID instead of CLOSED — and closes that attempt there.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { closeOrder } from '@server/modules/pay/channels/close';
import { claimOrders } from './claim';

export interface JobRun {
  claimed: number;
  results: Record<string, number>;
}

export async function expireOrders(
  app: FastifyInstance,
  options: { leaseSeconds: number; limit?: number },
): Promise<JobRun> {
  const ids = await claimOrders(app.db, sql`pay_status IN ('NOT_PAY', 'PAYING') AND expire_at <= now()`, {
    leaseSeconds: options.leaseSeconds,
    limit: options.limit ?? 50,
    orderBy: sql`expire_at`,
  });
  const results: Record<string, number> = {};
  for (const id of ids) {
    let result: string;
    try {
      result = await closeOrder(app, id, 'expired');
    } catch (err) {
      // Left open; a later run tries again once the lease has passed.
      app.log.warn({ err, orderId: id }, 'expire job: order not closed this time');
      result = 'failed';
    }
    results[result] = (results[result] ?? 0) + 1;
  }
  return { claimed: ids.length, results };
}
