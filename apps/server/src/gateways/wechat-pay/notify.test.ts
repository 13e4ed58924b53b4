import { beforeAll, describe, expect, it } from 'vitest';
import { createWechatPayFixture, pemPair, TEST_APP_ID, TEST_MCH_ID } from '@server-test/wechat-pay-fixtures';
import { wechatPayNotifyAck, wechatPayNotifyFail } from './notify';
import { platformHeaders } from './signing';
import type { SimulatedNotify } from './simulator';
import type { NotifyInput } from './types';
import { wechatPayV3 } from './wechat-pay-v3';

let clock = Date.UTC(2025, 8, 1, 2, 0, 0);
// A known platform key, so a test can sign bodies the simulator would never send.
const platform = pemPair();
const { simulator, channel, config } = createWechatPayFixture({
  now: () => clock,
  simulator: { platformPrivateKeyPem: platform.privateKeyPem },
});
let orderSeq = 0;

async function prepaidOrder(amountFen = 12345): Promise<string> {
  const outTradeNo = `NOTIFY${String(++orderSeq).padStart(6, '0')}`;
  await channel.prepay({
    outTradeNo,
    description: '学费',
    amountFen,
    openId: 'o-payer-openid',
    notifyUrl: 'https://campus.example/api/pay/notify/wechat',
    expireAt: new Date(clock + 15 * 60_000),
  });
  return outTradeNo;
}

/** As Fastify hands it over: lower-case header names. */
const asReceived = (notify: SimulatedNotify): NotifyInput => ({
  headers: Object.fromEntries(Object.entries(notify.headers).map(([k, v]) => [k.toLowerCase(), v])),
  rawBody: notify.rawBody,
});

describe('WeChat Pay notify', () => {
  let outTradeNo: string;
  let paid: SimulatedNotify;

  beforeAll(async () => {
    outTradeNo = await prepaidOrder();
    paid = simulator.pay(outTradeNo);
  });

  it('verifies, decrypts and reports a payment', () => {
    const result = channel.parseNotify(asReceived(paid));
    expect(result).toEqual({
      ok: true,
      event: {
        eventId: expect.any(String),
        eventType: 'TRANSACTION.SUCCESS',
        outTradeNo,
        transactionId: paid.transactionId,
        tradeState: 'SUCCESS',
        amountFen: 12345,
        appId: TEST_APP_ID,
        mchId: TEST_MCH_ID,
        successTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/),
        payerOpenId: 'o-payer-openid',
      },
    });
    expect(paid.notifyUrl).toBe('https://campus.example/api/pay/notify/wechat');
  });

  it('reports a duplicate with the same notification and transaction ids', () => {
    const first = channel.parseNotify(asReceived(paid));
    const again = simulator.notify(outTradeNo);
    expect(again.rawBody).not.toBe('');
    const second = channel.parseNotify(asReceived(again));
    expect('event' in first && 'event' in second).toBe(true);
    if ('event' in first && 'event' in second) {
      expect(second.event.eventId).toBe(first.event.eventId);
      expect(second.event.transactionId).toBe(first.event.transactionId);
    }
  });

  it('passes on an amount different from the order, for the payment service to refuse', () => {
    const result = channel.parseNotify(asReceived(simulator.notify(outTradeNo, { amountFen: 1 })));
    expect('event' in result && result.event.amountFen).toBe(1);
  });

  it.each([
    ['a forged signature', { forgeSignature: true }, 'bad_signature'],
    ['a body changed after signing', { tamperBody: true }, 'bad_signature'],
    ['a notify signed ten minutes ago', { signedAt: clock - 10 * 60_000 }, 'stale_timestamp'],
    ['an unknown platform serial', { serial: 'PUB_KEY_ID_UNKNOWN' }, 'unknown_serial'],
    [
      'a resource encrypted with another APIv3 key',
      { apiV3Key: 'OtherApiV3Key_0123456789abcdefgh' },
      'decrypt_failed',
    ],
    ['another app id', { appId: 'wx0000000000000000' }, 'appid_mismatch'],
    ['another merchant id', { mchId: '1900000999' }, 'mchid_mismatch'],
  ] as const)('refuses %s', (_what, tamper, reason) => {
    const result = channel.parseNotify(asReceived(simulator.notify(outTradeNo, tamper)));
    expect(result).toMatchObject({ ok: false, reason });
  });

  it('refuses a notify whose signature headers are missing', () => {
    expect(channel.parseNotify({ headers: {}, rawBody: paid.rawBody })).toEqual({
      ok: false,
      reason: 'missing_headers',
    });
  });

  it('refuses a notify held back beyond five minutes', () => {
    const late = simulator.notify(outTradeNo);
    clock += 5 * 60_000 + 1000;
    try {
      expect(channel.parseNotify(asReceived(late))).toMatchObject({ ok: false, reason: 'stale_timestamp' });
    } finally {
      clock -= 5 * 60_000 + 1000;
    }
  });

  it('refuses when the merchant holds another APIv3 key', () => {
    const otherKey = wechatPayV3(
      { ...config, apiV3Key: 'OtherApiV3Key_0123456789abcdefgh' },
      simulator.fetch,
      {
        now: () => clock,
      },
    );
    expect(otherKey.parseNotify(asReceived(paid))).toMatchObject({ ok: false, reason: 'decrypt_failed' });
  });

  it('refuses a validly signed body of an event it does not know', () => {
    const other = JSON.parse(paid.rawBody);
    other.event_type = 'PROFIT_SHARING.SUCCESS';
    other.resource.original_type = 'profitsharing';
    const rawBody = JSON.stringify(other);
    const headers = platformHeaders(simulator.platformSerial, platform.privateKeyPem, rawBody, clock);
    expect(channel.parseNotify({ headers, rawBody })).toMatchObject({
      ok: false,
      reason: 'unsupported_event',
      detail: 'PROFIT_SHARING.SUCCESS',
    });
  });

  it('refuses a validly signed body that is not JSON', () => {
    const rawBody = 'code=SUCCESS';
    const headers = platformHeaders(simulator.platformSerial, platform.privateKeyPem, rawBody, clock);
    expect(channel.parseNotify({ headers, rawBody })).toMatchObject({ ok: false, reason: 'bad_body' });
  });
});

