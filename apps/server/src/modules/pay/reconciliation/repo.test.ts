/**
 * Our side of a reconciliation day (repo.ts): every payment we hold, credited or kept as an exception,
 * at the amount that arrived and on the day the channel took it; every refund we asked for, of an order
 * or of an exception, on the day it was asked for, and earlier exception refunds the channel closed.
 * Rows are written directly, on a day no other test pays on.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payAttempts, paymentExceptions, paymentInbox, refunds } from '@server/db/schema-finance';
import { createTestApp, type TestContext } from '@server-test/helpers';
import { UNI, createPayOrder, type PayOrder } from '@server-test/pay-fixtures';
import { matchStatement } from './match';
import { oursNamed, oursOfDay } from './repo';

const DAY = '2031-03-04';
const at = (time: string) => new Date(`${DAY}T${time}+08:00`);
const DAY_BEFORE_LAST_SECOND = new Date('2031-03-03T23:59:59+08:00');

let ctx: TestContext;
let order: PayOrder;
const db = () => ctx.database.db;

/** A payment a channel told us of, with what became of it. */
async function received(outTradeNo: string, outcome: string, amountFen: number, paidAt: Date, more = {}) {
  await db()
    .insert(paymentInbox)
    .values({
      channel: 'wechat',
      tenantId: UNI,
      transactionId: `42${outTradeNo}`,
      orderNo: outTradeNo,
      amountFen,
      outcome,
      paidAt,
      ...more,
    });
}

beforeAll(async () => {
  ctx = await createTestApp();
  order = await createPayOrder(ctx, { amounts: [10_000] });
  await db().update(orders).set({ channel: 'wechat' }).where(eq(orders.id, order.id));

  await received('RPCREDITED', 'credited', 10_000, at('09:00:00'));
  await received('RPCLOSED', 'closed_order', 2_000, at('10:00:00'));
  await received('RPMISMATCH', 'mismatch', 2_999, at('11:00:00'));
  await received('RPDUPLICATE', 'duplicate', 10_000, at('12:00:00'));
  await received('RPUNKNOWN', 'unknown_order', 500, at('23:59:59'));
  // Paid the day before, learned of after midnight: that day's.
  await received('RPLATE', 'closed_order', 700, DAY_BEFORE_LAST_SECOND);
  // Another channel's, another tenant's.
  await received('RPSANDBOX', 'credited', 800, at('09:30:00'), { channel: 'sandbox' });
  await received('RPOTHER', 'credited', 900, at('09:45:00'), { tenantId: '100002' });
  // Offered and closed, never paid as far as we know.
  await db().insert(payAttempts).values({
    tenantId: UNI,
    orderId: order.id,
    channel: 'wechat',
    outTradeNo: 'RPNEVERPAID',
    status: 'CLOSED',
  });

  await db()
    .insert(refunds)
    .values([
      {
        tenantId: UNI,
        orderId: order.id,
        outRefundNo: 'RFPART1',
        amountFen: 1_000,
        status: 'SUCCESS',
        createdAt: at('13:00:00'),
      },
      {
        tenantId: UNI,
        orderId: order.id,
        outRefundNo: 'RFPART0',
        amountFen: 1_000,
        status: 'FAILED',
        createdAt: at('12:30:00'),
      },
      {
        tenantId: UNI,
        orderId: order.id,
        outRefundNo: 'RFYESTERDAY',
        amountFen: 100,
        status: 'SUCCESS',
        createdAt: DAY_BEFORE_LAST_SECOND,
      },
    ]);
  await db()
    .insert(paymentExceptions)
    .values([
      {
        tenantId: UNI,
        channel: 'wechat',
        transactionId: '42RPCLOSED',
        amountFen: 2_000,
        kind: 'paid_after_close',
        status: 'refunded',
        refundNo: 'RFEXC2',
        refundStatus: 'SUCCESS',
        refundRequestedAt: at('14:00:00'),
        earlierRefundNos: ['RFEXC1'],
      },
      {
        tenantId: UNI,
        channel: 'wechat',
        transactionId: '42RPMISMATCH',
        amountFen: 2_999,
        kind: 'amount_mismatch',
        refundNo: 'RFEXCWAIT',
        refundStatus: 'PROCESSING',
        refundRequestedAt: at('15:00:00'),
      },
      // Not refunded: no refund line.
      {
        tenantId: UNI,
        channel: 'wechat',
        transactionId: '42RPUNKNOWN',
        amountFen: 500,
        kind: 'unknown_order',
      },
    ]);
});
afterAll(async () => ctx?.close());

