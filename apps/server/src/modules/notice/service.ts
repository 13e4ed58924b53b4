/**
 * What readers get of notices: the list (with unread marks), the detail (marks it read, signs its
 * attachment links), the unread count and the attachment files. Every read goes through the
 * reader's wall (repo.ts, READABLE): another tenant's, another audience's, a draft or a withdrawn
 * notice does not exist for the reader (404).
 */
import { cleanFileName } from '@cf/shared/file-name';
import type { Readable } from 'node:stream';
import type { Language } from '@cf/shared/messages';
import type { NoticeCategory, NoticeDetail, NoticeListQuery, NoticeRecord } from '@cf/shared/wire/notice';
import type { Config } from '@server/config';
import type { Db } from '@server/db/client';
import { page, type Page } from '@server/http/envelope';
import { AppError, notFound } from '@server/http/errors';
import type { AuthContext } from '@server/http/context';
import type { FileStore } from '@server/gateways/file-store';
import { NOTICE_FILES, opensInline } from './attachment-files';
import { linkValid, signContentLinks, signedLink } from './attachment-link';
import {
  canRead,
  categoriesOf,
  countUnread,
  findAttachment,
  listReadable,
  openReadable,
  type NoticeListRow,
} from './repo';

const gone = () => notFound('notice.notFound');

/** The English text where the school wrote one, else the Chinese. */
const inLanguage = (zh: string, en: string, lang: Language) => (lang === 'en' && en ? en : zh);

function record(row: Omit<NoticeListRow, 'unread' | 'attachmentCount'>, lang: Language) {
  return {
    id: row.id,
    title: inLanguage(row.title, row.titleEn, lang),
    category: row.category,
    categoryName: inLanguage(row.categoryName ?? row.category, row.categoryNameEn ?? '', lang),
    releaseTime: row.releaseTime?.toISOString() ?? '',
    authorDept: inLanguage(row.authorDept, row.authorDeptEn, lang),
  };
}

export async function listNotices(
  db: Db,
  auth: AuthContext,
  query: NoticeListQuery,
  lang: Language,
): Promise<Page<NoticeRecord>> {
  const { rows, total } = await listReadable(db, auth, query);
  return page(
    rows.map((row) => ({ ...record(row, lang), unread: row.unread, attachmentCount: row.attachmentCount })),
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
  const notice = await openReadable(db, auth, id);
  if (!notice) throw gone();
  const own = { tenantId: auth.tenantId, userId: auth.userId };
  return {
    ...record(notice, lang),
    attachmentCount: notice.attachments.length,
    content: signContentLinks(
      inLanguage(notice.content, notice.contentEn, lang),
      config.jwtSecret,
      own,
      new Set(notice.attachments.map((f) => f.id)),
    ),
    attachments: notice.attachments.map((f) => ({
      id: f.id,
      name: cleanFileName(f.name),
      size: f.size,
      inline: opensInline(f.mimeType),
      link: signedLink(config.jwtSecret, { ...own, attachmentId: f.id }),
    })),
  };
}

export async function unreadCount(db: Db, auth: AuthContext): Promise<{ count: number }> {
  return { count: await countUnread(db, auth) };
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
  files: FileStore,
  attachmentId: number,
  link: { expires: number; userId: number; sig: string },
): Promise<AttachmentFile> {
  const file = await findAttachment(db, attachmentId);
  if (!file) throw gone();
  const subject = { tenantId: file.tenantId, userId: link.userId, attachmentId };
  if (!linkValid(config.jwtSecret, subject, link.expires, link.sig))
    throw new AppError(403, 'notice.linkExpired');
  if (!(await canRead(db, { tenantId: file.tenantId, userId: link.userId }, file.noticeId))) throw gone();
  const stream = await files.open(NOTICE_FILES, file.storageKey);
  if (!stream) throw gone();
  return { name: cleanFileName(file.name), mimeType: file.mimeType, size: file.sizeBytes, stream };
}
