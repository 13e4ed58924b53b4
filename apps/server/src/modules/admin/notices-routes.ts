/**
 * /api/blade-desk/admin/notice/* (HTTP only): the finance office writes, edits, publishes and withdraws
 * notices and attaches files to them (../notice/admin-service.ts). The scope's guard (guard.ts) checks
 * the finance role and writes an audit row for every change that succeeded.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, ok, pageSchema } from '@server/http/envelope';
import { uploadedFile } from '@server/http/upload';
import { idParam } from '@cf/shared/wire/fields';
import {
  adminNoticeListQuery,
  adminNoticeSchema,
  noticeAttachmentParams,
  noticePreviewBody,
  noticePreviewSchema,
  noticeWriteBody,
} from '@cf/shared/wire/notice';
import { MAX_ATTACHMENT_BYTES, contentDisposition } from '@server/modules/notice/attachment-files';
import {
  adminAttachmentFile,
  adminNoticeDetail,
  adminNoticeList,
  attachFile,
  createNotice,
  deleteAttachment,
  previewContent,
  publish,
  updateNotice,
  withdraw,
} from '@server/modules/notice/admin-service';

const tags = ['admin'];
const security = [{ bladeAuth: [] }];
const one = { 200: envelopeSchema(adminNoticeSchema) };

export function registerAdminNoticeRoutes(scope: FastifyInstance): void {
  void scope.register(async (inner) => {
    await inner.register(multipart, { limits: { fileSize: MAX_ATTACHMENT_BYTES, files: 1, fields: 5 } });
    const app = inner.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/api/blade-desk/admin/notice/list',
      {
        schema: {
          tags,
          security,
          summary:
            'Finance office: every notice of the tenant (drafts, published, withdrawn), newest first; by status and category',
          querystring: adminNoticeListQuery,
          response: { 200: envelopeSchema(pageSchema(adminNoticeSchema)) },
        },
      },
      async (req) => ok(await adminNoticeList(req.server.db, req.auth, req.query)),
    );

    app.get(
      '/api/blade-desk/admin/notice/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Finance office: one notice as stored',
          params: idParam,
          response: one,
        },
      },
      async (req) => ok(await adminNoticeDetail(req.server.db, req.auth, req.params.id)),
    );

    app.post(
      '/api/blade-desk/admin/notice',
      {
        schema: {
          tags,
          security,
          summary: 'Finance office: write a draft notice (HTML sanitized to the allow-list when stored)',
          body: noticeWriteBody,
          response: one,
        },
      },
      async (req) => ok(await createNotice(req.server.db, req.auth, req.body)),
    );

    app.put(
      '/api/blade-desk/admin/notice/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Finance office: edit a draft or published notice (a withdrawn one is read-only)',
          params: idParam,
          body: noticeWriteBody,
          response: one,
        },
      },
      async (req) => ok(await updateNotice(req.server.db, req.auth, req.params.id, req.body)),
    );

    app.post(
      '/api/blade-desk/admin/notice/:id/publish',
      {
        schema: {
          tags,
          security,
          summary: 'Finance office: publish a draft now',
          params: idParam,
          response: one,
        },
      },
      async (req) => ok(await publish(req.server.db, req.auth, req.params.id)),
    );

    app.post(
      '/api/blade-desk/admin/notice/:id/withdraw',
      {
        schema: {
          tags,
          security,
          summary: 'Finance office: withdraw a published notice (gone for every reader, with its files)',
          params: idParam,
          response: one,
        },
      },
      async (req) => ok(await withdraw(req.server.db, req.auth, req.params.id)),
    );

    app.post(
      '/api/blade-desk/admin/notice/:id/attachment',
      {
        schema: {
          tags,
          security,
          summary: 'Finance office: attach a file (multipart field `file`; size and type limited)',
          consumes: ['multipart/form-data'],
          params: idParam,
          response: {
            200: envelopeSchema(
              z.object({ id: z.number(), name: z.string(), size: z.number(), url: z.string() }),
            ),
          },
        },
      },
      async (req) =>
        ok(
          await attachFile(
            req.server.db,
            req.server.gateways.files,
            req.auth,
            req.params.id,
            await uploadedFile(req, MAX_ATTACHMENT_BYTES),
          ),
        ),
    );

    app.delete(
      '/api/blade-desk/admin/notice/:id/attachment/:attachmentId',
      {
        schema: {
          tags,
          security,
          summary: 'Finance office: take a file off a draft or published notice (the stored file goes too)',
          params: noticeAttachmentParams,
          response: { 200: envelopeSchema(z.object({ id: z.number() })) },
        },
      },
      async (req) =>
        ok(
          await deleteAttachment(
            req.server.db,
            req.server.gateways.files,
            req.auth,
            req.params.id,
            req.params.attachmentId,
          ),
        ),
    );

    app.get(
      '/api/blade-desk/admin/notice/:id/attachment/:attachmentId',
      {
        // A file written for the phones to read, not finance data: no audit row.
        config: { audited: false },
        schema: {
          tags,
          security,
          summary: 'Finance office: download a notice’s file with the Blade-Auth header (drafts’ files too)',
          params: noticeAttachmentParams,
        },
      },
      async (req, reply) => {
        const file = await adminAttachmentFile(
          req.server.db,
          req.server.gateways.files,
          req.auth,
          req.params.id,
          req.params.attachmentId,
        );
        return reply
          .header('content-type', file.mimeType)
          .header('content-length', String(file.size))
          .header('content-disposition', contentDisposition(file.name))
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          .send(file.stream);
      },
    );

    app.post(
      '/api/blade-desk/admin/notice/preview',
      {
        // Changes nothing: no audit row.
        config: { audited: false },
        schema: {
          tags,
          security,
          summary:
            'Finance office: the HTML as storing would keep it (the allow-list), for the phone preview',
          body: noticePreviewBody,
          response: { 200: envelopeSchema(noticePreviewSchema) },
        },
      },
      async (req) => ok(await previewContent(req.body.content)),
    );
  });
}
