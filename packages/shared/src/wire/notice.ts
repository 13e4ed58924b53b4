/**
 * The wire contract of /api/blade-desk/notice/* (what people read) and of the finance office's
 * /api/blade-desk/admin/notice/* (what it writes). The server's route schemas are these objects; the
 * web's types are their z.infer.
 */
import { z } from 'zod';
import { pageQuery } from './envelope';
import { id } from './fields';

/** Who reads a notice: the whole tenant (an empty list) or some user types. */
export const NOTICE_AUDIENCES = ['student', 'employee', 'other'] as const;
export const noticeAudienceEnum = z.enum(NOTICE_AUDIENCES);

export const noticeStatusEnum = z.enum(['draft', 'published', 'withdrawn']);

/** A category key of the tenant's `notice_category` dictionary. */
const categoryKey = z.string().trim().min(1).max(32);

export const noticeListQuery = pageQuery.extend({ category: categoryKey.optional() });
export type NoticeListQuery = z.infer<typeof noticeListQuery>;

export const noticeIdQuery = z.object({ id });

export const noticeRecordSchema = z.object({
  id: z.number(),
  title: z.string(),
  category: z.string(),
  categoryName: z.string(),
  releaseTime: z.string(),
  authorDept: z.string(),
  /** The caller has not opened its detail yet. */
  unread: z.boolean(),
  attachmentCount: z.number(),
});
export type NoticeRecord = z.infer<typeof noticeRecordSchema>;

export const noticeAttachmentSchema = z.object({
  id: z.number(),
  name: z.string(),
  size: z.number(),
  /**
   * A PDF or a picture: served inline, so the phone opens it in place (WeChat's browser cannot save a
   * download); other types come as a download.
   */
  inline: z.boolean(),
  /** A signed link for this reader, good for a while: a plain <a href> works without headers. */
  link: z.string(),
});

export const noticeDetailSchema = noticeRecordSchema.omit({ unread: true }).extend({
  /** Sanitized HTML (allow-list on the server); the web sanitizes it again before rendering. */
  content: z.string(),
  attachments: z.array(noticeAttachmentSchema),
});
export type NoticeDetail = z.infer<typeof noticeDetailSchema>;

export const noticeUnreadSchema = z.object({ count: z.number() });
export type NoticeUnread = z.infer<typeof noticeUnreadSchema>;

export const noticeCategorySchema = z.object({ key: z.string(), name: z.string() });
export type NoticeCategory = z.infer<typeof noticeCategorySchema>;

export const attachmentQuery = z.object({
  /** Unix seconds the link stops working. */
  expires: z.string().regex(/^\d{1,12}$/),
  /** The reader the link was made for. */
  user: z.string().regex(/^\d{1,10}$/),
  sig: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/),
});

// ---------------------------------------------------------------- the finance office

const title = z.string().trim().min(1).max(200);
const content = z.string().max(200_000);

export const noticeWriteBody = z.object({
  title,
  titleEn: z.string().trim().max(200).default(''),
  category: categoryKey,
  authorDept: z.string().trim().min(1).max(100),
  authorDeptEn: z.string().trim().max(100).default(''),
  content,
  contentEn: content.default(''),
  /** Empty: the whole tenant. */
  audience: z.array(noticeAudienceEnum).max(3).default([]),
});
export type NoticeWriteBody = z.infer<typeof noticeWriteBody>;
export type NoticeWriteRequest = z.input<typeof noticeWriteBody>;

export const adminNoticeSchema = z.object({
  id: z.number(),
  title: z.string(),
  titleEn: z.string(),
  category: z.string(),
  authorDept: z.string(),
  authorDeptEn: z.string(),
  content: z.string(),
  contentEn: z.string(),
  audience: z.array(z.string()),
  status: noticeStatusEnum,
  releaseTime: z.string().nullable(),
  attachments: z.array(z.object({ id: z.number(), name: z.string(), size: z.number(), url: z.string() })),
});
export type AdminNotice = z.infer<typeof adminNoticeSchema>;

/** The office's list: by status and category (both optional), newest first. */
export const adminNoticeListQuery = pageQuery.extend({
  status: noticeStatusEnum.optional(),
  category: categoryKey.optional(),
});

export const noticeAttachmentParams = z.object({ id, attachmentId: id });

/** HTML to be cut down to the allow-list exactly as storing would (the console's preview). */
export const noticePreviewBody = z.object({ content });
export const noticePreviewSchema = z.object({
  /** What would be stored and what a phone would be sent (before its links are signed). */
  content: z.string(),
});
export type NoticePreview = z.infer<typeof noticePreviewSchema>;
