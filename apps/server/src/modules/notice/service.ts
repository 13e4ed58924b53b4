/**
 * What readers get of notices: the list (with unread marks), the detail (marks it read, signs its
 * attachment links), the unread count and the attachment files. Every read goes through the
 * reader's wall (repo.ts readableBy): another tenant's, another audience's, a draft or a withdrawn
 * notice does not exist for the reader (404).
 */
import type { Readable } from 'node:stream';
import type { Language } from '@cf/shared/messages';
import type { NoticeCategory, NoticeDetail, NoticeListQuery, NoticeRecord } from '@cf/shared/wire/notice';
import type { Config } from '@server/config';
import type { Db } from '@server/db/client';
import { page, type Page } from '@server/http/envelope';
import { AppError, notFound } from '@server/http/errors';
import type { AuthContext } from '@server/http/context';
import { openFile } from '@server/db/file-store';
import { NOTICE_FILES } from './attachment-files';
import { linkValid, signContentLinks, signedLink } from './attachment-link';
import {
  attachmentsOf,
  categoriesOf,
  countUnread,
  findAttachment,
  findReadable,
  listReadable,
  markRead,
  readerOf,
  type NoticeListRow,
} from './repo';

const gone = () => notFound('notice.notFound');

/** The English text where the school wrote one, else the Chinese. */
const inLanguage = (zh: string, en: string, lang: Language) => (lang === 'en' && en ? en : zh);

async function categoryNames(db: Db, tenantId: string, lang: Language): Promise<Map<string, string>> {
  const categories = await categoriesOf(db, tenantId);
  return new Map(categories.map((c) => [c.key, lang === 'en' ? c.nameEn : c.name]));
}

function record(row: Omit<NoticeListRow, 'unread'>, names: Map<string, string>, lang: Language) {
  return {
    id: row.id,
    title: inLanguage(row.title, row.titleEn, lang),
    category: row.category,
    categoryName: names.get(row.category) ?? row.category,
    releaseTime: row.releaseTime?.toISOString() ?? '',
    authorDept: inLanguage(row.authorDept, row.authorDeptEn, lang),
    attachmentCount: row.attachmentCount,
  };
}

export async function listNotices(
  db: Db,
  auth: AuthContext,
  query: NoticeListQuery,
  lang: Language,
): Promise<Page<NoticeRecord>> {
  const reader = await readerOf(db, auth.tenantId, auth.userId);
  const [{ rows, total }, names] = await Promise.all([
    listReadable(db, reader, query),
    categoryNames(db, auth.tenantId, lang),
  ]);
  return page(
    rows.map((row) => ({ ...record(row, names, lang), unread: row.unread })),
    total,
    query,
  );
}

export async function noticeDetail(
  db: Db,
  config: Config,
  auth: AuthContext,
  id: number,
  lang: Language,
): Promise<NoticeDetail> {
  const reader = await readerOf(db, auth.tenantId, auth.userId);
  const notice = await findReadable(db, reader, id);
  if (!notice) throw gone();
  const [files, names] = await Promise.all([
    attachmentsOf(db, auth.tenantId, [notice.id]),
    categoryNames(db, auth.tenantId, lang),
    markRead(db, reader, notice.id),
  ]);
  const own = { tenantId: auth.tenantId, userId: auth.userId };
  return {
    ...record({ ...notice, attachmentCount: files.length }, names, lang),
    content: signContentLinks(
      inLanguage(notice.content, notice.contentEn, lang),
      config.jwtSecret,
      own,
      new Set(files.map((f) => f.id)),
    ),
    attachments: files.map((f) => ({
      id: f.id,
      name: f.name,
      size: f.sizeBytes,
      link: signedLink(config.jwtSecret, { ...own, attachmentId: f.id }),
    })),
  };
}

export async function unreadCount(db: Db, auth: AuthContext): Promise<{ count: number }> {
  return { count: await countUnread(db, await readerOf(db, auth.tenantId, auth.userId)) };
}

export async function noticeCategories(db: Db, auth: AuthContext, lang: Language): Promise<NoticeCategory[]> {
  const categories = await categoriesOf(db, auth.tenantId);
  return categories.map((c) => ({ key: c.key, name: lang === 'en' ? c.nameEn : c.name }));
}

export interface AttachmentFile {
  name: string;
  mimeType: string;
  size: number;
  stream: Readable;
}

/**
 * The file behind a signed link: the signature must be the reader's, and the reader must still be
 * able to read the notice (published, same tenant, audience) — a withdrawn notice takes its files along.
 */
export async function attachmentFile(
  db: Db,
  config: Config,
  attachmentId: number,
  link: { expires: number; userId: number; sig: string },
): Promise<AttachmentFile> {
  const file = await findAttachment(db, attachmentId);
  if (!file) throw gone();
  const subject = { tenantId: file.tenantId, userId: link.userId, attachmentId };
  if (!linkValid(config.jwtSecret, subject, link.expires, link.sig))
    throw new AppError(403, 'notice.linkExpired');
  const reader = await readerOf(db, file.tenantId, link.userId);
  if (!(await findReadable(db, reader, file.noticeId))) throw gone();
  const stream = openFile(config.dataDir, NOTICE_FILES, file.storageKey);
  if (!stream) throw gone();
  return { name: file.name, mimeType: file.mimeType, size: file.sizeBytes, stream };
}
