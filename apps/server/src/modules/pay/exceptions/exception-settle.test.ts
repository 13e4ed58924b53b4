/**
 * The finance office settles payment exceptions: the money goes back to the payer through the
 * channel it came through (once, even when asked twice at the same moment), or the exception is
 * resolved with a note. The order never had this money, so its totals and receivables stay as they were.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { paymentExceptions, refunds } from '@server/db/schema-finance';
import type { Sandbox } from '@server/gateways/sandbox-pay/sandbox-pay';
import type { PayGateway } from '@server/gateways/types';
import type { WechatPaySimulator } from '@server/gateways/wechat-pay/simulator';
import { PayChannelError } from '@server/gateways/wechat-pay/types';
import { reconcilePayments } from '@server/jobs/reconcile';
import { createTestApp, type TestContext } from '@server-test/helpers';
import { bladeAuth, tokenFor } from '@server-test/issue-token';
import {
  UNI,
  createPayOrder,
  deliver,
  enableChannels,
  paymentFacts,
  userIdOf,
  type PayOrder,
} from '@server-test/pay-fixtures';
import { closeOrder } from '@server/modules/pay/channels/close';

const COLLEGE = '100002';

let ctx: TestContext;
let student1: string;
let finance1: string;
let collegeFinance: string;
let simulator: WechatPaySimulator;
let sandbox: Sandbox;

beforeAll(async () => {
  ctx = await createTestApp();
  await enableChannels(ctx.database.db, UNI);
  student1 = await tokenFor(ctx, UNI, 'student1');
  finance1 = await tokenFor(ctx, UNI, 'finance1');
  // The other tenant's finance office (seeded): the same role, another school.
  collegeFinance = await tokenFor(ctx, COLLEGE, 'finance2');
  simulator = (await ctx.app.gateways.pay.standins!.wechatSimulator(UNI))!;
  // Refund notifies are lost here unless a test sends one: these tests are about the job finding out.
  simulator.holdRefundNotifies(true);
  sandbox = ctx.app.gateways.pay.standins!.sandbox;
  // One prompt notify per sandbox payment, so a test knows when the exception exists.
  sandbox.notifier.behaviour = { ...sandbox.notifier.behaviour, duplicateRate: 0, lateRate: 0 };
});
afterAll(async () => ctx?.close());

const db = () => ctx.database.db;

const post = (path: string, token: string, payload?: object, lang = 'en') =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/blade-finance/admin/payment-exception/${path}`,
    headers: { ...bladeAuth(token), 'accept-language': lang },
    ...(payload ? { payload } : {}),
  });
const refund = (id: number, token = finance1) => post(`refund/${id}`, token);
const resolve = (id: number, body?: object, token = finance1, lang = 'en') =>
  post(`resolve/${id}`, token, body, lang);
const list = async (status: string) => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/blade-finance/admin/payment-exception/list?status=${status}&size=100`,
    headers: bladeAuth(finance1),
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.records as Record<string, unknown>[];
};

async function exceptionRow(id: number) {
  const [row] = await db().select().from(paymentExceptions).where(eq(paymentExceptions.id, id));
  return row!;
}

interface PaidAfterClose {
  order: PayOrder;
  exceptionId: number;
  transactionId: string;
}

/** An order offered to a channel and closed there, whose payer the channel charged anyway. */
async function paidAfterClose(channel: 'wechat' | 'sandbox', amounts = [8_800]): Promise<PaidAfterClose> {
  const order = await createPayOrder(ctx, { amounts });
  const prepay = await ctx.app.inject({
    method: 'POST',
    url: '/api/blade-finance/pay/prepay',
    headers: bladeAuth(student1),
    payload: { orderNo: order.orderNo, channel },
  });
  expect(prepay.statusCode).toBe(200);
  expect(await closeOrder(ctx.app, order.id, 'cancelled')).toBe('closed');
  if (channel === 'wechat') {
    const late = simulator.pay(order.orderNo, { allowClosed: true });
    expect((await deliver(ctx, late)).status).toBe(200);
  } else {
    const trade = sandbox.book.find(UNI, order.orderNo)!;
    expect(trade.state).toBe('CLOSED');
    // A channel that took the money anyway (as the WeChat simulator's allowClosed).
    trade.state = 'NOTPAY';
    sandbox.act(trade, 'pay');
    await sandbox.notifier.idle();
  }
  const facts = await paymentFacts(db(), order);
  expect(facts.order.payStatus).toBe('CLOSED');
  expect(facts.exceptions).toMatchObject([
    { kind: 'paid_after_close', status: 'open', amountFen: order.totalFen, channel },
  ]);
  const exception = facts.exceptions[0]!;
  return { order, exceptionId: exception.id, transactionId: exception.transactionId };
}

