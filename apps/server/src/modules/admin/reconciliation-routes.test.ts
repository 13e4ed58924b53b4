/**
 * Daily reconciliation against the WeChat Pay simulator of the demo tenant: a clean day has no
 * differences, also with payments kept as exceptions, their refunds and refunds the channel closed and
 * we sent again; a statement with one missing, one extra and one differing line reports exactly those
 * three; a bill whose hash does not match is refused; an empty day is done with nothing; the nightly
 * job does yesterday once; the XLSX export; tenant walls.
 */
import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconciliationRuns } from '@server/db/schema-reconciliation';
import type { WechatPaySimulator } from '@server/gateways/wechat-pay/simulator';
import { beijingTime } from '@server/gateways/wechat-pay/wire';
import { previousDay, reconcileYesterday } from '@server/jobs/reconcile-daily';
import { createTestApp, type TestContext } from '@server-test/helpers';
import { bladeAuth, tokenFor } from '@server-test/issue-token';
import {
  UNI,
  createPayOrder,
  deliver,
  enableChannels,
  paymentFacts,
  type PayOrder,
} from '@server-test/pay-fixtures';
import { closeOrder } from '@server/modules/pay/channels/close';

const BASE = '/api/blade-finance/admin/reconciliation/runs';
let ctx: TestContext;
let student1: string;
let finance1: string;
let simulator: WechatPaySimulator;
const today = () => beijingTime(new Date()).slice(0, 10);

beforeAll(async () => {
  ctx = await createTestApp();
  await enableChannels(ctx.database.db, UNI);
  student1 = await tokenFor(ctx, UNI, 'student1');
  finance1 = await tokenFor(ctx, UNI, 'finance1');
  simulator = (await ctx.app.gateways.pay.standins!.wechatSimulator(UNI))!;
});
afterAll(async () => ctx?.close());

async function prepaid(amountFen: number): Promise<PayOrder> {
  const order = await createPayOrder(ctx, { amounts: [amountFen] });
  const prepay = await ctx.app.inject({
    method: 'POST',
    url: '/api/blade-finance/pay/prepay',
    headers: bladeAuth(student1),
    payload: { orderNo: order.orderNo, channel: 'wechat' },
  });
  expect(prepay.statusCode).toBe(200);
  return order;
}

async function paidOrder(amountFen: number): Promise<PayOrder> {
  const order = await prepaid(amountFen);
  expect((await deliver(ctx, simulator.pay(order.orderNo))).status).toBe(200);
  return order;
}

/** An order closed after its prepay, whose payer WeChat charged anyway: a payment exception's id. */
async function paidAfterClose(amountFen: number): Promise<number> {
  const order = await prepaid(amountFen);
  expect(await closeOrder(ctx.app, order.id, 'cancelled')).toBe('closed');
  expect((await deliver(ctx, simulator.pay(order.orderNo, { allowClosed: true }))).status).toBe(200);
  const { exceptions } = await paymentFacts(ctx.database.db, order);
  expect(exceptions).toMatchObject([{ kind: 'paid_after_close', status: 'open', amountFen }]);
  return exceptions[0]!.id;
}

const post = (url: string, payload?: object) =>
  ctx.app.inject({ method: 'POST', url, headers: bladeAuth(finance1), ...(payload ? { payload } : {}) });
const refundException = (id: number) => post(`/api/blade-finance/admin/payment-exception/refund/${id}`);

/** Sends a refund that the channel takes, then closes (REFUND.CLOSED notified): nothing went back. */
async function closedByTheChannel(send: () => Promise<{ statusCode: number }>): Promise<string> {
  simulator.setRefundStatus('PROCESSING');
  try {
    expect((await send()).statusCode).toBe(200);
  } finally {
    simulator.setRefundStatus('SUCCESS');
  }
  const { outRefundNo } = [...simulator.refunds.values()].at(-1)!;
  simulator.settleRefund(outRefundNo, 'CLOSED');
  expect((await deliver(ctx, simulator.refundNotify(outRefundNo))).status).toBe(200);
  return outRefundNo;
}

const run = (billDate: string, channel = 'wechat', token = finance1) =>
  ctx.app.inject({
    method: 'POST',
    url: BASE,
    headers: { ...bladeAuth(token), 'accept-language': 'en' },
    payload: { billDate, channel },
  });
const detail = (id: number, token = finance1) =>
  ctx.app.inject({ url: `${BASE}/${id}`, headers: { ...bladeAuth(token), 'accept-language': 'en' } });

