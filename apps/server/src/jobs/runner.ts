/**
 * Runs the jobs on their intervals in this process. Several processes may run them on one
 * database: the jobs claim their work (./claim.ts). stop() waits for a run in progress, so the
 * database can be closed right after it.
 */
import type { FastifyInstance } from 'fastify';
import { timedJob } from '@server/http/metrics';
import { expireOrders } from './expire-orders';
import { pollInvoices } from './poll-invoices';
import { reconcilePayments } from './reconcile';
import { reconcileYesterday } from './reconcile-daily';

/** How often the nightly reconciliation looks for a day to do (and for failed runs to retry). */
const DAILY_RECONCILE_INTERVAL_SECONDS = 15 * 60;
import { resumeStoppedImports } from './run-imports';
import { purgeOldEvidence } from './purge-evidence';
import { runCampaigns } from './run-campaigns';
import { sendMessages } from './send-messages';

/** A claimed message not finished within this is taken over by another run (a process died mid-send). */
const MESSAGE_LEASE_SECONDS = 60;
/** A run of the sending job claims again while its claims come back full, for this long at most. */
const MESSAGE_RUN_MS = 30_000;

/** How often evidence files no longer needed are looked for. */
const EVIDENCE_PURGE_SECONDS = 3600;

/** How often stopped imports are looked for (their lease is 60 s). */
const IMPORT_RESUME_SECONDS = 15;

export interface Jobs {
  stop(): Promise<void>;
}

function every(app: FastifyInstance, name: string, seconds: number, run: () => Promise<unknown>) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = timedJob(app.metrics, name, run)
        .then((result) => app.log.debug({ job: name, result }, 'job run'))
        .catch((err: unknown) => app.log.error({ err, job: name }, 'job run failed'))
        .finally(() => {
          running = undefined;
          schedule();
        });
    }, seconds * 1000);
  };
  schedule();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}

export function startJobs(app: FastifyInstance): Jobs {
  const { jobs } = app.config;
  if (!jobs.enabled) return { stop: async () => undefined };
  const stops = [
    every(app, 'expire-orders', jobs.expireInterval, () =>
      expireOrders(app, { leaseSeconds: jobs.expireInterval }),
    ),
    every(app, 'reconcile-payments', jobs.reconcileInterval, () =>
      reconcilePayments(app, { olderThanSeconds: jobs.reconcileAfter, leaseSeconds: jobs.reconcileInterval }),
    ),
    every(app, 'poll-invoices', jobs.invoiceInterval, () =>
      pollInvoices(app, { leaseSeconds: jobs.invoiceInterval * 0.9 }),
    ),
    // Cheap when there is nothing to do: yesterday's runs exist once made, and claims skip done ones.
    every(app, 'reconcile-daily', DAILY_RECONCILE_INTERVAL_SECONDS, () => reconcileYesterday(app)),
    every(app, 'resume-imports', IMPORT_RESUME_SECONDS, () => resumeStoppedImports(app)),
    every(app, 'purge-evidence', EVIDENCE_PURGE_SECONDS, () => purgeOldEvidence(app)),
    every(app, 'send-messages', jobs.notifyInterval, () =>
      sendMessages(app, {
        leaseSeconds: MESSAGE_LEASE_SECONDS,
        // A claim is sent within its lease even at the reminder rate (send-service.ts waits for slots).
        limit: Math.max(1, Math.min(50, Math.floor((jobs.reminderRate * MESSAGE_LEASE_SECONDS) / 4))),
        forMs: MESSAGE_RUN_MS,
      }),
    ),
    every(app, 'run-campaigns', jobs.notifyInterval, () => runCampaigns(app)),
  ];
  app.log.info({ jobs }, 'jobs started');
  return { stop: async () => void (await Promise.all(stops.map((stop) => stop()))) };
}
