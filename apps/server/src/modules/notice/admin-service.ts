/**
 * What the finance office does with notices (behind modules/admin's guard: role check and audit row):
 * write drafts, edit, publish, withdraw, attach files, list them all. Content is sanitized here, on
 * the way in, so the database never holds anything the allow-list refuses.
 */
import { cleanFileName } from '@cf/shared/file-name';
import type { Readable } from 'node:stream';
import type { AdminNotice, NoticeWriteBody } from '@cf/shared/wire/notice';
import type { PageQuery } from '@cf/shared/wire/envelope';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import type { FileStore } from '@server/gateways/file-store';
import { noticeAttachments, notices } from '@server/db/schema-notice';
import { page, type Page } from '@server/http/envelope';
import { badRequest, notFound, AppError } from '@server/http/errors';
import type { AuthContext } from '@server/http/context';
import type { UploadedFile } from '@server/http/upload';
import {
  ALLOWED_EXTENSIONS,
  MAX_ATTACHMENTS,
  MAX_ATTACHMENT_BYTES,
  NOTICE_FILES,
  attachmentType,
} from './attachment-files';
import { editNotice, publishNotice, withdrawNotice } from './notice-status';
import { attachmentsOf, categoriesOf, type AttachmentRow, type NoticeRow } from './repo';
import { noticeHtmlIsEmpty } from '@cf/shared/notice-html';
import { ATTACHMENT_PATH, sanitizeNoticeHtml } from './sanitize';

const attachmentView = (f: AttachmentRow) => ({
  id: f.id,
  name: cleanFileName(f.name),
  size: f.sizeBytes,
  url: `${ATTACHMENT_PATH}${f.id}`,
});

async function view(db: Db, row: NoticeRow): Promise<AdminNotice> {
  const files = await attachmentsOf(db, row.tenantId, [row.id]);
  return {
    id: row.id,
    title: row.title,
    titleEn: row.titleEn,
    category: row.category,
    authorDept: row.authorDept,
    authorDeptEn: row.authorDeptEn,
    content: row.content,
    contentEn: row.contentEn,
    audience: row.audience,
    status: row.status,
    releaseTime: row.releaseTime?.toISOString() ?? null,
    attachments: files.map(attachmentView),
  };
}

async function cleanContent(db: Db, tenantId: string, body: NoticeWriteBody) {
  const categories = await categoriesOf(db, tenantId);
  if (!categories.some((c) => c.key === body.category)) throw badRequest('notice.categoryUnknown');
  return {
    title: body.title,
    titleEn: body.titleEn,
    category: body.category,
    authorDept: body.authorDept,
    authorDeptEn: body.authorDeptEn,
    content: await sanitizeNoticeHtml(body.content),
    contentEn: await sanitizeNoticeHtml(body.contentEn),
    audience: [...new Set(body.audience)],
  };
}

async function findOwn(db: Db, tenantId: string, id: number): Promise<NoticeRow> {
  const [row] = await db
    .select()
    .from(notices)
    .where(and(eq(notices.tenantId, tenantId), eq(notices.id, id)));
  if (!row) throw notFound('notice.notFound');
  return row;
}

export async function createNotice(db: Db, auth: AuthContext, body: NoticeWriteBody): Promise<AdminNotice> {
  const [row] = await db
    .insert(notices)
    .values({
      tenantId: auth.tenantId,
      createdBy: auth.userId,
      ...(await cleanContent(db, auth.tenantId, body)),
    })
    .returning();
  return view(db, row!);
}

export async function updateNotice(
  db: Db,
  auth: AuthContext,
  id: number,
  body: NoticeWriteBody,
): Promise<AdminNotice> {
  const content = await cleanContent(db, auth.tenantId, body);
  const row = await editNotice(db, auth.tenantId, id, content);
  if (!row) {
    await findOwn(db, auth.tenantId, id);
    throw badRequest('notice.notDraft');
  }
  return view(db, row);
}

export async function publish(db: Db, auth: AuthContext, id: number): Promise<AdminNotice> {
  // A body that sanitized to nothing would show an empty page on the phone.
  const own = await findOwn(db, auth.tenantId, id);
  if (own.status === 'draft' && noticeHtmlIsEmpty(own.content)) throw badRequest('notice.bodyEmpty');
  const row = await publishNotice(db, auth.tenantId, id);
  if (!row) {
    await findOwn(db, auth.tenantId, id);
    throw badRequest('notice.notPublishable');
  }
  return view(db, row);
}

export async function withdraw(db: Db, auth: AuthContext, id: number): Promise<AdminNotice> {
  const row = await withdrawNotice(db, auth.tenantId, id);
  if (!row) {
    await findOwn(db, auth.tenantId, id);
    throw badRequest('notice.notPublished');
  }
  return view(db, row);
}

