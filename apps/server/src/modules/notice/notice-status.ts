/**
 * The notice status state machine:
 *
 *   draft -> published (publish: the release time is set then)
 *   published -> withdrawn (withdraw: gone for every reader, its attachments too)
 *   draft | published -> the same status (edit: content changes; a withdrawn notice is read-only)
 *
 * Each transition is one conditional UPDATE ... WHERE status = <from> RETURNING; null when the notice
 * was not in the from-status (or not in the tenant).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { notices, type NoticeStatus } from '@server/db/schema-notice';
import type { NoticeRow } from './repo';

async function transition(
  db: Db,
  tenantId: string,
  id: number,
  from: NoticeStatus[],
  set: Partial<typeof notices.$inferInsert>,
): Promise<NoticeRow | null> {
  const [row] = await db
    .update(notices)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(notices.tenantId, tenantId), eq(notices.id, id), inArray(notices.status, from)))
    .returning();
  return row ?? null;
}

export const publishNotice = (db: Db, tenantId: string, id: number) =>
  transition(db, tenantId, id, ['draft'], { status: 'published', releaseTime: sql`now()` as never });

export const withdrawNotice = (db: Db, tenantId: string, id: number) =>
  transition(db, tenantId, id, ['published'], { status: 'withdrawn' });

export const editNotice = (
  db: Db,
  tenantId: string,
  id: number,
  content: Omit<typeof notices.$inferInsert, 'id' | 'tenantId' | 'status' | 'releaseTime'>,
) => transition(db, tenantId, id, ['draft', 'published'], content);
