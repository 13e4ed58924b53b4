/**
 * Messages to one person (issue 28): each event writes one message in its own transaction; the job
 * sends each once (two runs at once, a process killed mid-send); WeChat first, SMS otherwise; the
 * person's choices; security notices to the old phone.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, createTestApps, type TestContext } from '@server-test/helpers';
import { createPayOrder, UNI } from '@server-test/pay-fixtures';
import { pay } from '@server-test/fee-fixtures';
import { allowResend, call, lastCode, resetRateLimits, signIn, userId } from '@server-test/user-fixtures';
import { devOutbox, oauthLinks, userBindings, users } from '@server/db/schema';
import { bills, orders } from '@server/db/schema-finance';
import { devWechatMessages, notifyMessages, wechatTokens } from '@server/db/schema-notify';
import { transaction } from '@server/db/transaction';
import { claimMessages, sendMessages } from '@server/jobs/send-messages';
import { wechatMessages } from '@server/gateways/wechat-message';
import type { FetchLike } from '@server/gateways/types';
import { markPaid, recordRefund } from '@server/modules/order/pay-status';
import { reviewBill, voidBill, newBillNo } from '@server/modules/fee/bill-status';
import { approvePending, refusePending } from '@server/modules/user/binding-status';
import { recordSalaryMonth, recordSecurityNotice } from './record';
import { officerToken } from '@server-test/finance-office';
import { bladeAuth } from '@server-test/issue-token';

const STUDENT_PHONE = '13800000001';
const LEASE = 60;

describe('messages to one person', () => {
  let ctx: TestContext;
  let studentId: number;
  const db = () => ctx.database.db;
  const messagesOf = (kind: string) =>
    db().select().from(notifyMessages).where(eq(notifyMessages.kind, kind)).orderBy(notifyMessages.id);
  const outbox = (recipient: string) =>
    db().select().from(devOutbox).where(eq(devOutbox.recipient, recipient)).orderBy(devOutbox.id);
  const run = () => sendMessages(ctx.app, { leaseSeconds: LEASE });

  beforeAll(async () => {
    ctx = await createTestApp();
    studentId = await userId(db(), UNI, 'student1');
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await db().delete(notifyMessages);
    await db().delete(devOutbox);
    await db().delete(oauthLinks).where(eq(oauthLinks.userId, studentId));
    await resetRateLimits(db());
  });

  describe('the outbox: one row per event, in the transaction of the change', () => {
    it('a payment writes one receipt (item, amount, order no, time), a second notify none', async () => {
      const order = await createPayOrder(ctx, { amounts: [12_345] });
      await pay(db(), order.id);
      const again = await transaction(db(), (tx) =>
        markPaid(tx, {
          orderId: order.id,
          channel: 'sandbox',
          transactionId: 'again',
          amountFen: order.totalFen,
          paidAt: new Date(),
          payMethod: 'sandbox',
        }),
      );
      expect(again).toBeNull();
      const rows = await messagesOf('receipt');
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        eventKey: `receipt:order:${order.id}`,
        status: 'pending',
        userId: studentId,
        data: { orderNo: order.orderNo, amount: '123.45', item: '测试费用1', orderId: String(order.id) },
      });
      expect(rows[0]!.data.time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
    });

    it('writes nothing when the change rolls back', async () => {
      const order = await createPayOrder(ctx);
      await expect(
        transaction(db(), async (tx) => {
          await markPaid(tx, {
            orderId: order.id,
            channel: 'sandbox',
            transactionId: 'rolled-back',
            amountFen: order.totalFen,
            paidAt: new Date(),
            payMethod: 'sandbox',
          });
          throw new Error('the notify handler failed after the update');
        }),
      ).rejects.toThrow('failed after');
      expect(await messagesOf('receipt')).toHaveLength(0);
    });

    it('a refund writes one message per refund', async () => {
      const order = await createPayOrder(ctx, { amounts: [10_000] });
      await pay(db(), order.id);
      const refund = (amountFen: number) =>
        transaction(db(), (tx) =>
          recordRefund(tx, {
            orderId: order.id,
            amountFen,
            method: 'sandbox',
            refundedAt: new Date(),
            createdBy: null,
            note: '',
            kind: 'refundOnly',
          }),
        );
      await refund(3000);
      await refund(7000);
      expect(await refund(1)).toBeNull();
      const rows = await messagesOf('refund');
      expect(rows.map((r) => r.data.amount)).toEqual(['30.00', '70.00']);
    });

    it('binding approved and refused (with the reason), once each', async () => {
      const guestId = await userId(db(), UNI, 'guest1');
      const [b1] = await db()
        .insert(userBindings)
        .values({ tenantId: UNI, userId: guestId, userType: 'student', status: 'pending' })
        .returning();
      await approvePending(db(), UNI, b1!.id, studentId);
      expect(await approvePending(db(), UNI, b1!.id, studentId)).toBeUndefined();
      await db().update(userBindings).set({ status: 'pending' }).where(eq(userBindings.id, b1!.id));
      await refusePending(db(), UNI, b1!.id, studentId, '身份证号不符');
      await db().delete(userBindings).where(eq(userBindings.id, b1!.id));
      expect((await messagesOf('bindingApproved')).map((r) => r.userId)).toEqual([guestId]);
      expect((await messagesOf('bindingRefused')).map((r) => r.data)).toEqual([{ reason: '身份证号不符' }]);
    });

    it('an other-means bill approved or voided, once', async () => {
      const [student] = await db()
        .select({ id: userBindings.studentId })
        .from(userBindings)
        .where(eq(userBindings.userId, studentId));
      const bill = (no: string) => ({
        tenantId: UNI,
        billNo: newBillNo('O'),
        kind: 'CHARGE',
        personType: 'student' as const,
        personId: student!.id!,
        project: `线下缴费${no}`,
        priceFen: 5000,
        quantity: 1,
        amountFen: 5000,
        method: 'cash',
        billDate: new Date(),
        status: 1,
        source: 'other',
        createdBy: studentId,
      });
      const [a, v] = await db()
        .insert(bills)
        .values([bill('A'), bill('B')])
        .returning();
      await db().transaction((tx) => reviewBill(tx, a!.id, UNI, null));
      await db().transaction((tx) => reviewBill(tx, a!.id, UNI, null));
      await db().transaction((tx) => voidBill(tx, v!.id, UNI, null));
      expect((await messagesOf('billApproved')).map((r) => r.data)).toEqual([
        { item: '线下缴费A', amount: '50.00' },
      ]);
      expect((await messagesOf('billVoided')).map((r) => r.data.item)).toEqual(['线下缴费B']);
    });

    it('a salary month: one message per person, none again when the month is replaced', async () => {
      await transaction(db(), (tx) => recordSalaryMonth(tx, UNI, '2030-05', [11, 12, 11]));
      await transaction(db(), (tx) => recordSalaryMonth(tx, UNI, '2030-05', [11, 12]));
      const rows = await messagesOf('salary');
      expect(rows.map((r) => [r.personType, r.personId, r.data])).toEqual([
        ['employee', 11, { month: '2030-05' }],
        ['employee', 12, { month: '2030-05' }],
      ]);
    });
  });

  describe('the job', () => {
    it('texts the receipt to a person without a WeChat link, once, and marks it sent', async () => {
      const order = await createPayOrder(ctx, { amounts: [500] });
      await pay(db(), order.id);
      expect(await run()).toEqual({ sent: 1 });
      expect(await run()).toEqual({});
      const texts = await outbox(STUDENT_PHONE);
      expect(texts).toHaveLength(1);
      expect(texts[0]!.body).toContain(order.orderNo);
      expect(texts[0]!.body).toContain('5.00');
      expect((await messagesOf('receipt'))[0]).toMatchObject({ status: 'sent', channel: 'sms', attempts: 1 });
    });

    it('sends through WeChat (template, link to the order, client_msg_id) when the person has a link', async () => {
      await db()
        .insert(oauthLinks)
        .values({ tenantId: UNI, source: 'wechat', openId: 'o-demo-wechat-0001', userId: studentId });
      const order = await createPayOrder(ctx, { amounts: [800] });
      await pay(db(), order.id);
      expect(await run()).toEqual({ sent: 1 });
      const [sent] = await db()
        .select()
        .from(devWechatMessages)
        .orderBy(desc(devWechatMessages.msgId))
        .limit(1);
      expect(sent).toMatchObject({
        toUser: 'o-demo-wechat-0001',
        templateId: 'demo-receipt',
        clientMsgId: `${UNI}:receipt:order:${order.id}`,
        url: `/?tenantId=${UNI}#/order/detail/${order.id}`,
      });
      expect(sent!.data.amount2).toEqual({ value: '8.00' });
      expect(await outbox(STUDENT_PHONE)).toHaveLength(0);
      expect((await outbox('o-demo-wechat-0001')).at(-1)!.channel).toBe('wechat');
      const [token] = await db()
        .select()
        .from(wechatTokens)
        .where(eq(wechatTokens.appId, 'wxdemo0000100001'));
      expect(token!.accessToken).not.toBe('');
    });

    it('uses the template id the tenant admin set for the kind; an empty one goes back to the default', async () => {
      const admin = await officerToken(ctx, UNI, 'admin-notify', 'admin');
      const put = (templates: Record<string, string>) =>
        ctx.app.inject({
          method: 'PUT',
          url: '/api/blade-finance/admin/settings/wechat-templates',
          headers: { ...bladeAuth(admin), 'accept-language': 'en' },
          payload: { templates },
        });
      const bad = await put({ receipt: 'no spaces allowed' });
      expect(bad.statusCode).toBe(400);
      expect((await put({ receipt: 'TPL_receipt_01' })).json().data).toEqual({ receipt: 'TPL_receipt_01' });
      const settings = await ctx.app.inject({
        url: '/api/blade-finance/admin/settings',
        headers: bladeAuth(admin),
      });
      expect(settings.json().data.wechatTemplates).toEqual({ receipt: 'TPL_receipt_01' });
      await db()
        .insert(oauthLinks)
        .values({ tenantId: UNI, source: 'wechat', openId: 'o-demo-wechat-0001', userId: studentId });
      const order = await createPayOrder(ctx, { amounts: [850] });
      await pay(db(), order.id);
      await run();
      const [sent] = await db()
        .select()
        .from(devWechatMessages)
        .orderBy(desc(devWechatMessages.msgId))
        .limit(1);
      expect(sent!.templateId).toBe('TPL_receipt_01');
      expect((await put({ receipt: '' })).json().data).toEqual({});
    });

    it('sends a text card through Enterprise WeChat to staff who sign in that way, once after a takeover', async () => {
      const teacherId = await userId(db(), UNI, 'teacher1');
      await db()
        .insert(oauthLinks)
        .values({ tenantId: UNI, source: 'wxwork', openId: 'T1001', userId: teacherId });
      try {
        await transaction(db(), (tx) =>
          recordSecurityNotice(tx, {
            tenantId: UNI,
            userId: teacherId,
            kind: 'bankCardChanged',
            oldPhone: null,
            to: '4560',
          }),
        );
        expect(await run()).toEqual({ sent: 1 });
        const cards = await outbox('T1001');
        expect(cards).toHaveLength(1);
        expect(cards[0]).toMatchObject({ channel: 'wxwork', subject: '银行卡变更提醒' });
        expect(cards[0]!.body).toContain('4560');
        expect(cards[0]!.body).toContain(`/?tenantId=${UNI}#/user/index`);
        const [row] = await messagesOf('bankCardChanged');
        expect(row).toMatchObject({ status: 'sent', channel: 'wxwork' });
        // Killed after Enterprise WeChat took it: the resend is the same card, not delivered again.
        await db()
          .update(notifyMessages)
          .set({ status: 'sending', leaseUntil: sql`now() - interval '1 second'` })
          .where(eq(notifyMessages.id, row!.id));
        expect(await run()).toEqual({ sent: 1 });
        expect(await outbox('T1001')).toHaveLength(1);
      } finally {
        await db().delete(oauthLinks).where(eq(oauthLinks.openId, 'T1001'));
      }
    });

    it('tells a payer who is no user (an enrollee paying in WeChat) through the WeChat that paid', async () => {
      const [link] = await db()
        .insert(oauthLinks)
        .values({ tenantId: UNI, source: 'wechat', openId: 'o-demo-wechat-0002' })
        .returning();
      try {
        const order = await createPayOrder(ctx, { amounts: [990] });
        await db()
          .update(orders)
          .set({ userId: null, personType: 'enrollee', oauthId: link!.id, payerOauthId: link!.id })
          .where(eq(orders.id, order.id));
        await pay(db(), order.id);
        expect(await run()).toEqual({ sent: 1 });
        const [sent] = await db()
          .select()
          .from(devWechatMessages)
          .where(eq(devWechatMessages.clientMsgId, `${UNI}:receipt:order:${order.id}`));
        expect(sent).toMatchObject({ toUser: 'o-demo-wechat-0002', templateId: 'demo-receipt' });
      } finally {
        await db().delete(oauthLinks).where(eq(oauthLinks.id, link!.id));
      }
    });

    it('after a takeover resends a WeChat message with the same client_msg_id, delivered once', async () => {
      await db()
        .insert(oauthLinks)
        .values({ tenantId: UNI, source: 'wechat', openId: 'o-demo-wechat-0001', userId: studentId });
      const order = await createPayOrder(ctx, { amounts: [900] });
      await pay(db(), order.id);
      await run();
      // The process was killed after WeChat accepted and before it recorded so: the claim is left open.
      await db()
        .update(notifyMessages)
        .set({ status: 'sending', leaseUntil: sql`now() - interval '1 second'` })
        .where(eq(notifyMessages.eventKey, `receipt:order:${order.id}`));
      expect(await run()).toEqual({ sent: 1 });
      const delivered = await db()
        .select()
        .from(devWechatMessages)
        .where(eq(devWechatMessages.clientMsgId, `${UNI}:receipt:order:${order.id}`));
      expect(delivered).toHaveLength(1);
      expect((await messagesOf('receipt'))[0]).toMatchObject({ status: 'sent', attempts: 2 });
    });

    it('does not text again a message whose SMS outcome is unknown after a takeover', async () => {
      const order = await createPayOrder(ctx, { amounts: [700] });
      await pay(db(), order.id);
      // A process claims it and records the SMS attempt, then dies before the provider answers.
      const [claimed] = await claimMessages(ctx.app, { leaseSeconds: LEASE, limit: 10 });
      await db()
        .update(notifyMessages)
        .set({
          smsAttemptedAt: sql`now()`,
          smsPhone: STUDENT_PHONE,
          leaseUntil: sql`now() - interval '1 second'`,
        })
        .where(eq(notifyMessages.id, claimed!.id));
      expect(await run()).toEqual({ failed: 1 });
      expect((await messagesOf('receipt'))[0]!.lastError).toMatch(/outcome unknown/);
      expect(await outbox(STUDENT_PHONE)).toHaveLength(0);
    });

    it('takes over a message claimed by a process that died before sending, and sends it once', async () => {
      const order = await createPayOrder(ctx, { amounts: [600] });
      await pay(db(), order.id);
      await claimMessages(ctx.app, { leaseSeconds: LEASE, limit: 10 });
      // Within the lease nobody else touches it.
      expect(await run()).toEqual({});
      await db()
        .update(notifyMessages)
        .set({ leaseUntil: sql`now() - interval '1 second'` });
      expect(await run()).toEqual({ sent: 1 });
      expect(await outbox(STUDENT_PHONE)).toHaveLength(1);
    });

    it('retries a failing provider with backoff, and gives up after a day', async () => {
      const order = await createPayOrder(ctx, { amounts: [400] });
      await pay(db(), order.id);
      const sms = ctx.app.gateways.sms;
      const original = sms.send;
      sms.send = async () => {
        throw new Error('provider down');
      };
      try {
        expect(await run()).toEqual({ retry: 1 });
        const [row] = await messagesOf('receipt');
        expect(row).toMatchObject({
          status: 'pending',
          lastError: 'SMS: provider down',
          smsAttemptedAt: null,
        });
        expect(row!.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(20_000);
        expect(await run()).toEqual({});
        await db()
          .update(notifyMessages)
          .set({ nextAttemptAt: sql`now()`, createdAt: sql`now() - interval '25 hours'` });
        expect(await run()).toEqual({ retry: 1 });
        expect((await messagesOf('receipt'))[0]).toMatchObject({ status: 'failed' });
        expect((await messagesOf('receipt'))[0]!.lastError).toMatch(
          /^gave up after a day: SMS: provider down/,
        );
      } finally {
        sms.send = original;
      }
      expect(await outbox(STUDENT_PHONE)).toHaveLength(0);
    });
  });

  describe("the person's choices", () => {
    it('a receipt turned off is not sent; a security notice still is; the settings read back', async () => {
      const token = (await signIn(ctx, UNI, 'student1')).access_token;
      const before = await call(ctx, 'GET', '/api/blade-user/notify-settings', { token });
      expect(before.json().data).toEqual({
        groups: ['receipts', 'refunds', 'invoices', 'binding', 'bills', 'salary', 'reminders'].map(
          (group) => ({
            group,
            on: true,
          }),
        ),
        security: true,
      });
      const bad = await call(ctx, 'POST', '/api/blade-user/notify-settings', {
        token,
        body: { off: ['security'] },
      });
      expect(bad.statusCode).toBe(400);
      const saved = await call(ctx, 'POST', '/api/blade-user/notify-settings', {
        token,
        body: { off: ['receipts'] },
      });
      expect(saved.json().data.groups[0]).toEqual({ group: 'receipts', on: false });
      try {
        const order = await createPayOrder(ctx, { amounts: [300] });
        await pay(db(), order.id);
        expect(await run()).toEqual({ skipped: 1 });
        expect(await outbox(STUDENT_PHONE)).toHaveLength(0);

        // A bank card change: the security SMS to the phone held, which cannot be turned off.
        await allowResend(db(), STUDENT_PHONE);
        const sent = await call(ctx, 'POST', '/api/blade-user/send-validate', { token, body: {} });
        const proof = await call(ctx, 'POST', '/api/blade-user/verify-phone', {
          token,
          body: {
            verifyId: sent.json().data.id,
            verifyCode: await lastCode(db(), STUDENT_PHONE),
            purpose: 'finance',
          },
        });
        await db().delete(devOutbox);
        const changed = await call(ctx, 'POST', '/api/blade-user/change-bank-account', {
          token,
          body: {
            bankCard: '6217 0000 0000 1234 560',
            bankName: '中国建设银行',
            bankProvince: '北京市',
            bankCity: '海淀区',
            verifyToken: proof.json().data.verifyToken,
          },
        });
        expect(changed.statusCode).toBe(200);
        const security = await messagesOf('bankCardChanged');
        expect(security.map((r) => r.phone)).toEqual([null, STUDENT_PHONE]);
        await run();
        const texts = await outbox(STUDENT_PHONE);
        expect(texts).toHaveLength(1);
        expect(texts[0]!.body).toContain('4560');
        expect(texts[0]!.body).toContain('银行卡');
      } finally {
        await call(ctx, 'POST', '/api/blade-user/notify-settings', { token, body: { off: [] } });
      }
    });

    it('a phone change tells the old phone by SMS and the person at the new one', async () => {
      const [before] = await db().select().from(users).where(eq(users.id, studentId));
      await transaction(db(), (tx) =>
        recordSecurityNotice(tx, {
          tenantId: UNI,
          userId: studentId,
          kind: 'phoneChanged',
          oldPhone: '13900000009',
          to: '138****0001',
        }),
      );
      await run();
      expect((await outbox('13900000009'))[0]!.body).toContain('138****0001');
      expect(before).toBeDefined();
    });
  });
});

describe('messages: two processes run the job at once', () => {
  it('each message is sent once', async () => {
    const { apps, close } = await createTestApps([{}, {}]);
    try {
      const [a, b] = apps as [TestContext, TestContext];
      const db = a.database.db;
      await db.delete(devOutbox);
      for (let i = 0; i < 6; i++) {
        const order = await createPayOrder(a, { amounts: [100 + i] });
        await pay(db, order.id);
      }
      const results = await Promise.all([
        sendMessages(a.app, { leaseSeconds: LEASE, limit: 4 }),
        sendMessages(b.app, { leaseSeconds: LEASE, limit: 4 }),
        sendMessages(a.app, { leaseSeconds: LEASE, limit: 4 }),
      ]);
      const sent = results.reduce((n, r) => n + (r.sent ?? 0), 0);
      expect(sent).toBe(6);
      const texts = await db.select().from(devOutbox).where(eq(devOutbox.recipient, STUDENT_PHONE));
      expect(texts).toHaveLength(6);
      expect(new Set(texts.map((t) => t.body)).size).toBe(6);
    } finally {
      await close();
    }
  });
});

describe('the WeChat template adapter against recorded answers', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  /** A fetch answering from a script of WeChat's replies, recording each request. */
  function recorded(answers: Record<string, unknown[]>) {
    const calls: { path: string; body: Record<string, unknown>; url: string }[] = [];
    const fetchFn: FetchLike = async (url, init) => {
      const path = new URL(url).pathname.replace('/wx', '');
      calls.push({ path, url, body: JSON.parse(init?.body ?? '{}') });
      const next = answers[path]!.shift();
      return { status: 200, text: async () => JSON.stringify(next) };
    };
    return { calls, gateway: wechatMessages(ctx.database.db, fetchFn, { apiUrl: 'https://api.example/wx' }) };
  }
  const app = { appId: 'wx-recorded-1', secret: 's' };
  const message = { toUser: 'o1', templateId: 't1', data: { thing1: { value: 'x' } }, clientMsgId: 'k1' };

  it('keeps the token in PostgreSQL; on 40001 refreshes once (force_refresh) and sends again', async () => {
    const { calls, gateway } = recorded({
      '/cgi-bin/stable_token': [
        { access_token: 'TOKEN-A', expires_in: 7200 },
        { access_token: 'TOKEN-B', expires_in: 7200 },
      ],
      '/cgi-bin/message/template/send': [
        { errcode: 0, errmsg: 'ok', msgid: 1 },
        { errcode: 40001, errmsg: 'invalid credential' },
        { errcode: 0, errmsg: 'ok', msgid: 2 },
      ],
    });
    expect(await gateway.sendTemplate(app, message)).toEqual({ ok: true, msgId: '1' });
    expect(await gateway.sendTemplate(app, { ...message, clientMsgId: 'k2' })).toEqual({
      ok: true,
      msgId: '2',
    });
    expect(calls.map((c) => c.path)).toEqual([
      '/cgi-bin/stable_token',
      '/cgi-bin/message/template/send',
      '/cgi-bin/message/template/send',
      '/cgi-bin/stable_token',
      '/cgi-bin/message/template/send',
    ]);
    expect(calls[0]!.body).toEqual({
      grant_type: 'client_credential',
      appid: 'wx-recorded-1',
      secret: 's',
      force_refresh: false,
    });
    expect(calls[3]!.body.force_refresh).toBe(true);
    expect(calls[2]!.url).toContain('access_token=TOKEN-A');
    expect(calls[4]!.url).toContain('access_token=TOKEN-B');
    expect(calls[1]!.body).toEqual({
      touser: 'o1',
      template_id: 't1',
      data: message.data,
      client_msg_id: 'k1',
    });
    const [row] = await ctx.database.db.select().from(wechatTokens).where(eq(wechatTokens.appId, app.appId));
    expect(row!.accessToken).toBe('TOKEN-B');
  });

  it('answers 43004 and 47003 as errors for the job (not thrown)', async () => {
    const { gateway } = recorded({
      '/cgi-bin/stable_token': [],
      '/cgi-bin/message/template/send': [
        { errcode: 43004, errmsg: 'require subscribe' },
        { errcode: 47003, errmsg: 'argument invalid!' },
      ],
    });
    expect(await gateway.sendTemplate(app, message)).toEqual({
      ok: false,
      errcode: 43004,
      errmsg: 'require subscribe',
    });
    expect(await gateway.sendTemplate(app, message)).toEqual({
      ok: false,
      errcode: 47003,
      errmsg: 'argument invalid!',
    });
  });

  it('the job: 43004 falls back to SMS, 47003 fails without retrying', async () => {
    const db = ctx.database.db;
    const studentId = await userId(db, UNI, 'student1');
    await db
      .insert(oauthLinks)
      .values({ tenantId: UNI, source: 'wechat', openId: 'o-not-following', userId: studentId });
    const original = ctx.app.gateways.wechatMessages;
    const answers = [
      { errcode: 43004, errmsg: 'require subscribe hint' },
      { errcode: 47003, errmsg: 'argument invalid! data.thing1.value invalid' },
    ];
    ctx.app.gateways.wechatMessages = {
      ...original,
      sendTemplate: async () => ({ ok: false, ...answers.shift()! }),
    };
    try {
      await db.delete(devOutbox);
      const first = await createPayOrder(ctx, { amounts: [111] });
      await pay(db, first.id);
      expect(await sendMessages(ctx.app, { leaseSeconds: LEASE })).toEqual({ sent: 1 });
      const [row] = await db
        .select()
        .from(notifyMessages)
        .where(eq(notifyMessages.eventKey, `receipt:order:${first.id}`));
      expect(row).toMatchObject({ status: 'sent', channel: 'sms' });
      expect(await db.select().from(devOutbox).where(eq(devOutbox.recipient, STUDENT_PHONE))).toHaveLength(1);

      const second = await createPayOrder(ctx, { amounts: [222] });
      await pay(db, second.id);
      expect(await sendMessages(ctx.app, { leaseSeconds: LEASE })).toEqual({ failed: 1 });
      const [bad] = await db
        .select()
        .from(notifyMessages)
        .where(and(eq(notifyMessages.eventKey, `receipt:order:${second.id}`)));
      expect(bad).toMatchObject({
        status: 'failed',
        lastError: 'WeChat 47003: argument invalid! data.thing1.value invalid',
      });
    } finally {
      ctx.app.gateways.wechatMessages = original;
    }
  });
});
