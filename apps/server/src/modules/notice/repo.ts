/**
 * Queries of notices, their attachments and read marks, always within one tenant. What a reader
 * may see is one condition (readableBy): published, and for the whole tenant or the reader's type.
 */
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { dicts, users } from '@server/db/schema';
import { noticeAttachments, noticeReads, notices } from '@server/db/schema-notice';

export type NoticeRow = typeof notices.$inferSelect;
export type AttachmentRow = typeof noticeAttachments.$inferSelect;

export const CATEGORY_DICT = 'notice_category';

/** Who reads: the tenant, the user and the user's type as the database holds it now. */
export interface Reader {
  tenantId: string;
  userId: number;
  userType: string | null;
}

/** The user's type now (not the token's: a rebinding changes what they may read at once). */
export async function readerOf(db: Db, tenantId: string, userId: number): Promise<Reader> {
  const [row] = await db
    .select({ userType: users.userType })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
  return { tenantId, userId, userType: row?.userType ?? null };
}

/** Published in the reader's tenant, for everyone there or for the reader's type. */
function readableBy(reader: Reader): SQL {
  const audience =
    reader.userType === null
      ? sql`${notices.audience} = '[]'::jsonb`
      : sql`(${notices.audience} = '[]'::jsonb OR ${notices.audience} @> jsonb_build_array(${reader.userType}::text))`;
  return and(eq(notices.tenantId, reader.tenantId), eq(notices.status, 'published'), audience)!;
}

// Drizzle writes a one-table query's columns unqualified ("id"), which inside these subqueries would
// name the subquery's own table: the outer notice is named in full.
const NOTICE_ID = sql.raw('"notices"."id"');
const NOTICE_TENANT = sql.raw('"notices"."tenant_id"');

const unreadBy = (reader: Reader) =>
  sql<boolean>`NOT EXISTS (SELECT 1 FROM "notice_reads" r WHERE r.tenant_id = ${reader.tenantId}
    AND r.user_id = ${reader.userId} AND r.notice_id = ${NOTICE_ID})`;

const attachmentCount = sql<number>`(SELECT count(*)::int FROM "notice_attachments" a
  WHERE a.tenant_id = ${NOTICE_TENANT} AND a.notice_id = ${NOTICE_ID})`;

export interface NoticeListRow {
  id: number;
  title: string;
  titleEn: string;
  category: string;
  authorDept: string;
  authorDeptEn: string;
  releaseTime: Date | null;
  unread: boolean;
  attachmentCount: number;
}

export async function listReadable(
  db: Db,
  reader: Reader,
  page: { current: number; size: number; category?: string },
): Promise<{ rows: NoticeListRow[]; total: number }> {
  const where = page.category
    ? and(readableBy(reader), eq(notices.category, page.category))!
    : readableBy(reader);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        id: notices.id,
        title: notices.title,
        titleEn: notices.titleEn,
        category: notices.category,
        authorDept: notices.authorDept,
        authorDeptEn: notices.authorDeptEn,
        releaseTime: notices.releaseTime,
        unread: unreadBy(reader),
        attachmentCount,
      })
      .from(notices)
      .where(where)
      .orderBy(desc(notices.releaseTime), desc(notices.id))
      .limit(page.size)
      .offset((page.current - 1) * page.size),
    db.select({ total: count() }).from(notices).where(where),
  ]);
  return { rows, total: totalRow?.total ?? 0 };
}

export async function findReadable(db: Db, reader: Reader, id: number): Promise<NoticeRow | undefined> {
  const [row] = await db
    .select()
    .from(notices)
    .where(and(readableBy(reader), eq(notices.id, id)));
  return row;
}

export async function countUnread(db: Db, reader: Reader): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notices)
    .where(and(readableBy(reader), unreadBy(reader)));
  return row?.n ?? 0;
}

/** Marks the notice read by the reader (once; opening it again changes nothing). */
export async function markRead(db: Db, reader: Reader, noticeId: number): Promise<void> {
  await db
    .insert(noticeReads)
    .values({ tenantId: reader.tenantId, userId: reader.userId, noticeId })
    .onConflictDoNothing();
}

export async function attachmentsOf(db: Db, tenantId: string, noticeIds: number[]): Promise<AttachmentRow[]> {
  if (noticeIds.length === 0) return [];
  return db
    .select()
    .from(noticeAttachments)
    .where(and(eq(noticeAttachments.tenantId, tenantId), inArray(noticeAttachments.noticeId, noticeIds)))
    .orderBy(noticeAttachments.id);
}

export async function findAttachment(db: Db, id: number): Promise<AttachmentRow | undefined> {
  const [row] = await db.select().from(noticeAttachments).where(eq(noticeAttachments.id, id));
  return row;
}

/** The tenant's notice categories (key -> name), in the school's order. */
export async function categoriesOf(
  db: Db,
  tenantId: string,
): Promise<{ key: string; name: string; nameEn: string }[]> {
  const rows = await db
    .select({ key: dicts.dictKey, name: dicts.dictValue, remark: dicts.remark })
    .from(dicts)
    .where(and(eq(dicts.tenantId, tenantId), eq(dicts.code, CATEGORY_DICT)))
    .orderBy(dicts.sort, dicts.id);
  // The dictionary's remark carries the English name (dicts have no language column).
  return rows.map((r) => ({ key: r.key, name: r.name, nameEn: r.remark || r.name }));
}
