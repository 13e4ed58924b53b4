import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWechatPayFixture, pemPair, TEST_APP_ID, TEST_MCH_ID } from '@server-test/wechat-pay-fixtures';
import { verifyPaySign } from './signing';
import { listenSimulator, type RunningSimulator } from './simulator-server';
import { PayChannelError, type PrepayInput } from './types';
import { wechatPayV3 } from './wechat-pay-v3';

const { simulator, channel, config, merchantKeys } = createWechatPayFixture();
let seq = 0;

function order(overrides: Partial<PrepayInput> = {}): PrepayInput {
  return {
    outTradeNo: `ADAPTER${Date.now()}${++seq}`,
    description: '2025学年 学费',
    amountFen: 500000,
    openId: 'o-student-openid',
    notifyUrl: 'https://campus.example/api/pay/notify/wechat',
    expireAt: new Date('2025-09-01T04:15:00Z'),
    ...overrides,
  };
}

async function rejection(promise: Promise<unknown>): Promise<PayChannelError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PayChannelError);
  return error as PayChannelError;
}

describe('prepay', () => {
  it('creates the order at WeChat and returns JSAPI parameters signed with the merchant key', async () => {
    const input = order();
    const result = await channel.prepay(input);

    expect(result.prepayId).toMatch(/^wx/);
    expect(result.jsapiParams).toMatchObject({
      appId: TEST_APP_ID,
      package: `prepay_id=${result.prepayId}`,
      signType: 'RSA',
      timeStamp: expect.stringMatching(/^\d{10}$/),
      nonceStr: expect.stringMatching(/^[0-9A-F]{32}$/),
    });
    expect(verifyPaySign(result.jsapiParams, merchantKeys.publicKeyPem)).toBe(true);

    const atWechat = simulator.order(input.outTradeNo)!;
    expect(atWechat).toMatchObject({
      appId: TEST_APP_ID,
      mchId: TEST_MCH_ID,
      amountFen: 500000,
      openId: 'o-student-openid',
      notifyUrl: input.notifyUrl,
      timeExpire: '2025-09-01T12:15:00+08:00',
      state: 'NOTPAY',
    });
    expect(JSON.parse(atWechat.prepayBody).amount).toEqual({ total: 500000, currency: 'CNY' });
  });

  it('gets the same prepay id when the same order is prepaid again', async () => {
    const input = order();
    const first = await channel.prepay(input);
    const second = await channel.prepay(input);
    expect(second.prepayId).toBe(first.prepayId);
    expect(second.jsapiParams.nonceStr).not.toBe(first.jsapiParams.nonceStr);
  });

  it('is refused when the order number was used with another amount', async () => {
    const input = order();
    await channel.prepay(input);
    const error = await rejection(channel.prepay({ ...input, amountFen: 1 }));
    expect(error).toMatchObject({ code: 'INVALID_REQUEST', httpStatus: 400 });
  });
});

describe('query and close', () => {
  it('reports NOTPAY, then SUCCESS with the transaction once paid', async () => {
    const input = order({ amountFen: 8800 });
    await channel.prepay(input);
    expect(await channel.query(input.outTradeNo)).toEqual({ state: 'NOTPAY', amountFen: 8800 });

    const notify = simulator.pay(input.outTradeNo);
    expect(await channel.query(input.outTradeNo)).toEqual({
      state: 'SUCCESS',
      transactionId: notify.transactionId,
      amountFen: 8800,
      successTime: expect.stringMatching(/\+08:00$/),
      payerOpenId: 'o-student-openid',
    });
  });

  it('reports USERPAYING and PAYERROR as WeChat does', async () => {
    const input = order();
    await channel.prepay(input);
    simulator.setState(input.outTradeNo, 'USERPAYING');
    expect((await channel.query(input.outTradeNo)).state).toBe('USERPAYING');
    simulator.setState(input.outTradeNo, 'PAYERROR');
    expect((await channel.query(input.outTradeNo)).state).toBe('PAYERROR');
  });

  it('reports NOTFOUND for an order WeChat never saw', async () => {
    expect(await channel.query('NEVERPREPAID0001')).toEqual({ state: 'NOTFOUND' });
  });

  it('closes an unpaid order (204), after which it cannot be paid', async () => {
    const input = order();
    await channel.prepay(input);
    await channel.close(input.outTradeNo);
    expect((await channel.query(input.outTradeNo)).state).toBe('CLOSED');
    expect(simulator.calls.at(-2)).toMatchObject({ method: 'POST', status: 204 });
    expect(() => simulator.pay(input.outTradeNo)).toThrow(/closed/);
    expect((await rejection(channel.prepay(input))).code).toBe('ORDERCLOSED');
  });

  it('refuses to close a paid order', async () => {
    const input = order();
    await channel.prepay(input);
    simulator.pay(input.outTradeNo);
    const error = await rejection(channel.close(input.outTradeNo));
    expect(error).toMatchObject({ code: 'ORDERPAID', httpStatus: 400 });
    expect((await channel.query(input.outTradeNo)).state).toBe('SUCCESS');
  });
});

