/**
 * /api/blade-finance/admin/import/* (HTTP only): the finance office's bulk loading of people (students
 * and staff, outside people, new students), fee items, receivables, salary and other income. Upload a
 * file (the raw CSV or XLSX as the body, or a multipart form's `file` part; at most 20 MB) -> a job,
 * checked in the background; poll it for progress and the dry-run report; commit it; download the
 * template and the report as XLSX. Rules and storing: ../imports/service.ts.
 */
import { readFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import {
  importJobListQuery,
  importJobParam,
  importJobSchema,
  importJobSummarySchema,
  importKindParam,
  importUploadQuery,
} from '@cf/shared/wire/admin-imports';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noteAudit } from '@server/http/audit';
import { envelopeSchema, ok, page, pageSchema } from '@server/http/envelope';
import { AppError, badRequest } from '@server/http/errors';
import { removeUpload, streamToTempFile, type Upload } from '@server/http/upload-file';
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
/** A multipart form around the file: its boundaries and headers, beyond the file's own bytes. */
const MULTIPART_OVERHEAD = 64 * 1024;

const attachment = (name: string) => `attachment; filename="${name}"`;

const tooLarge = () => new AppError(413, 'imports.fileTooLarge', { mb: MAX_IMPORT_BYTES / 1024 / 1024 });

/** The raw bodies this scope took, left unread until the guard has let the caller in. */
const rawBodies = new WeakMap<FastifyRequest, Readable>();

/**
 * The uploaded file streamed to a temporary file (see http/upload-file.ts): the raw body, or the
 * multipart form's first file part. A declared length over the limit is refused before anything is read.
 */
async function receiveUpload(req: FastifyRequest): Promise<{ upload: Upload; fileName?: string }> {
  const declared = Number(req.headers['content-length']);
  if (req.isMultipart()) {
    if (declared > MAX_IMPORT_BYTES + MULTIPART_OVERHEAD) return { upload: { ok: false, why: 'tooLarge' } };
    const part = await req.file({
      limits: { fileSize: MAX_IMPORT_BYTES, files: 1 },
      throwFileSizeLimit: false,
    });
    if (!part) throw badRequest('imports.fileMissing');
    const upload = await streamToTempFile(part.file, MAX_IMPORT_BYTES, () => part.file.truncated);
    return { upload, fileName: part.filename };
  }
  if (declared > MAX_IMPORT_BYTES) return { upload: { ok: false, why: 'tooLarge' } };
  const body = rawBodies.get(req);
  // No body at all: an empty file, which the check reports as such.
  if (!body) return { upload: { ok: true, path: '', bytes: 0 } };
  return { upload: await streamToTempFile(body, MAX_IMPORT_BYTES) };
}

async function uploadedBytes(upload: Upload, reply: FastifyReply): Promise<Buffer> {
  if (upload.ok) return upload.bytes === 0 ? Buffer.alloc(0) : readFile(upload.path);
  // The rest of a refused body is not worth reading: the connection closes after the answer.
  reply.header('connection', 'close');
  throw upload.why === 'tooLarge' ? tooLarge() : badRequest('imports.uploadIncomplete');
}

async function importRoutes(scope: FastifyInstance): Promise<void> {
  // This scope alone takes raw files and multipart forms, streamed by the route (not parsed here).
  await scope.register(multipart, { limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 10 } });
  scope.addContentTypeParser(FILE_TYPES, (req, payload, done) => {
    rawBodies.set(req, payload);
    done(null, undefined);
  });
  scope.setErrorHandler((error: FastifyError) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.code === 'FST_REQ_FILE_TOO_LARGE')
      throw tooLarge();
    throw error;
  });
  scope.addHook('onClose', async (instance) => waitForImports(instance.db));
  const app = scope.withTypeProvider<ZodTypeProvider>();

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
      schema: {
        tags,
        security,
        summary: 'Upload a file to import: answers the new job, checked in the background (poll it)',
        description:
          'The body is the file itself (text/csv, application/octet-stream or the XLSX type), or a ' +
          'multipart/form-data form whose first file part is the file (its name is the job’s when fileName ' +
          'is not given). CSV in UTF-8 or GBK; at most 20 MB, else 413 (refused at once when the declared ' +
          'length says so). The upload is streamed to a temporary file, never held whole in memory. ' +
          'Headers in Chinese or English (see the template). While an import of the same kind runs in the ' +
          'tenant (being checked or committed), another is refused with 409.',
        consumes: [...FILE_TYPES, 'multipart/form-data'],
        params: importKindParam,
        querystring: importUploadQuery,
        response: { 200: envelopeSchema(importJobSchema) },
      },
    },
    async (req, reply) => {
      const { upload, fileName } = await receiveUpload(req);
      try {
        const file = await uploadedBytes(upload, reply);
        const query = { ...req.query, fileName: req.query.fileName ?? fileName?.slice(0, 200) };
        const job = await startImport(
          app.db,
          app.gateways.files,
          req.log,
          req.auth,
          req.params.kind,
          file,
          query,
        );
        return ok(viewOf(app.db, job, req.lang));
      } finally {
        await removeUpload(upload);
      }
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
      const job = await commitImport(app.db, app.gateways.files, req.log, req.auth.tenantId, req.params.id);
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
      const { job, sheet } = await jobWithFile(app.db, app.gateways.files, req.auth.tenantId, req.params.id);
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
