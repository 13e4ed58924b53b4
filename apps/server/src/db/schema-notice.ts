/**
 * Notices: what the finance office publishes to a tenant (or some user types of it), their
 * attachments (files in the file store) and who has read which. The status changes only through
 * modules/notice/notice-status.ts (conditional updates).
 */
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, tenantId } from './schema';

export type NoticeStatus = 'draft' | 'published' | 'withdrawn';

export const notices = pgTable(
  'notices',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    title: text('title').notNull(),
    titleEn: text('title_en').notNull().default(''),
    /** A key of the tenant's `notice_category` dictionary. */
    category: text('category').notNull(),
    authorDept: text('author_dept').notNull(),
    authorDeptEn: text('author_dept_en').notNull().default(''),
    /** Sanitized HTML (modules/notice/sanitize.ts), never the raw input. */
    content: text('content').notNull(),
    contentEn: text('content_en').notNull().default(''),
    /** User types that read it; empty = the whole tenant. */
    audience: jsonb('audience').$type<string[]>().notNull().default([]),
    status: text('status').$type<NoticeStatus>().notNull().default('draft'),
    releaseTime: timestamp('release_time', { withTimezone: true }),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notices_tenant_status_release').on(t.tenantId, t.status, t.releaseTime)],
);

export const noticeAttachments = pgTable(
  'notice_attachments',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    noticeId: integer('notice_id').notNull(),
    name: text('name').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    mimeType: text('mime_type').notNull(),
    /** Key in notice-files/ of the file store (random, never the uploaded name). */
    storageKey: text('storage_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('notice_attachments_notice').on(t.tenantId, t.noticeId)],
);

export const noticeReads = pgTable(
  'notice_reads',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    userId: integer('user_id').notNull(),
    noticeId: integer('notice_id').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('notice_reads_tenant_user_notice').on(t.tenantId, t.userId, t.noticeId)],
);
