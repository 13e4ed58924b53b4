/**
 * Queries of notices, their attachments and read marks, always within one tenant. What a reader may
 * see is one condition (READABLE): published in the reader's tenant, for the whole tenant or for the
 * reader's user type as the database holds it now (not the token's: a rebinding counts at once).
 * The readers' reads are one prepared statement each (list, detail, mark read, unread count).
 */
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { rawStatement, type RawStatement } from '@server/db/raw-statement';
import { dicts } from '@server/db/schema';
import { noticeAttachments, noticeReads, notices } from '@server/db/schema-notice';

export type NoticeRow = typeof notices.$inferSelect;
export type AttachmentRow = typeof noticeAttachments.$inferSelect;

export const CATEGORY_DICT = 'notice_category';

/** Who reads: the tenant and the user (the user's type is read in each statement). */
export interface Reader {
  tenantId: string;
  userId: number;
}

const p = (name: string) => sql.placeholder(name);
const who = (reader: Reader) => ({ tenantId: reader.tenantId, userId: reader.userId });
// Drizzle writes a one-table query's columns unqualified ("id"), which inside subqueries would name
// the subquery's own table: the outer notice is named in full.
const N = (column: string) => sql.raw(`"notices"."${column}"`);

const READABLE = sql`${N('tenant_id')} = ${p('tenantId')} AND ${N('status')} = 'published'
  AND (${N('audience')} = '[]'::jsonb OR ${N('audience')} @> jsonb_build_array(coalesce(
    (SELECT u.user_type FROM users u WHERE u.tenant_id = ${p('tenantId')} AND u.id = ${p('userId')}), '')))`;

/** The list's page of notices is a common table expression named "page" (see listQuery). */
const PAGE = (column: string) => sql.raw(`"page"."${column}"`);

const UNREAD = sql<boolean>`NOT EXISTS (SELECT 1 FROM notice_reads r
  WHERE r.tenant_id = ${p('tenantId')} AND r.user_id = ${p('userId')} AND r.notice_id = ${N('id')})`;

const categoryName = (column: 'dict_value' | 'remark') =>
  sql<
    string | null
  >`(SELECT nullif(d.${sql.raw(column)}, '') FROM dicts d WHERE d.tenant_id = ${N('tenant_id')}
    AND d.code = '${sql.raw(CATEGORY_DICT)}' AND d.dict_key = ${N('category')} LIMIT 1)`;

const listColumns = {
  id: notices.id,
  title: notices.title,
  titleEn: notices.titleEn,
  category: notices.category,
  categoryName: categoryName('dict_value'),
  categoryNameEn: categoryName('remark'),
  authorDept: notices.authorDept,
  authorDeptEn: notices.authorDeptEn,
  releaseTime: notices.releaseTime,
};

export interface NoticeListRow {
  id: number;
  title: string;
  titleEn: string;
  category: string;
  categoryName: string | null;
  categoryNameEn: string | null;
  authorDept: string;
  authorDeptEn: string;
  releaseTime: Date | null;
  unread: boolean;
  attachmentCount: number;
}

export interface NoticeDetailRow extends Omit<NoticeListRow, 'attachmentCount'> {
  content: string;
  contentEn: string;
  attachments: { id: number; name: string; size: number; mimeType: string }[];
}

/** The reader's notices of the list's category ('' = all): READABLE and the category filter. */
const LISTED = sql`${READABLE} AND (${p('category')}::text = '' OR ${N('category')} = ${p('category')}::text)`;

/**
 * The page (ORDER BY … LIMIT/OFFSET on notices_tenant_status_release) and the total as a count of its
 * own: the per-notice subqueries (attachments, category name) see only the page's rows, and the read
 * marks are one probe of notice_reads' unique index for the page's ids. A window count over the whole
 * list sorted every notice the reader may read on every call, and the planner read all of the reader's
 * read marks to hash them: at a school's 200 notices those were most of the statement's time (bench:scale).
 */
function listQuery() {
  return sql`WITH page AS MATERIALIZED (
      SELECT ${notices.id}, ${notices.tenantId}, ${notices.title}, ${notices.titleEn}, ${notices.category},
             ${notices.authorDept}, ${notices.authorDeptEn}, ${notices.releaseTime}
        FROM ${notices} WHERE ${LISTED}
       ORDER BY ${N('release_time')} DESC, ${N('id')} DESC
       LIMIT ${p('limit')}::bigint OFFSET ${p('offset')}::bigint)
    SELECT page.id, page.title, page.title_en, page.category,
      nullif(d.dict_value, '') AS category_name, nullif(d.remark, '') AS category_name_en,
      page.author_dept, page.author_dept_en, page.release_time,
      NOT (page.id = ANY (ARRAY(SELECT r.notice_id FROM notice_reads r
        WHERE r.tenant_id = ${p('tenantId')} AND r.user_id = ${p('userId')}
          AND r.notice_id = ANY (ARRAY(SELECT id FROM page))))) AS unread,
      (SELECT count(*)::int FROM notice_attachments a
        WHERE a.tenant_id = ${PAGE('tenant_id')} AND a.notice_id = ${PAGE('id')}) AS attachment_count,
      (SELECT count(*) FROM ${notices} WHERE ${LISTED}) AS total
    FROM page
    LEFT JOIN ${dicts} d ON d.tenant_id = ${PAGE('tenant_id')} AND d.code = '${sql.raw(CATEGORY_DICT)}'
          AND d.dict_key = ${PAGE('category')}
   ORDER BY ${PAGE('release_time')} DESC, ${PAGE('id')} DESC`;
}

