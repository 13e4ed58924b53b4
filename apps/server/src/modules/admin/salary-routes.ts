/**
 * /api/blade-finance/admin/salary/* (HTTP only): the finance office loads a month's slips or a batch
 * of other income (the raw CSV or XLSX file as the request body, at most 10 MB) and reads the slips
 * of its tenant. Rules and storing: ../salary/import-service.ts. The scope's guard checks the role
 * and writes the audit row of every load that stored something.
 */
import { translate } from '@cf/shared/messages';
import { pageQuery } from '@cf/shared/wire/envelope';
import {
  adminSlipQuery,
  adminSlipSchema,
  importReportSchema,
  incomeBatchSchema,
  salaryMonthSchema,
  otherIncomeImportQuery,
  slipImportQuery,
} from '@cf/shared/wire/salary';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, ok, page, pageSchema } from '@server/http/envelope';
import { MAX_FILE_BYTES } from '../salary/import-file';
import { importOtherIncome, importReport, importSlips, type ImportOutcome } from '../salary/import-service';
import { adminSlipPage, otherIncomeBatches, salaryMonths } from '../salary/admin-service';

const tags = ['finance admin'];
const security = [{ bladeAuth: [] }];
const yes = (flag: string | undefined) => flag === '1' || flag === 'true';
const FILE_TYPES = [
  'text/csv',
  'application/octet-stream',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
];

/**
 * Every load that reached the rules answers 200 with its line report: `stored` says whether the rows
 * went in, `errors` why not (a refusal in the Blade envelope carries no data, and the report is data).
 */
function answer(req: FastifyRequest, outcome: ImportOutcome) {
  const report = importReport(outcome, req.lang);
  if (outcome.stored) return ok(report, translate('salary.imported', req.lang, { count: outcome.rows }));
  if (outcome.problems.length === 0) return ok(report);
  return ok(report, translate('salary.fileProblems', req.lang, { count: outcome.problems.length }));
}

async function salaryLoading(scope: FastifyInstance): Promise<void> {
  // This scope alone reads raw files; JSON and forms still reach the handlers (and are refused there).
  for (const type of FILE_TYPES)
    scope.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: MAX_FILE_BYTES }, (_req, body, done) =>
      done(null, body),
    );
  scope.setErrorHandler((error: FastifyError, req, reply) => {
    if (error.code !== 'FST_ERR_CTP_BODY_TOO_LARGE') throw error;
    const mb = MAX_FILE_BYTES / 1024 / 1024;
    const message = translate('salary.fileTooLarge', req.lang, { mb });
    // Refused unread (Content-Length), and answered like any other refused file: the line report.
    return reply
      .status(200)
      .send(ok({ stored: false, rows: 0, replaced: 0, errors: [{ row: 0, column: '', message }] }, message));
  });
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const fileOf = (body: unknown) => (Buffer.isBuffer(body) ? body : Buffer.alloc(0));

  app.post(
    '/api/blade-finance/admin/salary/import',
    {
      bodyLimit: MAX_FILE_BYTES,
      schema: {
        tags,
        security,
        summary:
          'Load a month’s slips: every row checked first; only a file without problems is stored, in one transaction',
        description:
          'Columns: 工号/staffNo, 姓名/name (optional, checked), 发放日期/payDate, 应发合计/gross, 扣款合计/deductions, ' +
          '个税合计/tax, 实发合计/net, and item columns "收入:…"/"income:…", "扣款:…"/"deduction:…", "税:…"/"tax:…". ' +
          'Amounts in yuan. The body is the file itself (text/csv, application/octet-stream or the XLSX type; ' +
          'CSV in UTF-8 or GBK, at most 10 MB). The reply is the line report {stored, rows, replaced, errors: [{row, column, message}]}.',
        querystring: slipImportQuery,
        response: { 200: envelopeSchema(importReportSchema) },
      },
    },
    async (req) => {
      const outcome = await importSlips(app.db, req.auth.tenantId, fileOf(req.body), {
        period: req.query.period,
        replace: yes(req.query.replace),
        dryRun: yes(req.query.dryRun),
      });
      return answer(req, outcome);
    },
  );

  app.post(
    '/api/blade-finance/admin/salary/other-income/import',
    {
      bodyLimit: MAX_FILE_BYTES,
      schema: {
        tags,
        security,
        summary: 'Load a batch of other income: checked row by row, stored all or nothing',
        description:
          'Columns: 工号/staffNo, 姓名/name (optional), 项目/project, 发放部门/department, 发放日期/date, 金额/amount, ' +
          '税额/tax, 实发/net (yuan). The body is the file itself, as for the slips; the reply is the line report.',
        querystring: otherIncomeImportQuery,
        response: { 200: envelopeSchema(importReportSchema) },
      },
    },
    async (req) => {
      const outcome = await importOtherIncome(app.db, req.auth.tenantId, fileOf(req.body), {
        dryRun: yes(req.query.dryRun),
      });
      return answer(req, outcome);
    },
  );

  app.get(
    '/api/blade-finance/admin/salary/slip/list',
    {
      schema: {
        tags,
        security,
        summary:
          'Slips of the tenant with their items, by month and staff number or name (paged); finance role',
        querystring: adminSlipQuery,
        response: { 200: envelopeSchema(pageSchema(adminSlipSchema)) },
      },
    },
    async (req) => {
      const { records, total } = await adminSlipPage(app.db, req.auth.tenantId, req.query);
      return ok(page(records, total, req.query));
    },
  );

  app.get(
    '/api/blade-finance/admin/salary/months',
    {
      schema: {
        tags,
        security,
        summary: 'The months of slips loaded, newest first, with slip counts and sums; finance role',
        response: { 200: envelopeSchema(z.array(salaryMonthSchema)) },
      },
    },
    async (req) => ok(await salaryMonths(app.db, req.auth.tenantId)),
  );

  app.get(
    '/api/blade-finance/admin/salary/other-income/batches',
    {
      schema: {
        tags,
        security,
        summary:
          'Other income as loaded, grouped by project, department and date, latest loaded first (paged); finance role',
        querystring: pageQuery,
        response: { 200: envelopeSchema(pageSchema(incomeBatchSchema)) },
      },
    },
    async (req) => {
      const { rows, total } = await otherIncomeBatches(app.db, req.auth.tenantId, req.query);
      return ok(page(rows, total, req.query));
    },
  );
}

export function registerAdminSalaryRoutes(scope: FastifyInstance): void {
  void scope.register(salaryLoading);
}
