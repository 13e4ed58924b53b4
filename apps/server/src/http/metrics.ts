/**
 * Prometheus metrics of one API process (prom-client, a registry per app so tests do not share one).
 * Counters and histograms are this process's own: Prometheus scrapes every process and sums them.
 * The gauges read from the database at scrape time (./metrics-db.ts) are the same in every process:
 * alert on their max(), never their sum (docs/operations.md, "Metrics and alerts").
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Gateways } from '../gateways';

/** Seconds: from a cached read to a slow export page. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const JOB_BUCKETS = [0.01, 0.05, 0.25, 1, 5, 15, 60, 300];

export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    httpRequests: new Counter({
      name: 'cf_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'] as const,
      registers,
    }),
    httpDuration: new Histogram({
      name: 'cf_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: HTTP_BUCKETS,
      registers,
    }),
    notifiesReceived: new Counter({
      name: 'cf_pay_notifies_received_total',
      help: 'Payment and refund notifies received from a channel',
      labelNames: ['channel'] as const,
      registers,
    }),
    notifiesApplied: new Counter({
      name: 'cf_pay_notifies_applied_total',
      help: 'Notifies handled and acknowledged, by channel, kind (payment, refund) and outcome',
      labelNames: ['channel', 'kind', 'outcome'] as const,
      registers,
    }),
    notifiesFailed: new Counter({
      name: 'cf_pay_notifies_failed_total',
      help: 'Notifies not applied: refused (signature, merchant) or failed on our side (the channel retries)',
      labelNames: ['channel', 'reason'] as const,
      registers,
    }),
    paymentExceptions: new Counter({
      name: 'cf_payment_exceptions_total',
      help: 'Money kept in payment exceptions by a notify (closed order, amount mismatch, unknown order)',
      labelNames: ['channel', 'kind'] as const,
      registers,
    }),
    messages: new Counter({
      name: 'cf_messages_total',
      help: 'SMS and mail messages handed to their provider, by channel and result',
      labelNames: ['channel', 'result'] as const,
      registers,
    }),
    jobRuns: new Counter({
      name: 'cf_job_runs_total',
      help: 'Runs of the background jobs in this process, by job and result (ok, error)',
      labelNames: ['job', 'result'] as const,
      registers,
    }),
    jobDuration: new Histogram({
      name: 'cf_job_run_duration_seconds',
      help: 'Time of one run of a background job',
      labelNames: ['job'] as const,
      buckets: JOB_BUCKETS,
      registers,
    }),
    jobRunning: new Gauge({
      name: 'cf_job_running',
      help: 'Whether a run of the job is in progress in this process',
      labelNames: ['job'] as const,
      registers,
    }),
    jobLastSuccess: new Gauge({
      name: 'cf_job_last_success_timestamp_seconds',
      help: 'When a run of the job last ended without error in this process (Unix time)',
      labelNames: ['job'] as const,
      registers,
    }),
    // Read from the database at scrape time (./metrics-db.ts).
    databaseUp: new Gauge({
      name: 'cf_database_up',
      help: 'Whether the database answered the scrape (1) or not (0)',
      registers,
    }),
    dbPool: new Gauge({
      name: 'cf_db_pool_connections',
      help: "The pg pool's connections of this process (PostgreSQL only): max, total, idle, waiting",
      labelNames: ['state'] as const,
      registers,
    }),
    jobQueue: new Gauge({
      name: 'cf_job_queue',
      help: 'Work of the background jobs in the database, by kind and state (due, running, failed)',
      labelNames: ['kind', 'state'] as const,
      registers,
    }),
    jobOldestDue: new Gauge({
      name: 'cf_job_oldest_due_seconds',
      help: 'Age of the oldest work a job has due (0: none due)',
      labelNames: ['kind'] as const,
      registers,
    }),
    importJobs: new Gauge({
      name: 'cf_import_jobs',
      help: 'Import jobs not finished, and those finished in the last 24 hours, by kind and status',
      labelNames: ['kind', 'status'] as const,
      registers,
    }),
    openExceptions: new Gauge({
      name: 'cf_payment_exceptions_open',
      help: 'Payment exceptions the finance office has not settled, by kind',
      labelNames: ['kind'] as const,
      registers,
    }),
    reconciliationDifferences: new Gauge({
      name: 'cf_reconciliation_differences',
      help: "Differing lines of each school's and channel's latest reconciled day",
      labelNames: ['tenant', 'channel'] as const,
      registers,
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** Outside the API and the probes, every route is a file of the web app or the console. */
const OPS_ROUTES = new Set(['/health', '/ready', '/metrics']);

/**
 * The label of a request's route: its pattern as registered (`/api/.../:id`), never the URL asked for,
 * so ids and query strings never become labels. A request no route matched is `(unmatched)`; the
 * static files of the two apps are one label, `(static)`.
 */
export function routeLabel(pattern: string | undefined): string {
  if (!pattern) return '(unmatched)';
  if (pattern.startsWith('/api/') || OPS_ROUTES.has(pattern)) return pattern;
  return '(static)';
}

/** Runs one job run under the job metrics: running while it lasts, then its result and time. */
export async function timedJob<T>(metrics: Metrics, job: string, run: () => Promise<T>): Promise<T> {
  const end = metrics.jobDuration.startTimer({ job });
  metrics.jobRunning.set({ job }, 1);
  try {
    const result = await run();
    metrics.jobRuns.inc({ job, result: 'ok' });
    metrics.jobLastSuccess.set({ job }, Date.now() / 1000);
    return result;
  } catch (err) {
    metrics.jobRuns.inc({ job, result: 'error' });
    throw err;
  } finally {
    end();
    metrics.jobRunning.set({ job }, 0);
  }
}

/** The gateways with SMS and mail counted as they are handed to their provider (cf_messages_total). */
export function countMessages(gateways: Gateways, metrics: Metrics): Gateways {
  const counted =
    <A extends unknown[]>(channel: string, send: (...args: A) => Promise<void>) =>
    async (...args: A) => {
      try {
        await send(...args);
        metrics.messages.inc({ channel, result: 'sent' });
      } catch (err) {
        metrics.messages.inc({ channel, result: 'failed' });
        throw err;
      }
    };
  const { sms, mail } = gateways;
  return {
    ...gateways,
    sms: { send: counted('sms', sms.send.bind(sms)), forget: (tenantId) => sms.forget(tenantId) },
    mail: { send: counted('mail', mail.send.bind(mail)), forget: (tenantId) => mail.forget(tenantId) },
  };
}
