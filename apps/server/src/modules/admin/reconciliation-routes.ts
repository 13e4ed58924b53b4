/**
 * /api/blade-finance/admin/reconciliation/* (HTTP only): run a day's reconciliation of a channel, list
 * runs, read a run's differences, export them as XLSX. Finance office (clerk and up); the tenant is
 * the token's. The scope's guard writes the audit row of a run asked for.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  reconciliationRunSchema,
  runBody,
  runDetailSchema,
  runIdParam,
  runListQuery,
  runPageSchema,
} from '@cf/shared/wire/admin-reconciliation';
import { envelopeSchema, ok, page } from '@server/http/envelope';
import { notFound } from '@server/http/errors';
import { reconciliationWorkbook } from '../pay/reconciliation/export';
import { findRun, listLines, listRuns } from '../pay/reconciliation/repo';
import { lineView, requestRun, runView } from '../pay/reconciliation/service';
import { noteAudit } from '@server/http/audit';

const BASE = '/api/blade-finance/admin/reconciliation/runs';
const common = { tags: ['finance admin'], security: [{ bladeAuth: [] }] };
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function registerAdminReconciliationRoutes(scope: FastifyInstance): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();

  const runOf = async (tenantId: string, id: number) => {
    const run = await findRun(app.db, tenantId, id);
    if (!run) throw notFound('reconcile.runNotFound');
    return run;
  };

  app.post(
    BASE,
    {
      schema: {
        ...common,
        summary:
          "Reconcile a day (Beijing time) of a channel now: the channel's statement against our payments and refunds; 409 while one runs",
        body: runBody,
        response: { 200: envelopeSchema(reconciliationRunSchema) },
      },
    },
    async (req) => {
      const run = await requestRun(app, req.auth, req.body.billDate, req.body.channel);
      noteAudit(req, { billDate: run.billDate, channel: run.channel, differences: run.differenceCount });
      return ok(runView(run));
    },
  );

  app.get(
    BASE,
    {
      schema: {
        ...common,
        summary: 'Reconciliation runs of the tenant, newest day first (channel, day range)',
        querystring: runListQuery,
        response: { 200: envelopeSchema(runPageSchema) },
      },
    },
    async (req) => {
      const { current, size, ...filter } = req.query;
      const { rows, total } = await listRuns(app.db, req.auth.tenantId, filter, { current, size });
      return ok(page(rows.map(runView), total, { current, size }));
    },
  );

  app.get(
    `${BASE}/:id`,
    {
      schema: {
        ...common,
        summary: 'A run with its difference lines',
        params: runIdParam,
        response: { 200: envelopeSchema(runDetailSchema) },
      },
    },
    async (req) => {
      const run = await runOf(req.auth.tenantId, req.params.id);
      return ok({ run: runView(run), lines: (await listLines(app.db, run.id)).map(lineView) });
    },
  );

  app.get(
    `${BASE}/:id/export`,
    {
      schema: {
        ...common,
        summary: "A run's differences as an XLSX workbook",
        params: runIdParam,
        produces: [XLSX],
      },
    },
    async (req, reply) => {
      const run = await runOf(req.auth.tenantId, req.params.id);
      const lines = (await listLines(app.db, run.id)).map(lineView);
      const file = await reconciliationWorkbook(runView(run), lines, req.lang);
      noteAudit(req, { billDate: run.billDate, channel: run.channel, rows: lines.length });
      return reply
        .header('content-type', XLSX)
        .header('cache-control', 'private, no-store')
        .header(
          'content-disposition',
          `attachment; filename="reconciliation-${run.billDate}-${run.channel}.xlsx"`,
        )
        .send(file);
    },
  );
}