describe('daily reconciliation', () => {
  let a: PayOrder;
  let b: PayOrder;

  it('a clean day: totals on both sides agree, no differences', async () => {
    a = await paidOrder(12_000);
    b = await paidOrder(3_000);
    const refunded = await ctx.app.inject({
      method: 'POST',
      url: `/api/blade-finance/admin/order/${b.id}/refund`,
      headers: bladeAuth(finance1),
      payload: { amountFen: 1_000, reason: 'part', kind: 'refundOnly' },
    });
    expect(refunded.json().data.status).toBe('SUCCESS');

    const res = await run(today());
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'done',
      differenceCount: 0,
      statement: { payments: { count: 2, fen: 15_000 }, refunds: { count: 1, fen: 1_000 } },
      ours: { payments: { count: 2, fen: 15_000 }, refunds: { count: 1, fen: 1_000 } },
    });
  });

  it('counts money kept as payment exceptions and every refund we sent as ours: still clean', async () => {
    const before = (await run(today())).json().data;
    expect(before).toMatchObject({ status: 'done', differenceCount: 0 });

    // Paid after their orders closed: one kept, one sent back from the exceptions queue.
    await paidAfterClose(700);
    const refunded = await paidAfterClose(800);
    expect((await refundException(refunded)).json().data).toMatchObject({
      status: 'refunded',
      refundStatus: 'SUCCESS',
    });
    // One sent back only at the second try: the channel closed the first refund, and lists both.
    const retried = await paidAfterClose(900);
    const closed = await closedByTheChannel(() => refundException(retried));
    const again = (await refundException(retried)).json().data;
    expect(again).toMatchObject({ status: 'refunded', refundStatus: 'SUCCESS' });
    expect(again.refundNo).not.toBe(closed);
    // A partial refund of an order, closed by the channel, then sent again.
    const order = await paidOrder(5_000);
    const partial = () =>
      post(`/api/blade-finance/admin/order/${order.id}/refund`, {
        amountFen: 1_500,
        reason: 'part',
        kind: 'refundOnly',
      });
    await closedByTheChannel(partial);
    expect((await partial()).json().data.status).toBe('SUCCESS');

    const res = await run(today());
    const lines = (await detail(res.json().data.id)).json().data.lines;
    expect(lines).toEqual([]);
    const plus = (totals: { count: number; fen: number }, count: number, fen: number) => ({
      count: totals.count + count,
      fen: totals.fen + fen,
    });
    const expected = {
      payments: plus(before.ours.payments, 4, 700 + 800 + 900 + 5_000),
      // Refunds the channel closed sent nothing back: in neither total.
      refunds: plus(before.ours.refunds, 3, 800 + 900 + 1_500),
    };
    expect(res.json().data).toMatchObject({
      status: 'done',
      differenceCount: 0,
      statement: expected,
      ours: expected,
    });
  });

  it('one missing, one extra and one differing line: exactly those three', async () => {
    const c = await paidOrder(500);
    simulator.editStatement({
      drop: [c.orderNo],
      amounts: { [a.orderNo]: 12_001 },
      add: [
        {
          kind: 'payment',
          outNo: 'NOTOURS0001',
          outTradeNo: 'NOTOURS0001',
          transactionId: '4200009999',
          amountFen: 777,
          state: 'SUCCESS',
          time: `${today()} 00:00:01`,
          appId: 'wx',
          mchId: '1900000109',
          openId: 'o',
          tradeType: 'JSAPI',
          description: 'x',
        },
      ],
    });
    const res = await run(today());
    expect(res.json().data).toMatchObject({ status: 'done', differenceCount: 3 });
    const lines = (await detail(res.json().data.id)).json().data.lines;
    expect(
      lines.map(
        (l: { difference: string; outNo: string; statementFen: number | null; ourFen: number | null }) => [
          l.difference,
          l.outNo,
          l.statementFen,
          l.ourFen,
        ],
      ),
    ).toEqual(
      expect.arrayContaining([
        ['amount', a.orderNo, 12_001, 12_000],
        ['statement_only', 'NOTOURS0001', 777, null],
        ['ours_only', c.orderNo, null, 500],
      ]),
    );
    expect(lines).toHaveLength(3);

    // The export: a summary line, the header, one row per difference, a totals row; no codes.
    const file = await ctx.app.inject({
      url: `${BASE}/${res.json().data.id}/export`,
      headers: { ...bladeAuth(finance1), 'accept-language': 'en' },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/spreadsheetml/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(6);
    expect(String(sheet.getRow(1).getCell(1).value)).toMatch(/^\d{4}-\d{2}-\d{2} WeChat Pay: statement /);
    expect(sheet.getRow(2).getCell(2).value).toBe('Difference');
    const amountRow = [3, 4, 5].map((r) => sheet.getRow(r)).find((r) => r.getCell(3).value === a.orderNo)!;
    expect([amountRow.getCell(7).value, amountRow.getCell(8).value]).toEqual(['Succeeded', 'Succeeded']);
    expect(
      [3, 4, 5].flatMap((r) => [7, 8].map((c) => sheet.getRow(r).getCell(c).value)).filter(Boolean),
    ).not.toContain('SUCCESS');
    expect(sheet.getRow(6).getCell(1).value).toBe('Total: 3 differences');
    expect([sheet.getRow(6).getCell(5).value, sheet.getRow(6).getCell(6).value]).toEqual([
      '127.78',
      '125.00',
    ]);
    expect(sheet.getRow(6).font?.bold).toBe(true);
    const texts = [3, 4, 5].map((r) => String(sheet.getRow(r).getCell(2).value));
    expect(texts.sort()).toEqual([
      'Amount differs',
      'In the statement, not ours',
      'Ours, not in the statement',
    ]);
    simulator.clearStatementEdits();
  });

  it('refuses a bill whose hash does not match: the run fails with the reason, no lines', async () => {
    simulator.spoilNextBillHash();
    const res = await run(today());
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'failed',
      error: 'BILL_HASH_MISMATCH',
      differenceCount: 0,
    });
    expect((await detail(res.json().data.id)).json().data.lines).toEqual([]);
    // Asked again with an honest bill: clean.
    expect((await run(today())).json().data).toMatchObject({ status: 'done', differenceCount: 0 });
  });

  it('an empty day is done with nothing; a future day is refused; the sandbox speaks the same bill', async () => {
    expect((await run('2020-01-01')).json().data).toMatchObject({
      status: 'done',
      differenceCount: 0,
      statement: { payments: { count: 0, fen: 0 } },
    });
    const future = await run('2999-01-01');
    expect(future.statusCode).toBe(400);
    expect(future.json().msg).toBe('The reconciliation day cannot be later than today');
    expect((await run(today(), 'sandbox')).json().data).toMatchObject({ status: 'done', differenceCount: 0 });
  });

  it('the sandbox statement carries its payments and matches ours', async () => {
    const sandbox = ctx.app.gateways.pay.standins!.sandbox;
    sandbox.notifier.behaviour = { ...sandbox.notifier.behaviour, duplicateRate: 0, lateRate: 0 };
    const order = await createPayOrder(ctx, { amounts: [4_200] });
    const prepay = await ctx.app.inject({
      method: 'POST',
      url: '/api/blade-finance/pay/prepay',
      headers: bladeAuth(student1),
      payload: { orderNo: order.orderNo, channel: 'sandbox' },
    });
    const ticket = new URL(prepay.json().data.checkoutUrl, 'http://x').searchParams.get('ticket')!;
    await ctx.app.inject({
      method: 'POST',
      url: '/api/blade-finance/pay/sandbox/checkout',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `ticket=${ticket}&action=pay`,
    });
    await sandbox.notifier.idle();
    expect((await run(today(), 'sandbox')).json().data).toMatchObject({
      status: 'done',
      differenceCount: 0,
      statement: { payments: { count: 1, fen: 4_200 } },
      ours: { payments: { count: 1, fen: 4_200 } },
    });
  });

  it('the nightly job does yesterday once for every tenant channel', async () => {
    const noon = new Date(`${today()}T12:00:00+08:00`);
    const first = await reconcileYesterday(ctx.app, { now: noon });
    expect(first.claimed).toBeGreaterThanOrEqual(3);
    expect(first.results).toEqual({ done: first.claimed });
    const again = await reconcileYesterday(ctx.app, { now: noon });
    expect(again.claimed).toBe(0);
    const runs = await ctx.database.db
      .select()
      .from(reconciliationRuns)
      .where(
        and(eq(reconciliationRuns.billDate, previousDay(today())), eq(reconciliationRuns.tenantId, '100002')),
      );
    expect(runs.length).toBeGreaterThan(0);
    expect(runs.every((r) => r.requestedBy === null && r.status === 'done')).toBe(true);
    // Before the bills are ready (10:00 Beijing time) nothing is started.
    const early = await reconcileYesterday(ctx.app, { now: new Date(`${today()}T23:00:00+08:00`) });
    expect(early.claimed).toBe(0);
  });

  it('keeps tenants apart and the finance office in', async () => {
    const list = await ctx.app.inject({ url: BASE, headers: bladeAuth(finance1) });
    expect(list.json().data.total).toBeGreaterThan(0);
    const own = list.json().data.records[0].id as number;
    const finance2 = await tokenFor(ctx, '100002', 'finance2');
    expect((await detail(own, finance2)).statusCode).toBe(404);
    const other = await ctx.app.inject({ url: BASE, headers: bladeAuth(finance2) });
    expect(other.json().data.records.every((r: { id: number }) => r.id !== own)).toBe(true);
    expect((await run(today(), 'wechat', student1)).statusCode).toBe(403);
  });
});
