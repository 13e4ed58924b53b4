/** What kinds of message a person receives (Mine › 消息通知); the job reads the same row at send time. */
import { NOTIFY_GROUPS, type NotifyGroup } from '@cf/shared/notify';
import type { NotifySettings } from '@cf/shared/wire/notify';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { notifyPrefs } from '@server/db/schema-notify';
import { badRequest } from '@server/http/errors';

export async function readSettings(db: Db, tenantId: string, userId: number): Promise<NotifySettings> {
  const [row] = await db
    .select({ off: notifyPrefs.off })
    .from(notifyPrefs)
    .where(and(eq(notifyPrefs.tenantId, tenantId), eq(notifyPrefs.userId, userId)));
  const off = new Set(row?.off ?? []);
  return { groups: NOTIFY_GROUPS.map((group) => ({ group, on: !off.has(group) })), security: true };
}

export async function writeSettings(
  db: Db,
  tenantId: string,
  userId: number,
  off: string[],
): Promise<NotifySettings> {
  if (off.some((g) => !(NOTIFY_GROUPS as readonly string[]).includes(g)))
    throw badRequest('notify.prefs.badGroup');
  const chosen = NOTIFY_GROUPS.filter((g) => off.includes(g)) as NotifyGroup[];
  await db
    .insert(notifyPrefs)
    .values({ tenantId, userId, off: chosen })
    .onConflictDoUpdate({
      target: [notifyPrefs.tenantId, notifyPrefs.userId],
      set: { off: chosen, updatedAt: sql`now()` },
    });
  return readSettings(db, tenantId, userId);
}
