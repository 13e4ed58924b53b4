/**
 * The finance office's fee reminders (issue 28 items 4-6): who a filter reaches and what they owe (the
 * payer's own fee figure), one person's message in both channels, a campaign sent through the notify
 * outbox and shown per person (sent, paid since), bad filters refused in words, tenant walls, stopping
 * midway, every campaign audited, and scheduled reminders firing once with two job runners.
 */
import { translate } from '@cf/shared/messages';
import { and, desc, eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, devOutbox, oauthLinks, userBindings } from '@server/db/schema';
import { receivables } from '@server/db/schema-finance';
import { devWechatMessages, notifyMessages } from '@server/db/schema-notify';
import { reminderCampaigns, reminderRecipients, reminderSchedules } from '@server/db/schema-reminder';
import { runCampaigns } from '@server/jobs/run-campaigns';
import { sendMessages } from '@server/jobs/send-messages';
import { createTestApp, createTestApps, type TestContext } from '@server-test/helpers';
import { bladeAuth, tokenFor } from '@server-test/issue-token';
import { officerToken } from '@server-test/finance-office';
import { consoleCall } from '@server-test/console-fixtures';
import { UNI } from '@server-test/pay-fixtures';
import { pay, userIdOf } from '@server-test/fee-fixtures';
import { resetRateLimits } from '@server-test/user-fixtures';
import { bulkStudents } from '@server-test/reminder-fixtures';
import { SCHEDULE_HOUR } from './schedule-service';

const BASE = '/api/blade-finance/admin/reminder';
const STUDENT1_PHONE = '13800000001';
const LEASE = 60;

