/**
 * /api/blade-desk/notice/* (HTTP only): the notice list (paged, by category, with unread marks), the
 * detail (marks it read), the unread count for the home badge, the categories, and the attachment
 * files behind the signed links the detail hands out.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '@server/modules/auth/guard';
import { envelopeSchema, ok, pageSchema } from '@server/http/envelope';
import { idParam } from '@cf/shared/wire/fields';
import {
  attachmentQuery,
  noticeCategorySchema,
  noticeDetailSchema,
  noticeIdQuery,
  noticeListQuery,
  noticeRecordSchema,
  noticeUnreadSchema,
} from '@cf/shared/wire/notice';
import { contentDisposition, opensInline } from './attachment-files';
import { attachmentFile, listNotices, noticeCategories, noticeDetail, unreadCount } from './service';

const tags = ['notice'];

/**
 * The list and the detail are the readers' busy reads: their bodies are built field by field in
 * service.ts and sent as JSON without zod checking them again (as the order lists do); the schemas
 * document them in OpenAPI.
 */
const sendJson = (reply: FastifyReply, body: unknown) =>
  reply.type('application/json; charset=utf-8').send(JSON.stringify(body));
const security = [{ bladeAuth: [] }];

export default async function noticeRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/blade-desk/notice/list',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'Published notices the caller may read, newest first, with unread marks; by category',
        querystring: noticeListQuery,
        response: { 200: envelopeSchema(pageSchema(noticeRecordSchema)) },
      },
    },
    async (req, reply) =>
      sendJson(reply, ok(await listNotices(req.server.db, req.auth, req.query, req.lang))),
  );

  app.get(
    '/api/blade-desk/notice/detail',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'One notice (sanitized HTML, attachments with signed links); marks it read',
        querystring: noticeIdQuery,
        response: { 200: envelopeSchema(noticeDetailSchema) },
      },
    },
    async (req) => ok(await noticeDetail(req.server.db, req.server.config, req.auth, req.query.id, req.lang)),
  );

  app.get(
    '/api/blade-desk/notice/unread-count',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'How many notices the caller may read and has not opened yet',
        response: { 200: envelopeSchema(noticeUnreadSchema) },
      },
    },
    async (req) => ok(await unreadCount(req.server.db, req.auth)),
  );

  app.get(
    '/api/blade-desk/notice/categories',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'The tenant’s notice categories (the notice_category dictionary), in the caller’s language',
        response: { 200: envelopeSchema(z.array(noticeCategorySchema)) },
      },
    },
    async (req) => ok(await noticeCategories(req.server.db, req.auth, req.lang)),
  );

  app.get(
    '/api/blade-desk/notice/attachment/:id',
    {
      // Opened in the browser: a stale or bad link answers a page saying what to do.
      config: { linkPage: { hint: 'notice.linkPage.hint' } },
      schema: {
        tags,
        summary:
          'An attachment file through the signed link of a detail (a plain link: no header needed); PDFs and pictures inline, other types as a download, never sniffed. A failure answers a small HTML page to a browser (Accept text/html), the envelope otherwise.',
        params: idParam,
        querystring: attachmentQuery,
      },
    },
    async (req, reply) => {
      const file = await attachmentFile(
        req.server.db,
        req.server.config,
        req.server.gateways.files,
        req.params.id,
        {
          expires: Number(req.query.expires),
          userId: Number(req.query.user),
          sig: req.query.sig,
        },
      );
      return reply
        .header('content-type', file.mimeType)
        .header('content-length', String(file.size))
        .header(
          'content-disposition',
          contentDisposition(file.name, opensInline(file.mimeType) ? 'inline' : 'attachment'),
        )
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=3600')
        .send(file.stream);
    },
  );
}