/** The order as the money left it: closed, nothing received, nothing refunded, no bills. */
async function expectOrderUntouched(order: PayOrder) {
  const facts = await paymentFacts(db(), order);
  expect(facts.order).toMatchObject({ payStatus: 'CLOSED', refundedFen: 0 });
  expect(facts.charges).toEqual([]);
  expect(facts.refunds).toEqual([]);
  for (const r of facts.receivables) expect(r).toMatchObject({ receivedFen: 0, refundFen: 0 });
  expect(await db().select().from(refunds).where(eq(refunds.orderId, order.id))).toEqual([]);
}

/** The simulator's refunds of one trade. */
const wechatRefundsOf = (outTradeNo: string) =>
  [...simulator.refunds.values()].filter((r) => r.outTradeNo === outTradeNo);

/** The next forTenant() answers the real gateway with its refund() replaced. */
function nextRefundDoes(
  refundCall: (real: PayGateway, input: Parameters<PayGateway['refund']>[0]) => unknown,
) {
  const pay = ctx.app.gateways.pay;
  const forTenant = pay.forTenant.bind(pay);
  vi.spyOn(pay, 'forTenant').mockImplementationOnce(async (tenantId, channel) => {
    const real = (await forTenant(tenantId, channel))!;
    return { ...real, refund: async (input) => refundCall(real, input) as ReturnType<PayGateway['refund']> };
  });
}