describe('WeChat Pay refund notify', () => {
  // Was refused as unsupported_event: refunds then completed only through the query job.
  let outTradeNo: string;
  beforeAll(async () => {
    outTradeNo = await prepaidOrder(5000);
    simulator.pay(outTradeNo);
  });

  async function refund(outRefundNo: string, refundFen: number) {
    await channel.refund({
      outTradeNo,
      outRefundNo,
      refundFen,
      totalFen: 5000,
      reason: '退费',
      notifyUrl: 'https://campus.example/api/pay/notify/wechat',
    });
    return outRefundNo;
  }

  it('verifies, decrypts and reports REFUND.SUCCESS with the refund resource', async () => {
    const outRefundNo = await refund('RN-OK-1', 1200);
    const notify = simulator.refundNotify(outRefundNo);
    expect(notify.notifyUrl).toBe('https://campus.example/api/pay/notify/wechat');
    expect(channel.parseNotify(asReceived(notify))).toEqual({
      ok: true,
      refund: {
        eventId: expect.any(String),
        eventType: 'REFUND.SUCCESS',
        outTradeNo,
        outRefundNo,
        refundId: simulator.refunds.get(outRefundNo)!.refundId,
        transactionId: expect.stringMatching(/^4200\d+$/),
        status: 'SUCCESS',
        refundFen: 1200,
        totalFen: 5000,
        mchId: TEST_MCH_ID,
        successTime: expect.stringMatching(/\+08:00$/),
      },
    });
  });

  it('reports REFUND.ABNORMAL and REFUND.CLOSED', async () => {
    simulator.setRefundStatus('PROCESSING');
    try {
      const abnormal = await refund('RN-AB-1', 100);
      const closed = await refund('RN-CL-1', 100);
      simulator.settleRefund(abnormal, 'ABNORMAL');
      simulator.settleRefund(closed, 'CLOSED');
      expect(channel.parseNotify(asReceived(simulator.refundNotify(abnormal)))).toMatchObject({
        ok: true,
        refund: { eventType: 'REFUND.ABNORMAL', status: 'ABNORMAL', outRefundNo: abnormal },
      });
      expect(channel.parseNotify(asReceived(simulator.refundNotify(closed)))).toMatchObject({
        ok: true,
        refund: { eventType: 'REFUND.CLOSED', status: 'CLOSED', outRefundNo: closed },
      });
    } finally {
      simulator.setRefundStatus('SUCCESS');
    }
  });

  it.each([
    ['a forged signature', { forgeSignature: true }, 'bad_signature'],
    ['a body changed after signing', { tamperBody: true }, 'bad_signature'],
    ['a notify signed ten minutes ago', { signedAt: clock - 10 * 60_000 }, 'stale_timestamp'],
    ['an unknown platform serial', { serial: 'PUB_KEY_ID_UNKNOWN' }, 'unknown_serial'],
    [
      'a resource encrypted with another APIv3 key',
      { apiV3Key: 'OtherApiV3Key_0123456789abcdefgh' },
      'decrypt_failed',
    ],
    ['another merchant id', { mchId: '1900000999' }, 'mchid_mismatch'],
  ] as const)('refuses a refund notify with %s', async (_what, tamper, reason) => {
    const outRefundNo = await refund(`RN-T-${reason}-${Object.keys(tamper)[0]}`, 10);
    const result = channel.parseNotify(asReceived(simulator.refundNotify(outRefundNo, tamper)));
    expect(result).toMatchObject({ ok: false, reason });
  });
});

describe('notify replies', () => {
  it('acknowledges with HTTP 200 and SUCCESS, as WeChat expects', () => {
    const ack = wechatPayNotifyAck();
    expect(ack.status).toBe(200);
    expect(JSON.parse(ack.body)).toEqual({ code: 'SUCCESS', message: '成功' });
    expect(channel.ackNotify()).toEqual(ack);
  });

  it('refuses with a 4xx/5xx and FAIL, so WeChat retries', () => {
    const fail = wechatPayNotifyFail('签名错误');
    expect(fail.status).toBe(400);
    expect(JSON.parse(fail.body)).toEqual({ code: 'FAIL', message: '签名错误' });
    expect(wechatPayNotifyFail('busy', 500).status).toBe(500);
    expect(channel.rejectNotify('签名错误')).toEqual(fail);
  });
});