interface RawListRow {
  id: number;
  title: string;
  title_en: string;
  category: string;
  category_name: string | null;
  category_name_en: string | null;
  author_dept: string;
  author_dept_en: string;
  release_time: string | null;
  unread: boolean;
  attachment_count: number;
  total: string | number;
}

let listStatement: RawStatement<RawListRow> | undefined;

async function listRows(
  db: Db,
  params: Record<string, unknown>,
): Promise<(NoticeListRow & { total: number })[]> {
  listStatement ??= rawStatement<RawListRow>('notice_list', listQuery());
  const rows = await listStatement(db, params);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    titleEn: r.title_en,
    category: r.category,
    categoryName: r.category_name,
    categoryNameEn: r.category_name_en,
    authorDept: r.author_dept,
    authorDeptEn: r.author_dept_en,
    releaseTime:
      r.release_time === null ? null : (notices.releaseTime.mapFromDriverValue(r.release_time) as Date),
    unread: r.unread,
    attachmentCount: r.attachment_count,
    total: Number(r.total),
  }));
}

function prepareDetail(db: Db) {
  return db
    .select({
      ...listColumns,
      unread: sql<boolean>`${UNREAD}`,
      content: notices.content,
      contentEn: notices.contentEn,
      attachments: sql<NoticeDetailRow['attachments']>`coalesce((
        SELECT json_agg(json_build_object('id', a.id, 'name', a.name, 'size', a.size_bytes, 'mimeType', a.mime_type) ORDER BY a.id)
        FROM notice_attachments a WHERE a.tenant_id = ${N('tenant_id')} AND a.notice_id = ${N('id')}), '[]'::json)`,
    })
    .from(notices)
    .where(sql`${READABLE} AND ${N('id')} = ${p('id')}`)
    .prepare('notice_detail');
}

function prepareUnread(db: Db) {
  return db
    .select({ n: sql<number>`count(*)::int` })
    .from(notices)
    .where(sql`${READABLE} AND ${UNREAD}`)
    .prepare('notice_unread_count');
}

interface Statements {
  detail: ReturnType<typeof prepareDetail>;
  unread: ReturnType<typeof prepareUnread>;
}
const statementsByDb = new WeakMap<Db, Statements>();

function statements(db: Db): Statements {
  let s = statementsByDb.get(db);
  if (!s) {
    s = {
      detail: prepareDetail(db),
      unread: prepareUnread(db),
    };
    statementsByDb.set(db, s);
  }
  return s;
}

export async function listReadable(
  db: Db,
  reader: Reader,
  page: { current: number; size: number; category?: string },
): Promise<{ rows: NoticeListRow[]; total: number }> {
  const params = {
    ...who(reader),
    category: page.category ?? '',
    limit: page.size,
    offset: (page.current - 1) * page.size,
  };
  const rows = await listRows(db, params);
  if (rows.length > 0 || page.current === 1) return { rows, total: rows[0]?.total ?? 0 };
  // Past the last page the count has no row to ride on: ask for the first page's count.
  const first = await listRows(db, { ...params, limit: 1, offset: 0 });
  return { rows: [], total: first[0]?.total ?? 0 };
}

/** The notice if the reader may read it, marked read by the reader (once: again changes nothing). */
export async function openReadable(db: Db, reader: Reader, id: number): Promise<NoticeDetailRow | undefined> {
  const [row] = await statements(db).detail.execute({ ...who(reader), id });
  // Read before: nothing to write (opening a notice again is one read).
  if (row?.unread)
    await db
      .insert(noticeReads)
      .values({ tenantId: reader.tenantId, userId: reader.userId, noticeId: id })
      .onConflictDoNothing();
  return row;
}

/** True when the reader may read the notice (the attachment download's second check). */
export async function canRead(db: Db, reader: Reader, id: number): Promise<boolean> {
  const [row] = await statements(db).detail.execute({ ...who(reader), id });
  return row !== undefined;
}

export async function countUnread(db: Db, reader: Reader): Promise<number> {
  const [row] = await statements(db).unread.execute(who(reader));
  return row?.n ?? 0;
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

/** What the tenant's notice attachments weigh, and how many there are (the console's settings). */
export async function tenantAttachmentUse(
  db: Db,
  tenantId: string,
): Promise<{ bytes: number; files: number }> {
  const [row] = await db
    .select({ bytes: sql<string>`coalesce(sum(${noticeAttachments.sizeBytes}), 0)`, files: count() })
    .from(noticeAttachments)
    .where(eq(noticeAttachments.tenantId, tenantId));
  return { bytes: Number(row?.bytes ?? 0), files: Number(row?.files ?? 0) };
}