const brief = (lines: { kind: string; outNo: string; amountFen: number; state: string }[]) =>
  lines.map((l) => `${l.kind} ${l.outNo} ${l.amountFen} ${l.state}`).sort();

describe('our side of a reconciliation day', () => {
  it('holds every payment paid that day, credited or kept, and every refund asked for that day', async () => {
    expect(brief(await oursOfDay(db(), UNI, 'wechat', DAY))).toEqual(
      [
        'payment RPCREDITED 10000 SUCCESS',
        'payment RPCLOSED 2000 SUCCESS',
        // What arrived, not what the order asked.
        'payment RPMISMATCH 2999 SUCCESS',
        'payment RPDUPLICATE 10000 SUCCESS',
        'payment RPUNKNOWN 500 SUCCESS',
        'refund RFPART1 1000 SUCCESS',
        'refund RFPART0 1000 FAILED',
        'refund RFEXC2 2000 SUCCESS',
        'refund RFEXCWAIT 2999 PROCESSING',
      ].sort(),
    );
    expect(brief(await oursOfDay(db(), UNI, 'sandbox', DAY))).toEqual(['payment RPSANDBOX 800 SUCCESS']);
  });

  it('finds what a statement names whatever its day, earlier exception refunds and never-paid trades', async () => {
    const named = await oursNamed(db(), UNI, 'wechat', {
      payments: ['RPLATE', 'RPNEVERPAID', 'RPOTHER', 'RPSANDBOX'],
      refunds: ['RFEXC1', 'RFYESTERDAY', 'RFNOTOURS'],
    });
    expect(brief(named)).toEqual(
      [
        'payment RPLATE 700 SUCCESS',
        'payment RPNEVERPAID 10000 CLOSED',
        'refund RFEXC1 2000 FAILED',
        'refund RFYESTERDAY 100 SUCCESS',
      ].sort(),
    );
  });

  it('matches a statement of the day that lists all of it: clean, the closed refund in no total', async () => {
    const line = (kind: 'payment' | 'refund', outNo: string, amountFen: number, state = 'SUCCESS') => ({
      kind,
      outNo,
      outTradeNo: outNo,
      transactionId: '',
      amountFen,
      state,
      time: `${DAY} 10:00:00`,
    });
    const statement = [
      line('payment', 'RPCREDITED', 10_000),
      line('payment', 'RPCLOSED', 2_000),
      line('payment', 'RPMISMATCH', 2_999),
      line('payment', 'RPDUPLICATE', 10_000),
      line('payment', 'RPUNKNOWN', 500),
      line('refund', 'RFPART1', 1_000),
      line('refund', 'RFPART0', 1_000, 'CLOSED'),
      line('refund', 'RFEXC1', 2_000, 'CLOSED'),
      line('refund', 'RFEXC2', 2_000),
      line('refund', 'RFEXCWAIT', 2_999, 'PROCESSING'),
    ];
    const named = {
      payments: statement.filter((l) => l.kind === 'payment').map((l) => l.outNo),
      refunds: statement.filter((l) => l.kind === 'refund').map((l) => l.outNo),
    };
    const result = matchStatement(
      statement,
      await oursOfDay(db(), UNI, 'wechat', DAY),
      await oursNamed(db(), UNI, 'wechat', named),
    );
    expect(result.differences).toEqual([]);
    const totals = {
      payments: { count: 5, fen: 10_000 + 2_000 + 2_999 + 10_000 + 500 },
      refunds: { count: 2, fen: 1_000 + 2_000 },
    };
    expect(result.statement).toEqual(totals);
    expect(result.ours).toEqual(totals);
  });
});
