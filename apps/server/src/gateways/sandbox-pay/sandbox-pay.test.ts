import { describe, expect, it } from 'vitest';
import type { FetchLike } from '../types';
import { PayChannelError } from '../wechat-pay/types';
import { SIGNATURE_HEADER, signNotify, verifyNotify } from './signature';
import { createSandbox, paidNotifyBody } from './sandbox-pay';

const KEY = 'sandbox-test-key';
const NOW = Date.parse('2030-01-01T00:00:00Z');

/** A merchant that answers the notifies it receives, recording them. */
function merchant(answer: (n: number) => { status: number; body: string }) {
  const received: { url: string; headers: Record<string, string>; body: string; at: number }[] = [];
  const fetchFn: FetchLike = async (url, init) => {
    received.push({ url, headers: init!.headers!, body: init!.body!, at: Date.now() });
    const reply = answer(received.length);
    return { status: reply.status, text: async () => reply.body };
  };
  return { received, fetchFn };
}

function openTrade(sandbox: ReturnType<typeof createSandbox>, outTradeNo = 'T0001') {
  const gateway = sandbox.gateway('100001', 'http://merchant.test/notify/sandbox/100001');
  return gateway
    .prepay({ outTradeNo, description: 'Tuition', amountFen: 1234, expireAt: new Date(Date.now() + 60_000) })
    .then((answer) => ({ gateway, answer, trade: sandbox.book.find('100001', outTradeNo)! }));
}

describe('sandbox notify signature', () => {
  it('verifies its own signature and refuses a changed body, another key and an old timestamp', () => {
    const header = signNotify(KEY, '{"a":1}', NOW);
    expect(verifyNotify(KEY, header, '{"a":1}', NOW)).toEqual({ ok: true });
    expect(verifyNotify(KEY, header, '{"a":2}', NOW)).toEqual({ ok: false, reason: 'bad_signature' });
    expect(verifyNotify('other', header, '{"a":1}', NOW)).toEqual({ ok: false, reason: 'bad_signature' });
    expect(verifyNotify(KEY, header, '{"a":1}', NOW + 301_000)).toEqual({
      ok: false,
      reason: 'stale_timestamp',
    });
    expect(verifyNotify(KEY, undefined, '{"a":1}', NOW)).toEqual({ ok: false, reason: 'missing_headers' });
  });
});

describe('sandbox channel', () => {
  it('opens a trade with a checkout page, and parses only notifies signed for this tenant', async () => {
    const sandbox = createSandbox({
      fetchFn: merchant(() => ({ status: 200, body: 'SUCCESS' })).fetchFn,
      key: KEY,
    });
    const { gateway, answer, trade } = await openTrade(sandbox);
    expect(answer).toEqual({ checkoutUrl: `/api/blade-finance/pay/sandbox/checkout?ticket=${trade.ticket}` });
    expect(await gateway.query('T0001')).toEqual({
      state: 'NOTPAY',
      amountFen: 1234,
      transactionId: undefined,
      successTime: undefined,
    });

    sandbox.book.pay(trade);
    const body = paidNotifyBody(trade);
    const parsed = gateway.parseNotify({
      headers: { [SIGNATURE_HEADER.toLowerCase()]: signNotify(KEY, body, Date.now()) },
      rawBody: body,
    });
    expect(parsed).toMatchObject({
      ok: true,
      event: { outTradeNo: 'T0001', amountFen: 1234, tradeState: 'SUCCESS' },
    });

    const elsewhere = sandbox.gateway('100002', 'http://merchant.test/notify/sandbox/100002');
    const foreign = elsewhere.parseNotify({
      headers: { [SIGNATURE_HEADER]: signNotify(KEY, body, Date.now()) },
      rawBody: body,
    });
    expect(foreign).toMatchObject({ ok: false, reason: 'mchid_mismatch' });
    expect(gateway.ackNotify()).toEqual({
      status: 200,
      contentType: 'text/plain; charset=utf-8',
      body: 'SUCCESS',
    });
  });

  it('refuses to close a paid trade, to pay a closed one, and to refund more than was paid', async () => {
    const sandbox = createSandbox({
      fetchFn: merchant(() => ({ status: 200, body: 'SUCCESS' })).fetchFn,
      key: KEY,
    });
    const paid = await openTrade(sandbox, 'T0002');
    sandbox.book.pay(paid.trade);
    await expect(paid.gateway.close('T0002')).rejects.toMatchObject({ code: 'ORDERPAID' });
    const refund = { outTradeNo: 'T0002', outRefundNo: 'R1', refundFen: 1000, totalFen: 1234, reason: '' };
    expect(await paid.gateway.refund(refund)).toMatchObject({ status: 'SUCCESS' });
    // The same refund number again is the same refund, not a second one.
    expect(await paid.gateway.refund(refund)).toMatchObject({ status: 'SUCCESS' });
    await expect(
      paid.gateway.refund({ ...refund, outRefundNo: 'R2', refundFen: 235 }),
    ).rejects.toBeInstanceOf(PayChannelError);

    const closed = await openTrade(sandbox, 'T0003');
    await closed.gateway.close('T0003');
    expect(() => sandbox.book.pay(closed.trade)).toThrow(PayChannelError);
    expect((await closed.gateway.query('T0003')).state).toBe('CLOSED');
  });

  it('sends a payment notify twice when told to, late when told to, and retries until acknowledged', async () => {
    // The merchant fails the first delivery.
    const m = merchant((n) => (n === 1 ? { status: 500, body: 'FAIL' } : { status: 200, body: 'SUCCESS' }));
    const sandbox = createSandbox({ fetchFn: m.fetchFn, key: KEY });
    sandbox.notifier.behaviour = {
      duplicateRate: 1,
      lateRate: 1,
      lateDelayMs: 50,
      retryDelaysMs: [30],
      random: () => 0,
    };
    const { trade } = await openTrade(sandbox, 'T0004');
    const start = Date.now();
    sandbox.act(trade, 'pay');
    await sandbox.notifier.idle();
    // Two at once (one refused), then the refused one's retry.
    expect(m.received).toHaveLength(3);
    expect(m.received[0]!.at - start).toBeGreaterThanOrEqual(45);
    expect(new Set(m.received.map((r) => r.body)).size).toBe(1);
    for (const r of m.received)
      expect(verifyNotify(KEY, r.headers[SIGNATURE_HEADER], r.body, Date.now())).toEqual({ ok: true });
  });
});
