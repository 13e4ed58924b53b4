/**
 * What operators watch: every request counted and timed by route pattern (./metrics.ts), GET /metrics
 * for Prometheus behind a bearer token (METRICS_TOKEN; without it there is no /metrics at all), and
 * GET /ready, the readiness probe: the database answers and every migration this server ships is applied.
 * GET /health (app.ts) stays the liveness probe.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { migrationsBehind, pingDatabase, type PoolStats } from '../db/client';
import { fail, ok } from './envelope';
import { unauthorized } from './errors';
import { refreshDatabaseGauges } from './metrics-db';
import { routeLabel } from './metrics';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compares digests, so neither the token's length nor its characters show in the time taken. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  return timingSafeEqual(digest(header ?? ''), digest(`Bearer ${token}`));
}

/** Counts and times every request; register before the routes so each of them carries the hook. */
export function registerRequestMetrics(app: FastifyInstance): void {
  app.addHook('onResponse', (req, reply, done) => {
    const labels = {
      method: req.method,
      route: routeLabel(req.routeOptions.url),
      status: String(reply.statusCode),
    };
    app.metrics.httpRequests.inc(labels);
    app.metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
    done();
  });
}

export function registerOpsRoutes(app: FastifyInstance, options: { poolStats?: () => PoolStats }): void {
  app.get('/ready', { schema: { hide: true } }, async (_req, reply) => {
    let behind: number;
    try {
      await pingDatabase(app.db);
      behind = await migrationsBehind(app.db);
    } catch (err) {
      app.log.error({ err }, 'readiness: database down');
      return reply.status(503).send(fail(503, 'database down'));
    }
    if (behind > 0) return reply.status(503).send(fail(503, `migrations not applied: ${behind}`));
    return ok({ status: 'ready', database: 'up', migrations: 'applied' });
  });

  const token = app.config.metricsToken;
  if (!token) return;
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    if (!bearerMatches(req.headers.authorization, token)) throw unauthorized();
    await refreshDatabaseGauges(app.metrics, app.db, {
      reconcileAfter: app.config.jobs.reconcileAfter,
      poolStats: options.poolStats,
      onError: (err) => req.log.error({ err }, 'metrics: the database gauges could not be read'),
    });
    return reply
      .header('cache-control', 'no-store')
      .type(app.metrics.registry.contentType)
      .send(await app.metrics.registry.metrics());
  });
}