describe('refund', () => {
  let paid: PrepayInput;
  beforeAll(async () => {
    paid = order({ amountFen: 10000 });
    await channel.prepay(paid);
    simulator.pay(paid.outTradeNo);
  });

  it('leaves an empty reason out and sends notify_url (WeChat takes a reason of 1-80 bytes)', async () => {
    const input = order({ amountFen: 100 });
    await channel.prepay(input);
    simulator.pay(input.outTradeNo);
    const base = { outTradeNo: input.outTradeNo, totalFen: 100, refundFen: 1 };
    await channel.refund({
      ...base,
      outRefundNo: `${input.outTradeNo}E`,
      reason: '',
      notifyUrl: 'https://campus.example/n',
    });
    const sent = JSON.parse(simulator.calls.at(-1)!.body);
    expect(sent).not.toHaveProperty('reason');
    expect(sent.notify_url).toBe('https://campus.example/n');
    // 27 Chinese characters are 81 bytes: WeChat (and the simulator) refuse them.
    const long = await rejection(
      channel.refund({ ...base, outRefundNo: `${input.outTradeNo}L`, reason: '退'.repeat(27) }),
    );
    expect(long.code).toBe('PARAM_ERROR');
  });

  it('refunds part, then the rest, and never more than was paid', async () => {
    const base = { outTradeNo: paid.outTradeNo, totalFen: 10000, reason: '退学退费' };
    const part = await channel.refund({ ...base, outRefundNo: `${paid.outTradeNo}R1`, refundFen: 3000 });
    expect(part).toEqual({ refundId: expect.stringMatching(/^50\d+$/), status: 'SUCCESS' });
    expect((await channel.query(paid.outTradeNo)).state).toBe('REFUND');

    const over = await rejection(
      channel.refund({ ...base, outRefundNo: `${paid.outTradeNo}R2`, refundFen: 7001 }),
    );
    expect(over.code).toBe('INVALID_REQUEST');

    const rest = await channel.refund({ ...base, outRefundNo: `${paid.outTradeNo}R3`, refundFen: 7000 });
    expect(rest.status).toBe('SUCCESS');
    expect(simulator.order(paid.outTradeNo)!.refundedFen).toBe(10000);
  });

  it('answers a repeated refund number with the same refund, not a second one', async () => {
    const input = order({ amountFen: 2000 });
    await channel.prepay(input);
    simulator.pay(input.outTradeNo);
    const refund = {
      outTradeNo: input.outTradeNo,
      outRefundNo: `${input.outTradeNo}R`,
      totalFen: 2000,
      reason: '',
    };
    const first = await channel.refund({ ...refund, refundFen: 500 });
    const again = await channel.refund({ ...refund, refundFen: 500 });
    expect(again.refundId).toBe(first.refundId);
    expect(simulator.order(input.outTradeNo)!.refundedFen).toBe(500);
  });

  it('reports a PROCESSING refund and its outcome through queryRefund', async () => {
    const input = order({ amountFen: 3000 });
    await channel.prepay(input);
    simulator.pay(input.outTradeNo);
    simulator.setRefundStatus('PROCESSING');
    try {
      const outRefundNo = `${input.outTradeNo}R`;
      const { outTradeNo } = input;
      const started = await channel.refund({
        outTradeNo,
        outRefundNo,
        refundFen: 3000,
        totalFen: 3000,
        reason: '',
      });
      expect(started.status).toBe('PROCESSING');
      expect(await channel.queryRefund(outRefundNo)).toEqual({
        refundId: started.refundId,
        status: 'PROCESSING',
      });
      simulator.settleRefund(outRefundNo);
      expect(await channel.queryRefund(outRefundNo)).toEqual({
        refundId: started.refundId,
        status: 'SUCCESS',
      });
    } finally {
      simulator.setRefundStatus('SUCCESS');
    }
  });

  it('refuses to refund an unpaid order', async () => {
    const input = order();
    await channel.prepay(input);
    const refund = { outTradeNo: input.outTradeNo, outRefundNo: 'R-UNPAID', refundFen: 1, totalFen: 500000 };
    expect((await rejection(channel.refund({ ...refund, reason: '' }))).code).toBe('INVALID_REQUEST');
  });
});