describe('fee reminders', () => {
  let ctx: TestContext;
  let finance1: string;
  const db = () => ctx.database.db;

  const call: ReturnType<typeof consoleCall> = (...args) => consoleCall(ctx)(...args);
  const send = () => sendMessages(ctx.app, { leaseSeconds: LEASE, limit: 50, forMs: 10_000 });

  beforeAll(async () => {
    ctx = await createTestApp({ REMINDER_RATE: '1000' });
    finance1 = await tokenFor(ctx, UNI, 'finance1');
  });
  afterAll(() => ctx?.close());
  beforeEach(async () => {
    await db().delete(reminderRecipients);
    await db().delete(reminderCampaigns);
    await db().delete(notifyMessages);
    await db().delete(devOutbox);
    await resetRateLimits(db());
  });

  /** What student1's own fee list says is owed now (待缴) of the 2025-2026 tuition: the payer's figure. */
  async function payerOwedTuition(): Promise<number> {
    const res = await call(await tokenFor(ctx, UNI, 'student1'), 'GET', '/api/blade-finance/fee/student');
    const years = res.json().data.years as { items: { itemCode: string; summary: { pending: number } }[] }[];
    return years
      .flatMap((y) => y.items)
      .filter((i) => i.itemCode === 'TUITION')
      .reduce((sum, i) => sum + i.summary.pending, 0);
  }

  describe('who a filter reaches', () => {
    it('counts the class and what it owes by the payer’s own figure, and previews one person in both channels', async () => {
      const res = await call(finance1, 'POST', `${BASE}/audience`, {
        itemCode: 'TUITION',
        className: '会计2401',
      });
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data;
      const owed = await payerOwedTuition();
      expect(owed).toBeGreaterThan(0);
      expect(data).toMatchObject({ people: 1, owedFen: owed });
      expect(data.preview).toMatchObject({ personNo: 'S2024001', personName: '张三', owedFen: owed });
      // WeChat: the template's keywords (item, amount, due day, name) and the link to the fee list.
      expect(data.preview.wechat.fields).toEqual([
        { key: 'thing1', value: '2025-2026 学费' },
        { key: 'amount2', value: (owed / 100).toFixed(2) },
        { key: 'time3', value: '2025-09-30' },
        { key: 'thing4', value: '张三' },
      ]);
      expect(data.preview.wechat.url).toMatch(/\?tenantId=100001#\/fee\/index$/);
      expect(data.preview.sms).toContain(`尚有 ${(owed / 100).toFixed(2)} 元待缴`);
      expect(data.preview.sms).toContain('缴费截止日期 2025-09-30');
      expect(data.preview.sms).toContain('#/fee/index');
    });

    it('narrows by year, grade, college, due day and amount, and leaves out payments under review when asked', async () => {
      const count = async (filter: Record<string, unknown>) =>
        (await call(finance1, 'POST', `${BASE}/audience`, { itemCode: 'TUITION', ...filter })).json().data
          .people;
      expect(await count({})).toBe(1);
      expect(await count({ schoolYear: '2024-2025' })).toBe(0); // paid in full
      expect(await count({ startYear: 2024, college: '经济管理学院' })).toBe(1);
      expect(await count({ college: '法学院' })).toBe(0);
      expect(await count({ dueBefore: '2025-09-29' })).toBe(0);
      expect(await count({ dueBefore: '2025-09-30' })).toBe(1);
      const owed = await payerOwedTuition();
      expect(await count({ minOwedFen: owed })).toBe(1);
      expect(await count({ minOwedFen: owed + 1 })).toBe(0);

      const [tuition] = await db()
        .select()
        .from(receivables)
        .where(and(eq(receivables.tenantId, UNI), eq(receivables.itemCode, 'TUITION')))
        .limit(1);
      const [item] = await db()
        .insert(receivables)
        .values({
          tenantId: UNI,
          category: 'FEE',
          personType: 'student',
          personId: tuition!.personId,
          schoolYear: '2025-2026',
          itemCode: 'REVIEWED',
          itemName: '待审费',
          payableFen: 50_000,
          allowPartial: true,
        })
        .returning();
      const offline = await call(
        await tokenFor(ctx, UNI, 'student1'),
        'POST',
        '/api/blade-finance/fee/offline',
        {
          receivableId: item!.id,
          amountFen: 10_000,
          payMethod: 'cash',
          payDate: '2026-01-05',
        },
      );
      expect(offline.statusCode, offline.body).toBe(200);
      const reviewed = { itemCode: item!.itemCode };
      expect((await call(finance1, 'POST', `${BASE}/audience`, reviewed)).json().data.people).toBe(1);
      expect(
        (await call(finance1, 'POST', `${BASE}/audience`, { ...reviewed, skipPendingReview: true })).json()
          .data.people,
      ).toBe(0);
    });

    it('refuses bad filters with a 4xx in words, in both languages', async () => {
      const bad = [
        [{}, 'common.fieldRequired', { field: 'itemCode' }],
        [{ itemCode: ' ' }, 'reminder.itemRequired', {}],
        [{ itemCode: 'NO-SUCH-ITEM' }, 'reminder.itemUnknown', {}],
        [{ itemCode: 'TUITION', minOwedFen: -5 }, 'common.fieldInvalid', { field: 'minOwedFen' }],
        [{ itemCode: 'TUITION', dueBefore: '2025-02-30' }, 'common.fieldInvalid', { field: 'dueBefore' }],
        [{ itemCode: 'TUITION', startYear: 'abc' }, 'common.fieldInvalid', { field: 'startYear' }],
        [{ itemCode: 'TUITION', previewPerson: 'S2099999' }, 'reminder.previewPersonNotFound', {}],
      ] as const;
      const names: Record<string, Record<'zh' | 'en', string>> = {
        itemCode: { zh: '收费项目', en: 'Fee item' },
        minOwedFen: { zh: '欠费金额下限', en: 'Minimum owed' },
        dueBefore: { zh: '截止日期不晚于', en: 'Due on or before' },
        startYear: { zh: '入学年份', en: 'Start year' },
      };
      for (const [body, key, params] of bad) {
        for (const lang of ['zh', 'en'] as const) {
          const res = await call(finance1, 'POST', `${BASE}/audience`, body, lang);
          expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(400);
          const field = 'field' in params ? names[params.field]![lang] : undefined;
          expect(res.json().msg).toBe(translate(key, lang, field ? { field } : undefined));
        }
      }
      const sendAt = new Date(Date.now() - 3600_000).toISOString();
      const past = await call(finance1, 'POST', `${BASE}/campaign`, { itemCode: 'TUITION', sendAt }, 'zh');
      expect(past.statusCode).toBe(400);
      expect(past.json().msg).toBe(translate('reminder.sendAtInvalid', 'zh', { days: 30 }));
      const nobody = await call(finance1, 'POST', `${BASE}/campaign`, {
        itemCode: 'TUITION',
        college: '法学院',
      });
      expect(nobody.statusCode).toBe(400);
      expect(nobody.json().msg).toBe(translate('reminder.nobody', 'en'));
      expect(await db().select().from(reminderCampaigns)).toEqual([]);
    });
  });

  describe('a campaign', () => {
    it('reaches the class by SMS through the outbox, audited, and shows the payer who paid since as paid', async () => {
      const created = await call(finance1, 'POST', `${BASE}/campaign`, {
        itemCode: 'TUITION',
        className: '会计2401',
      });
      expect(created.statusCode, created.body).toBe(200);
      const campaign = created.json().data;
      expect(campaign).toMatchObject({
        status: 'scheduled',
        itemCode: 'TUITION',
        itemName: '学费',
        createdBy: 'finance1',
      });

      // Audited by the guard's row: who, the filter, how many, what they owe and the text.
      const [row] = await db()
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, `admin POST ${BASE}/campaign`))
        .orderBy(desc(auditLog.id))
        .limit(1);
      expect(row).toMatchObject({
        tenantId: UNI,
        detail: {
          campaignId: campaign.id,
          filter: { itemCode: 'TUITION', className: '会计2401' },
          people: 1,
          owedFen: await payerOwedTuition(),
          text: translate('notify.sms.reminder', 'zh'),
        },
      });
      expect(row!.userId).toBeGreaterThan(0);

      expect(await runCampaigns(ctx.app)).toMatchObject({ started: 1 });
      expect((await send()).sent).toBe(1);
      const texts = await db().select().from(devOutbox).where(eq(devOutbox.recipient, STUDENT1_PHONE));
      expect(texts).toHaveLength(1);
      expect(texts[0]!.body).toContain('张三您好');
      expect(texts[0]!.body).toMatch(/\?tenantId=100001#\/fee\/index$/);
      expect(await runCampaigns(ctx.app)).toMatchObject({ done: 1 });

      const shown = async () =>
        (await call(finance1, 'GET', `${BASE}/campaign/${campaign.id}/recipients`)).json().data;
      const before = await shown();
      expect(before.records).toEqual([
        expect.objectContaining({ personNo: 'S2024001', state: 'sent', channel: 'sms', paidSinceFen: 0 }),
      ]);

      // student1 pays part of the tuition: shown as paid since, owing that much less.
      const [tuition] = await db()
        .select()
        .from(receivables)
        .where(
          and(
            eq(receivables.tenantId, UNI),
            eq(receivables.itemCode, 'TUITION'),
            eq(receivables.schoolYear, '2025-2026'),
          ),
        );
      const paid = await payPart(tuition!.id, 12_300);
      expect(paid).toBe(12_300);
      const after = (await shown()).records[0];
      expect(after).toMatchObject({ paidSinceFen: 12_300, owedNowFen: before.records[0].owedFen - 12_300 });
      const detail = (await call(finance1, 'GET', `${BASE}/campaign/${campaign.id}`)).json().data;
      expect(detail).toMatchObject({ status: 'done', people: 1, progress: { sent: 1, paid: 1, queued: 0 } });
      const paidOnly = (
        await call(finance1, 'GET', `${BASE}/campaign/${campaign.id}/recipients?paid=yes`)
      ).json().data;
      expect(paidOnly.total).toBe(1);
    });

    it('goes by WeChat template to a person with a link, once per item and day; turned off in Mine, it is skipped', async () => {
      const student1 = await tokenFor(ctx, UNI, 'student1');
      const [binding] = await db()
        .select()
        .from(userBindings)
        .where(eq(userBindings.userId, await userIdOf(db(), UNI, 'student1')));
      await db()
        .insert(oauthLinks)
        .values({ tenantId: UNI, source: 'wechat', openId: 'o-reminder-0001', userId: binding!.userId });
      try {
        const first = (
          await call(finance1, 'POST', `${BASE}/campaign`, { itemCode: 'TUITION', className: '会计2401' })
        ).json().data;
        await runCampaigns(ctx.app);
        expect(await send()).toEqual({ sent: 1 });
        const day = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
        const [sent] = await db()
          .select()
          .from(devWechatMessages)
          .orderBy(desc(devWechatMessages.msgId))
          .limit(1);
        expect(sent).toMatchObject({
          toUser: 'o-reminder-0001',
          templateId: 'demo-reminder',
          clientMsgId: `${UNI}:reminder:TUITION:student-${binding!.studentId}:${day}`,
          url: `/?tenantId=${UNI}#/fee/index`,
        });
        expect(sent!.data).toMatchObject({ thing1: { value: '2025-2026 学费' }, thing4: { value: '张三' } });
        expect(await db().select().from(devOutbox).where(eq(devOutbox.recipient, STUDENT1_PHONE))).toEqual(
          [],
        );

        // A second campaign the same day: reminded already, nothing sent.
        const second = (await call(finance1, 'POST', `${BASE}/campaign`, { itemCode: 'TUITION' })).json()
          .data;
        await runCampaigns(ctx.app);
        expect(await send()).toEqual({});
        const progress = async (id: number) =>
          (await call(finance1, 'GET', `${BASE}/campaign/${id}`)).json().data.progress;
        expect(await progress(first.id)).toMatchObject({ sent: 1 });
        expect(await progress(second.id)).toMatchObject({ already: 1, sent: 0 });

        // Reminders turned off in Mine: another item's reminder is skipped, and shown so.
        const off = await call(student1, 'POST', '/api/blade-user/notify-settings', { off: ['reminders'] });
        expect(off.statusCode, off.body).toBe(200);
        const third = (
          await call(finance1, 'POST', `${BASE}/campaign`, { itemCode: 'DORM', className: '会计2401' })
        ).json().data;
        await runCampaigns(ctx.app);
        expect(await send()).toEqual({ skipped: 1 });
        const people = (await call(finance1, 'GET', `${BASE}/campaign/${third.id}/recipients`)).json().data
          .records;
        expect(people).toEqual([
          expect.objectContaining({ state: 'skipped', reason: 'turned off by the person' }),
        ]);
      } finally {
        await db().delete(oauthLinks).where(eq(oauthLinks.openId, 'o-reminder-0001'));
        await call(student1, 'POST', '/api/blade-user/notify-settings', { off: [] });
      }
    });

    it('is behind the tenant wall: another school’s office neither sees nor stops it', async () => {
      const campaign = (await call(finance1, 'POST', `${BASE}/campaign`, { itemCode: 'TUITION' })).json()
        .data;
      const other = await officerToken(ctx, '100002', 'walls-finance2', 'clerk');
      for (const [method, url] of [
        ['GET', `${BASE}/campaign/${campaign.id}`],
        ['GET', `${BASE}/campaign/${campaign.id}/recipients`],
        ['POST', `${BASE}/campaign/${campaign.id}/stop`],
      ] as const) {
        const res = await call(other, method, url);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json().msg).toBe(translate('reminder.campaignNotFound', 'en'));
      }
      expect((await call(other, 'GET', `${BASE}/campaign/list`)).json().data.total).toBe(0);
      // Its own item code of the same name reaches its own students only.
      const own = (await call(other, 'POST', `${BASE}/audience`, { itemCode: 'TUITION' })).json().data;
      expect(own.preview?.personNo).toMatch(/^C/);
      const [still] = await db()
        .select()
        .from(reminderCampaigns)
        .where(eq(reminderCampaigns.id, campaign.id));
      expect(still!.status).toBe('scheduled');
      // A student of the school is refused outright.
      const student = await call(
        await tokenFor(ctx, UNI, 'student1'),
        'GET',
        `${BASE}/campaign/${campaign.id}`,
      );
      expect(student.statusCode).toBe(403);
    });

    it('stopped midway leaves the rest unsent, for good', async () => {
      const people = await bulkStudents(ctx, 'STOP', 60);
      const campaign = (await call(finance1, 'POST', `${BASE}/campaign`, { itemCode: 'STOP' })).json().data;
      await runCampaigns(ctx.app);
      // One claim of 20 goes out, then the office stops it.
      expect((await sendMessages(ctx.app, { leaseSeconds: LEASE, limit: 20 })).sent).toBe(20);
      const stopped = await call(finance1, 'POST', `${BASE}/campaign/${campaign.id}/stop`);
      expect(stopped.statusCode, stopped.body).toBe(200);
      expect(stopped.json().data).toMatchObject({
        status: 'stopped',
        progress: { sent: 20, stopped: 40, queued: 0 },
      });
      expect(await send()).toEqual({});
      expect(await outboxCount(people.phones)).toBe(20);
      const again = await call(finance1, 'POST', `${BASE}/campaign/${campaign.id}/stop`, undefined, 'zh');
      expect(again.statusCode).toBe(400);
      expect(again.json().msg).toBe(translate('reminder.cannotStop', 'zh'));
      const list = (
        await call(finance1, 'GET', `${BASE}/campaign/${campaign.id}/recipients?state=stopped&size=100`)
      ).json().data;
      expect(list.total).toBe(40);
      // Not sent, so not counted against the day: another campaign today reaches them.
      const next = (await call(finance1, 'POST', `${BASE}/campaign`, { itemCode: 'STOP' })).json().data;
      await runCampaigns(ctx.app);
      await send();
      expect((await call(finance1, 'GET', `${BASE}/campaign/${next.id}`)).json().data.progress).toMatchObject(
        {
          sent: 40,
          already: 20,
        },
      );
      expect(await outboxCount(people.phones)).toBe(60);
    });

    it('a message claimed before the stop is not sent either', async () => {
      await bulkStudents(ctx, 'STOP2', 5);
      const campaign = (await call(finance1, 'POST', `${BASE}/campaign`, { itemCode: 'STOP2' })).json().data;
      await runCampaigns(ctx.app);
      // Claimed by a sender (as a process would, then slowed), stopped, then handed on.
      const { claimMessages } = await import('@server/jobs/send-messages');
      const { deliver } = await import('@server/modules/notify/send-service');
      const claimed = await claimMessages(ctx.app, { leaseSeconds: LEASE, limit: 5 });
      expect(claimed).toHaveLength(5);
      await call(finance1, 'POST', `${BASE}/campaign/${campaign.id}/stop`);
      for (const row of claimed) expect(await deliver(ctx.app, row)).toBe('skipped');
      const progress = (await call(finance1, 'GET', `${BASE}/campaign/${campaign.id}`)).json().data.progress;
      expect(progress).toMatchObject({ sent: 0, stopped: 5 });
    });
  });

  async function payPart(receivableId: number, fen: number): Promise<number> {
    const token = await tokenFor(ctx, UNI, 'student1');
    const created = await call(token, 'POST', '/api/blade-finance/order/create-fee', {
      items: [{ receivableId, amountFen: fen }],
    });
    expect(created.statusCode, created.body).toBe(200);
    const paid = await pay(db(), created.json().data.orderId);
    return paid.totalFen;
  }

  async function outboxCount(phones: string[]): Promise<number> {
    const [row] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(devOutbox)
      .where(inArray(devOutbox.recipient, phones));
    return Number(row!.n);
  }
});