describe('refunding a payment exception to the payer', () => {
  it('sends a sandbox payment taken after the close back through the sandbox, once', async () => {
    const { order, exceptionId, transactionId } = await paidAfterClose('sandbox');

    const res = await refund(exceptionId);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      id: exceptionId,
      orderNo: order.orderNo,
      transactionId,
      amountFen: order.totalFen,
      status: 'refunded',
      refundStatus: 'SUCCESS',
      note: '',
    });
    expect(Date.parse(data.resolvedAt)).not.toBeNaN();

    // The sandbox's own ledger: the trade gave the whole amount back under our refund number.
    const trade = sandbox.book.find(UNI, order.orderNo)!;
    expect(trade).toMatchObject({ state: 'REFUND', refundedFen: order.totalFen, transactionId });
    expect(sandbox.book.queryRefund(data.refundNo).status).toBe('SUCCESS');

    const row = await exceptionRow(exceptionId);
    expect(row).toMatchObject({ refundNo: data.refundNo, refundStatus: 'SUCCESS', status: 'refunded' });
    expect(row.channelRefundId).toMatch(/^SBXR/);
    expect(row.resolvedBy).toBe(await userIdOf(db(), UNI, 'finance1'));
    await expectOrderUntouched(order);

    const again = await refund(exceptionId);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      success: false,
      msg: 'This payment exception has already been settled',
    });
    expect(sandbox.book.find(UNI, order.orderNo)!.refundedFen).toBe(order.totalFen);

    expect((await list('refunded')).find((r) => r.id === exceptionId)).toMatchObject({
      refundStatus: 'SUCCESS',
      resolvedAt: data.resolvedAt,
      note: '',
    });
    expect((await list('open')).map((r) => r.id)).not.toContain(exceptionId);
  });

  it('sends a WeChat Pay payment taken after the close back through WeChat Pay', async () => {
    const { order, exceptionId, transactionId } = await paidAfterClose('wechat', [6_000, 4_000]);

    const res = await refund(exceptionId);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ status: 'refunded', refundStatus: 'SUCCESS' });

    // The simulator received one full refund of this very transaction.
    expect(wechatRefundsOf(order.orderNo)).toEqual([
      expect.objectContaining({
        outRefundNo: data.refundNo,
        transactionId,
        refundFen: 10_000,
        totalFen: 10_000,
        status: 'SUCCESS',
      }),
    ]);
    expect(simulator.order(order.orderNo)).toMatchObject({ state: 'REFUND', refundedFen: 10_000 });
    expect((await exceptionRow(exceptionId)).channelRefundId).toBe(
      simulator.refunds.get(data.refundNo)!.refundId,
    );
    await expectOrderUntouched(order);
  });

  it('sends one refund to the channel when the office asks several times at once', async () => {
    const { order, exceptionId } = await paidAfterClose('wechat');

    // A slow look-up of the channel account lets every request pass its first read before any claims.
    const pay = ctx.app.gateways.pay;
    const forTenant = pay.forTenant.bind(pay);
    const slow = vi.spyOn(pay, 'forTenant').mockImplementation(async (tenantId, channel) => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      return forTenant(tenantId, channel);
    });
    const replies = await Promise.all(Array.from({ length: 4 }, () => refund(exceptionId))).finally(() =>
      slow.mockRestore(),
    );
    const succeeded = replies.filter((r) => r.statusCode === 200);
    expect(succeeded).toHaveLength(1);
    for (const r of replies.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode).toBe(400);
      expect([
        'A refund of this payment is in progress; wait for its result',
        'This payment exception has already been settled',
      ]).toContain(r.json().msg);
    }
    expect(wechatRefundsOf(order.orderNo)).toHaveLength(1);
    expect(simulator.order(order.orderNo)!.refundedFen).toBe(order.totalFen);
    expect(await exceptionRow(exceptionId)).toMatchObject({
      status: 'refunded',
      refundNo: succeeded[0]!.json().data.refundNo,
    });
    await expectOrderUntouched(order);
  });

  it('keeps a refund the channel is still processing open until the reconciliation job confirms it', async () => {
    const { order, exceptionId } = await paidAfterClose('wechat');
    simulator.setRefundStatus('PROCESSING');
    try {
      const res = await refund(exceptionId);
      expect(res.statusCode).toBe(200);
      const { refundNo } = res.json().data;
      expect(res.json().data).toMatchObject({ status: 'open', refundStatus: 'PROCESSING', resolvedAt: null });
      expect((await list('open')).find((r) => r.id === exceptionId)).toMatchObject({
        refundStatus: 'PROCESSING',
      });

      // While it is in flight nothing else may settle it.
      const twice = await refund(exceptionId);
      expect(twice.statusCode).toBe(400);
      expect(twice.json().msg).toBe('A refund of this payment is in progress; wait for its result');
      const resolved = await resolve(exceptionId, { note: 'paid back in cash' });
      expect(resolved.statusCode).toBe(400);
      expect(resolved.json().msg).toBe('A refund of this payment is in progress; wait for its result');

      // Too young for the job: the channel is not asked yet.
      await reconcilePayments(ctx.app, { olderThanSeconds: 3600, leaseSeconds: 0 });
      expect((await exceptionRow(exceptionId)).refundStatus).toBe('PROCESSING');

      simulator.settleRefund(refundNo, 'SUCCESS');
      const run = await reconcilePayments(ctx.app, { olderThanSeconds: 0, leaseSeconds: 0 });
      expect(run.results.exception_refund_SUCCESS).toBeGreaterThanOrEqual(1);
      const row = await exceptionRow(exceptionId);
      expect(row).toMatchObject({ status: 'refunded', refundStatus: 'SUCCESS', refundNo });
      expect(row.resolvedAt).toBeInstanceOf(Date);
      expect(row.resolvedBy).toBe(await userIdOf(db(), UNI, 'finance1'));
      expect(wechatRefundsOf(order.orderNo)).toHaveLength(1);
      await expectOrderUntouched(order);
    } finally {
      simulator.setRefundStatus('SUCCESS');
    }
  });

  it('settles an exception refund from its REFUND.SUCCESS notify, once', async () => {
    const { order, exceptionId } = await paidAfterClose('wechat');
    simulator.setRefundStatus('PROCESSING');
    let refundNo: string;
    try {
      refundNo = (await refund(exceptionId)).json().data.refundNo;
    } finally {
      simulator.setRefundStatus('SUCCESS');
    }
    simulator.settleRefund(refundNo, 'SUCCESS');
    const notify = simulator.refundNotify(refundNo);
    for (const reply of await Promise.all([deliver(ctx, notify), deliver(ctx, notify)])) {
      expect(reply.status).toBe(200);
    }
    const row = await exceptionRow(exceptionId);
    expect(row).toMatchObject({ status: 'refunded', refundStatus: 'SUCCESS', refundNo });
    expect(row.resolvedBy).toBe(await userIdOf(db(), UNI, 'finance1'));
    const run = await reconcilePayments(ctx.app, { olderThanSeconds: 0, leaseSeconds: 0 });
    expect(run.results.exception_refund_SUCCESS).toBeUndefined();
    expect(wechatRefundsOf(order.orderNo)).toHaveLength(1);
    await expectOrderUntouched(order);
  });

  it('leaves a refund whose answer was lost PROCESSING (502) and lets the job find it was made', async () => {
    const { order, exceptionId } = await paidAfterClose('wechat');
    // The channel makes the refund but its answer cannot be trusted (a bad signature, a timeout).
    nextRefundDoes(async (real, input) => {
      await real.refund(input);
      throw new PayChannelError('BAD_RESPONSE_SIGNATURE', 'answer not signed by the platform');
    });

    const res = await refund(exceptionId);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({
      code: 502,
      success: false,
      msg: 'The payment channel could not handle this right now, please try again later (BAD_RESPONSE_SIGNATURE)',
    });
    expect(await exceptionRow(exceptionId)).toMatchObject({ status: 'open', refundStatus: 'PROCESSING' });
    // Not sent again while we do not know: the channel already has it.
    expect((await refund(exceptionId)).statusCode).toBe(400);

    await reconcilePayments(ctx.app, { olderThanSeconds: 0, leaseSeconds: 0 });
    expect(await exceptionRow(exceptionId)).toMatchObject({ status: 'refunded', refundStatus: 'SUCCESS' });
    expect(wechatRefundsOf(order.orderNo)).toHaveLength(1);
  });

  it('marks a refund the channel refused FAILED (502) and lets the office try again', async () => {
    const { order, exceptionId } = await paidAfterClose('wechat');
    nextRefundDoes(() => {
      throw new PayChannelError('NOTENOUGH', '基本账户余额不足', 403);
    });

    const refusedReply = await refund(exceptionId);
    expect(refusedReply.statusCode).toBe(502);
    expect(refusedReply.json().msg).toBe('The payment channel refused the refund (NOTENOUGH)');
    const failed = await exceptionRow(exceptionId);
    expect(failed).toMatchObject({ status: 'open', refundStatus: 'FAILED', resolvedBy: null });
    expect(wechatRefundsOf(order.orderNo)).toEqual([]);
    expect((await list('open')).find((r) => r.id === exceptionId)).toMatchObject({
      refundStatus: 'FAILED',
    });

    const retry = await refund(exceptionId);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data).toMatchObject({ status: 'refunded', refundStatus: 'SUCCESS' });
    expect(retry.json().data.refundNo).not.toBe(failed.refundNo);
    expect(wechatRefundsOf(order.orderNo)).toHaveLength(1);
    await expectOrderUntouched(order);
  });
});