describe('trust', () => {
  it.each(['bad_signature', 'unknown_serial', 'stale_timestamp', 'tampered_body'] as const)(
    'refuses an answer with %s',
    async (tamper) => {
      const input = order();
      simulator.tamperNextResponse(tamper);
      const error = await rejection(channel.prepay(input));
      expect(error).toMatchObject({ code: 'BAD_RESPONSE_SIGNATURE', httpStatus: 200 });
    },
  );

  it('refuses a 204 close answer with a bad signature', async () => {
    const input = order();
    await channel.prepay(input);
    simulator.tamperNextResponse('bad_signature');
    expect((await rejection(channel.close(input.outTradeNo))).code).toBe('BAD_RESPONSE_SIGNATURE');
  });

  it('refuses an error answer with a bad signature rather than believe its code', async () => {
    simulator.tamperNextResponse('bad_signature');
    const error = await rejection(channel.query('NEVERPREPAID0002'));
    expect(error).toMatchObject({ code: 'BAD_RESPONSE_SIGNATURE', httpStatus: 404 });
  });

  it('is refused with SIGN_ERROR when it signs with a key WeChat does not know', async () => {
    const stranger = wechatPayV3({ ...config, privateKeyPem: pemPair().privateKeyPem }, simulator.fetch);
    const error = await rejection(stranger.prepay(order()));
    expect(error).toMatchObject({ code: 'SIGN_ERROR', httpStatus: 401 });
  });

  it('does not start with a malformed APIv3 key, or with no platform key when it may not download certificates', () => {
    expect(() => wechatPayV3({ ...config, apiV3Key: 'short' }, simulator.fetch)).toThrow(/32 bytes/);
    // Certificates are downloaded now (./platform-keys.ts): no configured key is refused only without downloads.
    expect(() =>
      wechatPayV3({ ...config, platformPublicKeys: {}, downloadCertificates: false }, simulator.fetch),
    ).toThrow(/platform/);
  });
});

describe('over a real socket with the global fetch', () => {
  let running: RunningSimulator;
  beforeAll(async () => {
    running = await listenSimulator(simulator);
  });
  afterAll(() => running.close());

  it('prepays, is paid, queries and closes through HTTP, base URL with a path prefix included', async () => {
    const http = wechatPayV3({ ...config, baseUrl: `${running.url}/mounted/wechat-pay/` }, fetch);
    const paidOrder = order({ amountFen: 100 });
    const { jsapiParams } = await http.prepay(paidOrder);
    expect(verifyPaySign(jsapiParams, merchantKeys.publicKeyPem)).toBe(true);
    simulator.pay(paidOrder.outTradeNo);
    expect((await http.query(paidOrder.outTradeNo)).state).toBe('SUCCESS');

    const unpaid = order();
    await http.prepay(unpaid);
    await http.close(unpaid.outTradeNo);
    expect((await http.query(unpaid.outTradeNo)).state).toBe('CLOSED');
    expect(simulator.calls.at(-1)!.path).toBe(
      `/mounted/wechat-pay/v3/pay/transactions/out-trade-no/${unpaid.outTradeNo}?mchid=${config.mchId}`,
    );
  });
});
