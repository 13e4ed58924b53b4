/**
 * /api/blade-finance/admin/import/* (HTTP only): the finance office's bulk loading of people, fee
 * items, receivables, salary and other income. Upload a file (the raw CSV or XLSX as the body, at most
 * 20 MB) -> a job, checked in the background; poll it for progress and the dry-run report; commit it;
 * download the template and the report as XLSX. Rules and storing: ../imports/service.ts.
 */
import {
  importJobListQuery,
  importJobParam,
  importJobSchema,
  importJobSummarySchema,
  importKindParam,
  importUploadQuery,
} from '@cf/shared/wire/admin-imports';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noteAudit } from '@server/http/audit';
import { envelopeSchema, ok, page, pageSchema } from '@server/http/envelope';
import { AppError } from '@server/http/errors';
import {
  commitImport,
  importJobPage,
  importJobView,
  jobWithFile,
  MAX_IMPORT_BYTES,
  startImport,
  viewOf,
  waitForImports,
} from '../imports/service';
import { reportWorkbook, templateWorkbook } from '../imports/workbooks';

const tags = ['finance admin'];
const security = [{ bladeAuth: [] }];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const FILE_TYPES = ['text/csv', 'application/octet-stream', XLSX];

const attachment = (name: string) => `attachment; filename="${name}"`;

async function importRoutes(scope: FastifyInstance): Promise<void> {
  // This scope alone reads raw files, up to the import limit.
  for (const type of FILE_TYPES)
    scope.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: MAX_IMPORT_BYTES }, (_req, body, done) =>
      done(null, body),
    );
  scope.setErrorHandler((error: FastifyError) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      throw new AppError(413, 'imports.fileTooLarge', { mb: MAX_IMPORT_BYTES / 1024 / 1024 });
    throw error;
  });
  scope.addHook('onClose', async (instance) => waitForImports(instance.db));
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const fileOf = (body: unknown) => (Buffer.isBuffer(body) ? body : Buffer.alloc(0));

  app.get(
    '/api/blade-finance/admin/import/:kind/template',
    {
      // Headers and an example row: none of the tenant's data, so no audit row.
      config: { audited: false },
      schema: {
        tags,
        security,
        summary:
          'The kind’s template: Chinese headers, an example row, and the columns in both languages (XLSX)',
        params: importKindParam,
        produces: [XLSX],
      },
    },
    async (req, reply) =>
      reply
        .type(XLSX)
        .header('content-disposition', attachment(`import-${req.params.kind}-template.xlsx`))
        .send(await templateWorkbook(req.params.kind)),
  );

  app.post(
    '/api/blade-finance/admin/import/:kind',
    {
      bodyLimit: MAX_IMPORT_BYTES,
      schema: {
        tags,
        security,
        summary: 'Upload a file to import: answers the new job, checked in the background (poll it)',
        description:
          'The body is the file itself (text/csv, application/octet-stream or the XLSX type; CSV in UTF-8 or ' +
          'GBK; at most 20 MB, else 413). Headers in Chinese or English (see the template). While an import of ' +
          'the same kind runs in the tenant (being checked or committed), another is refused with 409.',
        params: importKindParam,
        querystring: importUploadQuery,
        response: { 200: envelopeSchema(importJobSchema) },
      },
    },
    async (req) => {
      const job = await startImport(app.db, req.log, req.auth, req.params.kind, fileOf(req.body), req.query);
      return ok(viewOf(app.db, job, req.lang));
    },
  );

  app.get(
    '/api/blade-finance/admin/import/job/list',
    {
      schema: {
        tags,
        security,
        summary: 'The tenant’s imports, newest first (paged), without their problems',
        querystring: importJobListQuery,
        response: { 200: envelopeSchema(pageSchema(importJobSummarySchema)) },
      },
    },
    async (req) => {
      const { records, total } = await importJobPage(app.db, req.auth.tenantId, req.query, req.lang);
      return ok(page(records, total, req.query));
    },
  );

  app.get(
    '/api/blade-finance/admin/import/job/:id',
    {
      schema: {
        tags,
        security,
        summary:
          'An import: status, phase and progress (done of total), the dry-run counts and the first 500 problems',
        params: importJobParam,
        response: { 200: envelopeSchema(importJobSchema) },
      },
    },
    async (req) => ok(await importJobView(app.db, req.auth.tenantId, req.params.id, req.lang)),
  );

  app.post(
    '/api/blade-finance/admin/import/job/:id/commit',
    {
      schema: {
        tags,
        security,
        summary:
          'Commit a checked import without errors: checked again and stored in one transaction, all or nothing',
        params: importJobParam,
        body: z.unknown().optional(),
        response: { 200: envelopeSchema(importJobSchema) },
      },
    },
    async (req) => {
      const job = await commitImport(app.db, req.log, req.auth.tenantId, req.params.id);
      return ok(viewOf(app.db, job, req.lang));
    },
  );

  app.get(
    '/api/blade-finance/admin/import/job/:id/report',
    {
      schema: {
        tags,
        security,
        summary: 'The report as XLSX: the file with every problem cell marked, and the list of problems',
        params: importJobParam,
        produces: [XLSX],
      },
    },
    async (req, reply) => {
      const { job, sheet } = await jobWithFile(app.db, req.auth.tenantId, req.params.id);
      const file = await reportWorkbook(sheet, job.errors, req.lang);
      noteAudit(req, { kind: job.kind, rows: job.rows, problems: job.errors.length });
      return reply
        .type(XLSX)
        .header('content-disposition', attachment(`import-${job.id}-report.xlsx`))
        .send(file);
    },
  );
}

export function registerAdminImportRoutes(scope: FastifyInstance): void {
  void scope.register(importRoutes);
}