describe('refunds the channel does not back', () => {
  it('sends nothing when the channel’s trade does not carry this payment (502), and a retry is allowed', async () => {
    const { order, exceptionId } = await paidAfterClose('wechat');
    // Our record disagrees with the channel's (here: the amount); refunding on it could send the wrong sum.
    await db()
      .update(paymentExceptions)
      .set({ amountFen: order.totalFen + 1 })
      .where(eq(paymentExceptions.id, exceptionId));
    const res = await refund(exceptionId);
    expect(res.statusCode).toBe(502);
    expect(res.json().msg).toBe(
      'The trade at the payment channel does not match this payment; nothing was refunded (SUCCESS)',
    );
    expect(await exceptionRow(exceptionId)).toMatchObject({ status: 'open', refundStatus: 'FAILED' });
    expect(wechatRefundsOf(order.orderNo)).toEqual([]);

    await db()
      .update(paymentExceptions)
      .set({ amountFen: order.totalFen })
      .where(eq(paymentExceptions.id, exceptionId));
    const retry = await refund(exceptionId);
    expect(retry.statusCode).toBe(200);
    expect(wechatRefundsOf(order.orderNo)).toHaveLength(1);
    await expectOrderUntouched(order);
  });

  it('marks FAILED a refund left PROCESSING that the channel never received (the job asks)', async () => {
    const { order, exceptionId } = await paidAfterClose('wechat');
    // As if the process died after claiming the refund and before sending it.
    await db()
      .update(paymentExceptions)
      .set({ refundNo: 'RNEVERSENT0000000001', refundStatus: 'PROCESSING' })
      .where(eq(paymentExceptions.id, exceptionId));
    expect((await refund(exceptionId)).statusCode).toBe(400);

    const run = await reconcilePayments(ctx.app, { olderThanSeconds: 0, leaseSeconds: 0 });
    expect(run.results.exception_refund_FAILED).toBeGreaterThanOrEqual(1);
    expect(await exceptionRow(exceptionId)).toMatchObject({ status: 'open', refundStatus: 'FAILED' });
    expect(wechatRefundsOf(order.orderNo)).toEqual([]);

    const retry = await refund(exceptionId);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data).toMatchObject({ status: 'refunded', refundStatus: 'SUCCESS' });
    expect(wechatRefundsOf(order.orderNo)).toHaveLength(1);
  });
});

