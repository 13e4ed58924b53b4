/**
 * Job: the nightly reconciliation. Once WeChat Pay has written the bills (from 10:00 Beijing time the
 * next day), every tenant's channels get a run of yesterday; runs are claimed from PostgreSQL (FOR
 * UPDATE SKIP LOCKED, modules/pay/reconciliation/run-status.ts), so any number of processes may run
 * this job and each day is done once. A failed run is tried again after the lease, three times.
 */
import type { FastifyInstance } from 'fastify';
import type { PayChannelName } from '../gateways/types';
import { channelsToReconcile } from '@server/modules/pay/reconciliation/repo';
import { claimRuns, ensureRun } from '@server/modules/pay/reconciliation/run-status';
import { beijingToday, reconcileRun, RUN_LEASE_SECONDS } from '@server/modules/pay/reconciliation/service';
import type { JobRun } from './expire-orders';

/** WeChat Pay's bills of a day are ready from 10:00 Beijing time the next day. */
const BILLS_READY_HOUR = 10;

export const previousDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - 24 * 3600_000).toISOString().slice(0, 10);

export async function reconcileYesterday(
  app: FastifyInstance,
  options: { now?: Date; limit?: number } = {},
): Promise<JobRun> {
  const now = options.now ?? new Date();
  const results: Record<string, number> = {};
  const beijingHour = (now.getUTCHours() + 8) % 24;
  if (beijingHour >= BILLS_READY_HOUR) {
    const billDate = previousDay(beijingToday(now));
    for (const { tenantId, channel } of await channelsToReconcile(app.db)) {
      if (!app.gateways.pay.available(channel as PayChannelName)) continue;
      await ensureRun(app.db, { tenantId, billDate, channel }, { requestedBy: null, again: false });
    }
  }
  const ids = await claimRuns(app.db, { leaseSeconds: RUN_LEASE_SECONDS, limit: options.limit ?? 20 });
  for (const id of ids) {
    try {
      const run = await reconcileRun(app, id);
      const key = run?.status ?? 'missing';
      results[key] = (results[key] ?? 0) + 1;
    } catch (err) {
      app.log.warn({ err, runId: id }, 'reconcile-daily: run not finished this time');
      results.error = (results.error ?? 0) + 1;
    }
  }
  return { claimed: ids.length, results };
}