export async function adminNoticeDetail(db: Db, auth: AuthContext, id: number): Promise<AdminNotice> {
  return view(db, await findOwn(db, auth.tenantId, id));
}

export async function adminNoticeList(
  db: Db,
  auth: AuthContext,
  q: PageQuery & { status?: NoticeRow['status']; category?: string },
): Promise<Page<AdminNotice>> {
  const conditions: SQL[] = [eq(notices.tenantId, auth.tenantId)];
  if (q.status) conditions.push(eq(notices.status, q.status));
  if (q.category) conditions.push(eq(notices.category, q.category));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(notices)
      .where(where)
      .orderBy(desc(notices.id))
      .limit(q.size)
      .offset((q.current - 1) * q.size),
    db.select({ n: count() }).from(notices).where(where),
  ]);
  return page(await Promise.all(rows.map((r) => view(db, r))), total?.n ?? 0, q);
}

export async function attachFile(
  db: Db,
  files: FileStore,
  auth: AuthContext,
  noticeId: number,
  file: UploadedFile | undefined,
) {
  const notice = await findOwn(db, auth.tenantId, noticeId);
  if (notice.status === 'withdrawn') throw badRequest('notice.notDraft');
  if (file && (file.truncated || file.bytes.length > MAX_ATTACHMENT_BYTES))
    throw new AppError(413, 'notice.fileTooLarge', { max: MAX_ATTACHMENT_BYTES / 1024 / 1024 });
  if (!file || file.bytes.length === 0) throw badRequest('notice.fileMissing');
  const name = cleanFileName(file.filename).slice(-200);
  const mimeType = attachmentType(name, file.bytes.subarray(0, 16));
  if (!mimeType) throw new AppError(415, 'notice.fileType', { types: ALLOWED_EXTENSIONS.join(', ') });
  const [existing] = await db
    .select({ n: count() })
    .from(noticeAttachments)
    .where(and(eq(noticeAttachments.tenantId, auth.tenantId), eq(noticeAttachments.noticeId, noticeId)));
  if ((existing?.n ?? 0) >= MAX_ATTACHMENTS)
    throw badRequest('notice.tooManyFiles', { max: MAX_ATTACHMENTS });
  const storageKey = await files.save(NOTICE_FILES, file.bytes);
  const [row] = await db
    .insert(noticeAttachments)
    .values({ tenantId: auth.tenantId, noticeId, name, sizeBytes: file.bytes.length, mimeType, storageKey })
    .returning();
  return attachmentView(row!);
}

/** The notice's attachment row, both within the caller's tenant; 404 otherwise. */
async function ownAttachment(db: Db, tenantId: string, noticeId: number, attachmentId: number) {
  const [file] = await db
    .select()
    .from(noticeAttachments)
    .where(
      and(
        eq(noticeAttachments.tenantId, tenantId),
        eq(noticeAttachments.noticeId, noticeId),
        eq(noticeAttachments.id, attachmentId),
      ),
    );
  if (!file) throw notFound('notice.attachmentNotFound');
  return file;
}

/**
 * Takes a file off a draft or published notice (row and stored file). A link to it left in the
 * content is no longer signed for readers (attachment-link.ts signs only the notice's own files).
 */
export async function deleteAttachment(
  db: Db,
  files: FileStore,
  auth: AuthContext,
  noticeId: number,
  attachmentId: number,
): Promise<{ id: number }> {
  const notice = await findOwn(db, auth.tenantId, noticeId);
  if (notice.status === 'withdrawn') throw badRequest('notice.notDraft');
  const file = await ownAttachment(db, auth.tenantId, noticeId, attachmentId);
  const gone = await db
    .delete(noticeAttachments)
    .where(and(eq(noticeAttachments.tenantId, auth.tenantId), eq(noticeAttachments.id, file.id)))
    .returning({ id: noticeAttachments.id });
  if (gone.length === 0) throw notFound('notice.attachmentNotFound');
  await files.remove(NOTICE_FILES, file.storageKey);
  return { id: file.id };
}

/** An attachment as the office downloads it (any status: the office sees its drafts' files too). */
export async function adminAttachmentFile(
  db: Db,
  files: FileStore,
  auth: AuthContext,
  noticeId: number,
  attachmentId: number,
): Promise<{ name: string; mimeType: string; size: number; stream: Readable }> {
  const file = await ownAttachment(db, auth.tenantId, noticeId, attachmentId);
  const stream = await files.open(NOTICE_FILES, file.storageKey);
  if (!stream) throw notFound('notice.attachmentNotFound');
  return { name: cleanFileName(file.name), mimeType: file.mimeType, size: file.sizeBytes, stream };
}

/** The content as storing would keep it (the console's phone preview of an unsaved edit). */
export const previewContent = async (content: string) => ({ content: await sanitizeNoticeHtml(content) });