describe('resolving a payment exception with a note', () => {
  async function openException(amountFen = 2_000): Promise<number> {
    const [row] = await db()
      .insert(paymentExceptions)
      .values({
        tenantId: UNI,
        channel: 'sandbox',
        transactionId: `SBX-RESOLVE-${Math.random().toString(36).slice(2)}`,
        amountFen,
        kind: 'duplicate_payment',
      })
      .returning();
    return row!.id;
  }

  it('records the note, who settled it and when; then it is settled for good', async () => {
    const id = await openException();
    const res = await resolve(id, { note: '  Paid back in cash at the counter  ' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      id,
      status: 'resolved',
      note: 'Paid back in cash at the counter',
      refundStatus: null,
      refundNo: null,
    });
    expect(Date.parse(data.resolvedAt)).not.toBeNaN();
    expect((await exceptionRow(id)).resolvedBy).toBe(await userIdOf(db(), UNI, 'finance1'));
    expect((await list('resolved')).find((r) => r.id === id)).toMatchObject({
      note: 'Paid back in cash at the counter',
      resolvedAt: data.resolvedAt,
    });

    const again = await resolve(id, { note: 'again' });
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toBe('This payment exception has already been settled');
    const refundAfter = await refund(id);
    expect(refundAfter.statusCode).toBe(400);
    expect(refundAfter.json().msg).toBe('This payment exception has already been settled');
    expect((await exceptionRow(id)).note).toBe('Paid back in cash at the counter');
  });

  it('cannot refund money whose trade the channel never named to us: the office settles it by hand', async () => {
    const id = await openException();
    const res = await refund(id);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(
      'The payment cannot be found at its channel to send it back; settle it by hand and add a note',
    );
    expect(await exceptionRow(id)).toMatchObject({ status: 'open', refundStatus: null, refundNo: null });
    expect((await resolve(id, { note: 'Applied by hand to the next term' })).statusCode).toBe(200);
  });

  it('takes a note of exactly 200 characters, counted as a person counts them', async () => {
    const id = await openException();
    const note = `${'已线下退还'.repeat(39)}现金😀😀😀`;
    expect(Array.from(note)).toHaveLength(200);
    const res = await resolve(id, { note });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.note).toBe(note);
  });

  it('refuses a missing, blank, too long or malformed note with the usual validation wording', async () => {
    const id = await openException();
    const cases: [object | undefined, string][] = [
      [undefined, 'Note is required'],
      [{}, 'Note is required'],
      [{ note: '   ' }, 'Note is required'],
      [{ note: 'x'.repeat(201) }, 'Note cannot be longer than 200 characters'],
      [{ note: 42 }, 'Note is not valid'],
    ];
    for (const [body, msg] of cases) {
      const res = await resolve(id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, success: false, msg });
    }
    expect((await resolve(id, {}, finance1, 'zh')).json().msg).toBe('备注不能为空');
    expect((await resolve(id, { note: '退'.repeat(201) }, finance1, 'zh')).json().msg).toBe(
      '备注不能超过200个字',
    );
    expect(await exceptionRow(id)).toMatchObject({ status: 'open', note: '', resolvedAt: null });
  });
});

describe('who may settle', () => {
  it("answers 404 to another tenant's finance office, and for an exception that does not exist", async () => {
    const { order, exceptionId } = await paidAfterClose('sandbox', [1_500]);
    for (const res of [
      await refund(exceptionId, collegeFinance),
      await resolve(exceptionId, { note: 'not ours' }, collegeFinance),
      await refund(999_999),
      await resolve(999_999, { note: 'nothing' }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, msg: 'The payment exception does not exist' });
    }
    expect(await exceptionRow(exceptionId)).toMatchObject({ status: 'open', refundStatus: null });
    expect(sandbox.book.find(UNI, order.orderNo)!.refundedFen).toBe(0);
  });

  it('answers 403 to anyone without the finance role', async () => {
    const { order, exceptionId } = await paidAfterClose('sandbox', [1_600]);
    for (const res of [
      await refund(exceptionId, student1),
      await resolve(exceptionId, { note: 'me' }, student1),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, msg: 'Only the finance office may do this' });
    }
    expect(await exceptionRow(exceptionId)).toMatchObject({ status: 'open', refundStatus: null });
    expect(sandbox.book.find(UNI, order.orderNo)!.refundedFen).toBe(0);
  });

  it('refuses an id that is not a number', async () => {
    const res = await post('refund/abc', finance1);
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
  });
});
