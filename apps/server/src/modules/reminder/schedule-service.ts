/**
 * Reminders scheduled per fee item (issue 28 item 5): "N days before the due date, remind whoever still
 * owes". The office sets, sees and cancels them; each day at SCHEDULE_HOUR (Beijing) the job fires every
 * active one once: it claims the day on the schedule's row (one conditional UPDATE, so two processes
 * never both fire it) and, in the same transaction, makes a campaign of the item's receivables due
 * exactly N days later, to start at once, with its audit row. A day nobody owes makes no campaign.
 */
import type { ReminderFilter, ReminderSchedule, ScheduleRequest } from '@cf/shared/wire/admin-reminders';
import { and, asc, count, desc, eq, max, sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { users } from '@server/db/schema';
import { receivables } from '@server/db/schema-finance';
import { reminderCampaigns, reminderSchedules } from '@server/db/schema-reminder';
import { transaction } from '@server/db/transaction';
import { audit } from '@server/http/audit';
import type { AuthContext } from '@server/http/context';
import { badRequest, notFound } from '@server/http/errors';
import { chasedReceivables } from './audience-repo';
import { audienceOf, beijingDay } from './audience';
import { insertCampaign } from './campaign-repo';
import { REMINDER_TEXT } from './service';

/** Scheduled reminders go out from this hour of the school's day (Beijing), not at midnight. */
export const SCHEDULE_HOUR = 9;

type ScheduleRow = typeof reminderSchedules.$inferSelect;

/** The item's names as its receivables carry them, or undefined when the tenant has none of it. */
async function itemNames(db: Db, tenantId: string, itemCode: string, schoolYear?: string) {
  const [row] = await db
    .select({ itemName: receivables.itemName, itemNameEn: receivables.itemNameEn })
    .from(receivables)
    .where(
      and(
        eq(receivables.tenantId, tenantId),
        eq(receivables.itemCode, itemCode),
        schoolYear ? eq(receivables.schoolYear, schoolYear) : undefined,
      ),
    )
    .limit(1);
  return row;
}

export async function listSchedules(db: Db, auth: AuthContext): Promise<ReminderSchedule[]> {
  const rows = await db
    .select({
      schedule: reminderSchedules,
      creator: users.account,
      itemName: sql<string | null>`(SELECT r.item_name FROM receivables r
        WHERE r.tenant_id = ${reminderSchedules.tenantId} AND r.item_code = ${reminderSchedules.itemCode} LIMIT 1)`,
      itemNameEn: sql<string | null>`(SELECT r.item_name_en FROM receivables r
        WHERE r.tenant_id = ${reminderSchedules.tenantId} AND r.item_code = ${reminderSchedules.itemCode} LIMIT 1)`,
    })
    .from(reminderSchedules)
    .leftJoin(
      users,
      and(eq(users.id, reminderSchedules.createdBy), eq(users.tenantId, reminderSchedules.tenantId)),
    )
    .where(eq(reminderSchedules.tenantId, auth.tenantId))
    .orderBy(
      asc(reminderSchedules.status),
      asc(reminderSchedules.itemCode),
      desc(reminderSchedules.daysBefore),
    );
  const made = await db
    .select({ scheduleId: reminderCampaigns.scheduleId, n: count(), last: max(reminderCampaigns.createdAt) })
    .from(reminderCampaigns)
    .where(
      and(eq(reminderCampaigns.tenantId, auth.tenantId), sql`${reminderCampaigns.scheduleId} IS NOT NULL`),
    )
    .groupBy(reminderCampaigns.scheduleId);
  const byId = new Map(made.map((m) => [m.scheduleId, m]));
  return rows.map(({ schedule, creator, itemName, itemNameEn }) =>
    scheduleView(schedule, {
      creator,
      itemName,
      itemNameEn,
      campaigns: Number(byId.get(schedule.id)?.n ?? 0),
      last: byId.get(schedule.id)?.last ?? null,
    }),
  );
}

function scheduleView(
  row: ScheduleRow,
  more: {
    creator: string | null;
    itemName: string | null;
    itemNameEn: string | null;
    campaigns: number;
    last: Date | string | null;
  },
): ReminderSchedule {
  return {
    id: row.id,
    itemCode: row.itemCode,
    itemName: more.itemName ?? '',
    itemNameEn: more.itemNameEn ?? '',
    schoolYear: row.schoolYear || null,
    daysBefore: row.daysBefore,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    createdBy: more.creator ?? '',
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    campaigns: more.campaigns,
    lastFiredAt: more.last ? new Date(more.last).toISOString() : null,
  };
}

export async function createSchedule(
  db: Db,
  auth: AuthContext,
  body: ScheduleRequest & { daysBefore: number },
) {
  const schoolYear = body.schoolYear ?? '';
  const names = await itemNames(db, auth.tenantId, body.itemCode, schoolYear || undefined);
  if (!names) throw badRequest('reminder.itemUnknown');
  const [row] = await db
    .insert(reminderSchedules)
    .values({
      tenantId: auth.tenantId,
      itemCode: body.itemCode,
      schoolYear,
      daysBefore: body.daysBefore,
      createdBy: auth.userId,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw badRequest('reminder.scheduleExists', { days: body.daysBefore });
  return scheduleView(row, { creator: null, ...names, campaigns: 0, last: null });
}

/** active -> cancelled (one conditional UPDATE); it fires no more. */
export async function cancelSchedule(db: Db, auth: AuthContext, id: number): Promise<ReminderSchedule> {
  const [row] = await db
    .update(reminderSchedules)
    .set({ status: 'cancelled', cancelledAt: sql`now()`, cancelledBy: auth.userId })
    .where(
      and(
        eq(reminderSchedules.tenantId, auth.tenantId),
        eq(reminderSchedules.id, id),
        eq(reminderSchedules.status, 'active'),
      ),
    )
    .returning();
  if (!row) {
    const [exists] = await db
      .select({ id: reminderSchedules.id })
      .from(reminderSchedules)
      .where(and(eq(reminderSchedules.tenantId, auth.tenantId), eq(reminderSchedules.id, id)));
    throw exists ? badRequest('reminder.scheduleCancelled') : notFound('reminder.scheduleNotFound');
  }
  const names = await itemNames(db, auth.tenantId, row.itemCode);
  return scheduleView(row, {
    creator: null,
    itemName: names?.itemName ?? null,
    itemNameEn: names?.itemNameEn ?? null,
    campaigns: 0,
    last: null,
  });
}

/** YYYY-MM-DD plus whole days. */
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Fires every active schedule (any tenant) not yet fired today, once past SCHEDULE_HOUR Beijing time.
 * Answers the campaigns made (each starts at once: ./campaign-status.ts startDueCampaign).
 */
export async function fireSchedules(db: Db, now = new Date()): Promise<number[]> {
  const beijing = new Date(now.getTime() + 8 * 3600_000);
  if (beijing.getUTCHours() < SCHEDULE_HOUR) return [];
  const day = beijingDay(now);
  const due = await db
    .select({ id: reminderSchedules.id })
    .from(reminderSchedules)
    .where(
      and(
        eq(reminderSchedules.status, 'active'),
        sql`${reminderSchedules.lastFiredDay} IS DISTINCT FROM ${day}`,
      ),
    );
  const made: number[] = [];
  for (const { id } of due) {
    const campaignId = await fireOne(db, id, day);
    if (campaignId) made.push(campaignId);
  }
  return made;
}

async function fireOne(db: Db, id: number, day: string): Promise<number | undefined> {
  return transaction(db, async (tx) => {
    // The day's claim: a second process waits on this row, then finds the day taken.
    const [schedule] = await tx
      .update(reminderSchedules)
      .set({ lastFiredDay: day })
      .where(
        and(
          eq(reminderSchedules.id, id),
          eq(reminderSchedules.status, 'active'),
          sql`${reminderSchedules.lastFiredDay} IS DISTINCT FROM ${day}`,
        ),
      )
      .returning();
    if (!schedule) return undefined;
    const filter: ReminderFilter = {
      itemCode: schedule.itemCode,
      ...(schedule.schoolYear ? { schoolYear: schedule.schoolYear } : {}),
      dueOn: addDays(day, schedule.daysBefore),
      skipPendingReview: false,
    };
    const rows = await chasedReceivables(tx as unknown as Db, schedule.tenantId, filter);
    const people = audienceOf(rows, filter);
    if (people.length === 0) return undefined;
    const campaign = await insertCampaign(tx, {
      tenantId: schedule.tenantId,
      itemCode: schedule.itemCode,
      itemName: rows[0]!.itemName,
      itemNameEn: rows[0]!.itemNameEn,
      filter,
      sendAt: new Date(),
      createdBy: schedule.createdBy,
      scheduleId: schedule.id,
      scheduleDay: day,
    });
    if (!campaign) return undefined;
    await audit(tx as unknown as Db, null, {
      tenantId: schedule.tenantId,
      userId: schedule.createdBy,
      action: 'reminder.scheduled',
      detail: {
        campaignId: campaign.id,
        scheduleId: schedule.id,
        filter,
        people: people.length,
        owedFen: people.reduce((sum, p) => sum + p.owedFen, 0),
        text: REMINDER_TEXT,
      },
    });
    return campaign.id;
  });
}
