/**
 * A campaign of 10,000 people against the stand-ins (issue 28, "Done when"): two API processes start
 * and send two overlapping campaigns; every person gets exactly one message (one per person, item and
 * day, whatever campaigns overlap), and the texts go out at the configured rate — never faster, and
 * not much slower. On PostgreSQL 10,000 people; on PGlite (one in-memory database behind both apps)
 * 1,000, at a rate it can keep up with.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { devOutbox } from '@server/db/schema';
import { notifyMessages } from '@server/db/schema-notify';
import { reminderCampaigns } from '@server/db/schema-reminder';
import { runCampaigns } from '@server/jobs/run-campaigns';
import { sendMessages } from '@server/jobs/send-messages';
import { backoffSeconds } from '@server/modules/notify/send-service';
import { createTestApps, usePostgres, type TestContext } from '@server-test/helpers';
import { bladeAuth, tokenFor } from '@server-test/issue-token';
import { UNI } from '@server-test/pay-fixtures';
import { bulkStudents } from '@server-test/reminder-fixtures';

// PGlite: one connection for both processes, a few hundred statements a second in all: a smaller school.
const PEOPLE = usePostgres() ? 10_000 : 100;
/** Texts a second: the whole campaign takes PEOPLE / RATE seconds at least. */
const RATE = usePostgres() ? 500 : 10;
/** Of them, the second campaign's class (also reached by the first). */
const OVERLAP = PEOPLE * 0.3;

let apps: TestContext[];
let close: () => Promise<void>;

beforeAll(async () => {
  ({ apps, close } = await createTestApps([
    { REMINDER_RATE: String(RATE) },
    { REMINDER_RATE: String(RATE) },
  ]));
}, 120_000);
afterAll(() => close?.());

it(`${PEOPLE} people, two overlapping campaigns, two processes: one text each, at ${RATE} a second`, async () => {
  const [a, b] = apps as [TestContext, TestContext];
  const db = a.database.db;
  const first = await bulkStudents(a, 'SCALE', PEOPLE - OVERLAP, { className: 'SCALE-A' });
  const second = await bulkStudents(a, 'SCALE', OVERLAP, { className: 'SCALE-B' });
  const phones = [...first.phones, ...second.phones];
  const finance1 = await tokenFor(a, UNI, 'finance1');
  const campaign = async (app: TestContext, body: Record<string, unknown>) => {
    const res = await app.app.inject({
      method: 'POST',
      url: '/api/blade-finance/admin/reminder/campaign',
      headers: bladeAuth(finance1),
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as number;
  };
  const whole = await campaign(a, { itemCode: 'SCALE' });
  const classB = await campaign(b, { itemCode: 'SCALE', className: 'SCALE-B' });

  const started = Date.now();
  // Both processes run both jobs until both campaigns are done.
  const worker = async (app: TestContext) => {
    for (;;) {
      await runCampaigns(app.app);
      await sendMessages(app.app, { leaseSeconds: 60, limit: 50, forMs: 5_000 });
      const open = await db
        .select({ id: reminderCampaigns.id })
        .from(reminderCampaigns)
        .where(
          and(
            inArray(reminderCampaigns.id, [whole, classB]),
            inArray(reminderCampaigns.status, ['scheduled', 'running']),
          ),
        );
      if (open.length === 0) return;
    }
  };
  await Promise.all([worker(a), worker(b)]);
  const seconds = (Date.now() - started) / 1000;

  // One text per person, 10,000 in all.
  const [texts] = await db
    .select({
      n: sql<number>`count(*)::int`,
      people: sql<number>`count(DISTINCT ${devOutbox.recipient})::int`,
    })
    .from(devOutbox)
    .where(inArray(devOutbox.recipient, phones));
  expect(texts).toEqual({ n: PEOPLE, people: PEOPLE });
  const [messages] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifyMessages)
    .where(and(eq(notifyMessages.kind, 'reminder'), eq(notifyMessages.status, 'sent')));
  expect(Number(messages!.n)).toBe(PEOPLE);

  // The overlap reached once: by whichever campaign started first; the other shows them as reminded already.
  const progress = async (id: number) =>
    (
      await a.app.inject({
        method: 'GET',
        url: `/api/blade-finance/admin/reminder/campaign/${id}`,
        headers: bladeAuth(finance1),
      })
    ).json().data;
  const [p1, p2] = [await progress(whole), await progress(classB)];
  expect([p1.status, p2.status]).toEqual(['done', 'done']);
  expect(p1.people + p2.people).toBe(PEOPLE + OVERLAP);
  expect(p1.progress.sent + p2.progress.sent).toBe(PEOPLE);
  expect(p1.progress.already + p2.progress.already).toBe(OVERLAP);
  expect(p1.progress.failed + p2.progress.failed + p1.progress.queued + p2.progress.queued).toBe(0);

  // The rate: never faster (a second holds at most two of the rate's one-second windows), and the
  // whole no shorter than PEOPLE / RATE; and the senders kept up with it.
  const perSecond = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(devOutbox)
    .where(inArray(devOutbox.recipient, phones))
    .groupBy(sql`floor(extract(epoch FROM ${devOutbox.createdAt}))`);
  expect(Math.max(...perSecond.map((r) => Number(r.n)))).toBeLessThanOrEqual(2 * RATE);
  const [span] = await db
    .select({ s: sql<number>`extract(epoch FROM max(${devOutbox.createdAt}) - min(${devOutbox.createdAt}))` })
    .from(devOutbox)
    .where(inArray(devOutbox.recipient, phones));
  expect(Number(span!.s)).toBeGreaterThanOrEqual(PEOPLE / RATE - 1);
  // Two cores shared with other work send slower than the rate: slack, but no crawl, on PostgreSQL.
  // On PGlite both processes share one connection with every other test of the run, and a message is
  // now and then tried again after its backoff (still one text): there the time measures the machine
  // (it took 180 s once in CI with everything right), so only the counts above are asserted.
  if (usePostgres()) expect(seconds).toBeLessThan((PEOPLE / RATE) * 3 + 30 + backoffSeconds(1));
}, 300_000);

it('holds the rate when the senders could go faster: 200 people at 40 a second take 5 seconds', async () => {
  const { apps: slow, close: closeSlow } = await createTestApps([
    { REMINDER_RATE: '40' },
    { REMINDER_RATE: '40' },
  ]);
  try {
    const [a, b] = slow as [TestContext, TestContext];
    const db = a.database.db;
    const { phones } = await bulkStudents(a, 'PACE', 200);
    const res = await a.app.inject({
      method: 'POST',
      url: '/api/blade-finance/admin/reminder/campaign',
      headers: bladeAuth(await tokenFor(a, UNI, 'finance1')),
      payload: { itemCode: 'PACE' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await runCampaigns(a.app);
    const started = Date.now();
    await Promise.all(
      [a, b].map((ctx) => sendMessages(ctx.app, { leaseSeconds: 60, limit: 50, forMs: 30_000 })),
    );
    expect((Date.now() - started) / 1000).toBeGreaterThanOrEqual(200 / 40 - 1);
    const perSecond = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(devOutbox)
      .where(inArray(devOutbox.recipient, phones))
      .groupBy(sql`floor(extract(epoch FROM ${devOutbox.createdAt}))`);
    expect(perSecond.reduce((n, r) => n + Number(r.n), 0)).toBe(200);
    expect(Math.max(...perSecond.map((r) => Number(r.n)))).toBeLessThanOrEqual(2 * 40);
  } finally {
    await closeSlow();
  }
}, 120_000);