describe('scheduled reminders', () => {
  it('fire once a day with two job runners, from the schedule hour, to whoever owes the item due N days later', async () => {
    const { apps, close } = await createTestApps([{ REMINDER_RATE: '1000' }, { REMINDER_RATE: '1000' }]);
    try {
      const [a, b] = apps as [TestContext, TestContext];
      const db = a.database.db;
      const finance1 = await tokenFor(a, UNI, 'finance1');
      const call = (method: 'GET' | 'POST', url: string, body?: Record<string, unknown>) =>
        a.app.inject({
          method,
          url,
          headers: { ...bladeAuth(finance1), 'accept-language': 'en' },
          payload: body,
        });
      // Due in 7 Beijing days from "today" below: 12 owe; another 3 are due a day later.
      const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
      const at = (day: string, hour: number) =>
        new Date(`${day}T${String(hour).padStart(2, '0')}:30:00+08:00`);
      const dueDay = new Date(Date.parse(`${today}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
      const { phones } = await bulkStudents(a, 'SCHED', 12, { dueInDays: 30 });
      await db
        .update(receivables)
        .set({ dueDate: new Date(`${dueDay}T00:00:00+08:00`) })
        .where(and(eq(receivables.tenantId, UNI), eq(receivables.itemCode, 'SCHED')));
      await bulkStudents(a, 'SCHED', 3, { dueInDays: 30, className: 'BULK-SCHED-LATER' });

      const created = await call('POST', `${BASE}/schedule`, { itemCode: 'SCHED', daysBefore: 7 });
      expect(created.statusCode, created.body).toBe(200);
      const schedule = created.json().data;
      expect(schedule).toMatchObject({ daysBefore: 7, status: 'active', itemName: '批量费' });
      const twice = await call('POST', `${BASE}/schedule`, { itemCode: 'SCHED', daysBefore: 7 });
      expect(twice.statusCode).toBe(400);
      expect(twice.json().msg).toBe(translate('reminder.scheduleExists', 'en', { days: 7 }));

      // Before the hour: nothing.
      expect(await runCampaigns(a.app, at(today, SCHEDULE_HOUR - 1))).toMatchObject({ fired: 0 });
      // Two runners at once, then again: one campaign of the 12.
      const runs = await Promise.all([
        runCampaigns(a.app, at(today, SCHEDULE_HOUR)),
        runCampaigns(b.app, at(today, SCHEDULE_HOUR)),
      ]);
      expect(runs.reduce((n, r) => n + r.fired, 0)).toBe(1);
      await Promise.all([runCampaigns(a.app, at(today, 15)), runCampaigns(b.app, at(today, 16))]);
      const campaigns = await db
        .select()
        .from(reminderCampaigns)
        .where(eq(reminderCampaigns.scheduleId, schedule.id));
      expect(campaigns).toHaveLength(1);
      expect(campaigns[0]).toMatchObject({
        status: 'running',
        people: 12,
        filter: { itemCode: 'SCHED', dueOn: dueDay },
      });
      await Promise.all([
        sendMessages(a.app, { leaseSeconds: LEASE, limit: 5, forMs: 10_000 }),
        sendMessages(b.app, { leaseSeconds: LEASE, limit: 5, forMs: 10_000 }),
      ]);
      const [texts] = await db
        .select({ n: sql<number>`count(*)::int`, people: sql<number>`count(DISTINCT recipient)::int` })
        .from(devOutbox)
        .where(inArray(devOutbox.recipient, phones));
      expect(texts).toEqual({ n: 12, people: 12 });
      // Audited: who made the schedule, the filter, the count and the text.
      const [row] = await db.select().from(auditLog).where(eq(auditLog.action, 'reminder.scheduled'));
      expect(row).toMatchObject({
        tenantId: UNI,
        detail: { campaignId: campaigns[0]!.id, scheduleId: schedule.id, people: 12, owedFen: 12 * 10_000 },
      });

      // Listed with what it made; cancelled, it fires no more.
      const listed = (await call('GET', `${BASE}/schedule/list`)).json().data;
      expect(listed).toEqual([expect.objectContaining({ id: schedule.id, campaigns: 1, status: 'active' })]);
      expect((await call('POST', `${BASE}/schedule/${schedule.id}/cancel`)).json().data.status).toBe(
        'cancelled',
      );
      await db
        .update(reminderSchedules)
        .set({ lastFiredDay: null })
        .where(eq(reminderSchedules.id, schedule.id));
      expect(await runCampaigns(b.app, at(today, 18))).toMatchObject({ fired: 0 });
      const cancelledAgain = await call('POST', `${BASE}/schedule/${schedule.id}/cancel`);
      expect(cancelledAgain.json().msg).toBe(translate('reminder.scheduleCancelled', 'en'));
      expect(await db.select().from(auditLog).where(like(auditLog.action, 'reminder.%'))).toHaveLength(1);
    } finally {
      await close();
    }
  });
});
