/**
 * WeChat Pay H5 (a phone browser outside WeChat) and Native (a QR code on a desktop): against the
 * simulator, and against answers recorded from WeChat's documentation, signed with a platform key made
 * here, so the adapter's requests and its trust in answers are checked without the simulator.
 */
import { describe, expect, it } from 'vitest';
import { createWechatPayFixture, pemPair, TEST_APP_ID, TEST_MCH_ID } from '@server-test/wechat-pay-fixtures';
import { parseAuthorization, platformHeaders, requestMessage, rsaVerify, toPublicKey } from './signing';
import { PayChannelError, type PayFetch, type ScenePrepayInput } from './types';
import { wechatPayV3 } from './wechat-pay-v3';

const { simulator, channel, config, merchantKeys } = createWechatPayFixture();
let seq = 0;

function order(overrides: Partial<ScenePrepayInput> = {}): ScenePrepayInput {
  return {
    outTradeNo: `SCENE${Date.now()}${++seq}`,
    description: '2025学年 学费',
    amountFen: 500000,
    payerIp: '203.0.113.7',
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

describe('H5 against the simulator', () => {
  it("sends the payer's address and h5_info, and answers the h5_url of WeChat's checkout page", async () => {
    const input = order();
    const { h5Url } = await channel.prepayH5(input);
    const atWechat = simulator.order(input.outTradeNo)!;
    expect(atWechat).toMatchObject({ tradeType: 'MWEB', amountFen: 500000, openId: '', state: 'NOTPAY' });
    expect(h5Url).toBe(atWechat.h5Url);
    expect(new URL(h5Url).searchParams.get('prepay_id')).toBe(atWechat.prepayId);
    expect(JSON.parse(atWechat.prepayBody)).toMatchObject({
      appid: TEST_APP_ID,
      mchid: TEST_MCH_ID,
      time_expire: '2025-09-01T12:15:00+08:00',
      scene_info: { payer_client_ip: '203.0.113.7', h5_info: { type: 'Wap' } },
    });
    expect(JSON.parse(atWechat.prepayBody)).not.toHaveProperty('payer');
  });

  it('is paid like any trade: the query names the trade type and the payer WeChat found', async () => {
    const input = order({ amountFen: 880 });
    await channel.prepayH5(input);
    const notify = simulator.pay(input.outTradeNo);
    const paid = await channel.query(input.outTradeNo);
    expect(paid).toMatchObject({ state: 'SUCCESS', transactionId: notify.transactionId, amountFen: 880 });
    expect(paid.payerOpenId).toMatch(/^oSim/);
    expect(channel.parseNotify(notify)).toMatchObject({ ok: true, event: { outTradeNo: input.outTradeNo } });
  });

  it('refuses the same trade number as another trade type (the switch must use a new attempt)', async () => {
    const input = order();
    await channel.prepayH5(input);
    const error = await rejection(channel.prepayNative(input));
    expect(error).toMatchObject({ code: 'INVALID_REQUEST', httpStatus: 400 });
  });
});

describe('Native against the simulator', () => {
  it('answers a weixin:// code_url that names the trade, and closes like any trade', async () => {
    const input = order({ amountFen: 1200 });
    const { codeUrl } = await channel.prepayNative(input);
    expect(codeUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    expect(simulator.scannedOrder(codeUrl)?.outTradeNo).toBe(input.outTradeNo);
    expect(simulator.order(input.outTradeNo)?.tradeType).toBe('NATIVE');
    expect(await channel.prepayNative(input)).toEqual({ codeUrl });

    await channel.close(input.outTradeNo);
    expect((await channel.query(input.outTradeNo)).state).toBe('CLOSED');
    expect(await rejection(channel.prepayNative(input))).toMatchObject({ code: 'ORDERCLOSED' });
  });
});

/** WeChat's answers as its documentation gives them, signed with a platform key made in this test. */
function recordedWechat(answer: { status: number; body: object }, trustedKey?: string) {
  const platformKey = pemPair();
  const serial = '3775B6A45ACD588826D15E583A95F5DD********';
  const sent: { url: string; headers: Record<string, string>; body: string }[] = [];
  const fetchFn: PayFetch = async (url, init) => {
    sent.push({ url, headers: init?.headers ?? {}, body: init?.body ?? '' });
    const body = JSON.stringify(answer.body);
    const headers = platformHeaders(serial, platformKey.privateKeyPem, body, Date.now());
    return { status: answer.status, headers: new Headers(headers), text: async () => body };
  };
  const adapter = wechatPayV3(
    {
      ...config,
      platformPublicKeys: { [serial]: trustedKey ?? platformKey.publicKeyPem },
      downloadCertificates: false,
    },
    fetchFn,
  );
  return { adapter, sent };
}

/** The request was signed with the merchant key over exactly what was sent. */
function expectSignedByMerchant(request: { url: string; headers: Record<string, string>; body: string }) {
  const auth = parseAuthorization(request.headers.Authorization)!;
  expect(auth).toMatchObject({ mchid: TEST_MCH_ID, serial_no: config.serialNo });
  const { pathname, search } = new URL(request.url);
  const message = requestMessage('POST', pathname + search, auth.timestamp, auth.nonce_str, request.body);
  expect(rsaVerify(message, auth.signature, toPublicKey(merchantKeys.publicKeyPem))).toBe(true);
}

describe('against recorded answers', () => {
  const H5_URL =
    'https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx2916263004719461949c84457c735b0000&package=2150917749';

  it('H5: posts to /v3/pay/transactions/h5 and reads h5_url from a signed answer', async () => {
    const { adapter, sent } = recordedWechat({ status: 200, body: { h5_url: H5_URL } });
    expect(await adapter.prepayH5(order({ outTradeNo: 'H5RECORDED0001' }))).toEqual({ h5Url: H5_URL });
    expect(sent[0]!.url).toBe('https://api.mch.weixin.qq.com/v3/pay/transactions/h5');
    expect(JSON.parse(sent[0]!.body)).toEqual({
      appid: TEST_APP_ID,
      mchid: TEST_MCH_ID,
      description: '2025学年 学费',
      out_trade_no: 'H5RECORDED0001',
      time_expire: '2025-09-01T12:15:00+08:00',
      notify_url: 'https://campus.example/api/pay/notify/wechat',
      amount: { total: 500000, currency: 'CNY' },
      scene_info: { payer_client_ip: '203.0.113.7', h5_info: { type: 'Wap' } },
    });
    expectSignedByMerchant(sent[0]!);
  });

  it('Native: posts to /v3/pay/transactions/native and reads code_url from a signed answer', async () => {
    const codeUrl = 'weixin://wxpay/bizpayurl?pr=p4lpSuKzz';
    const { adapter, sent } = recordedWechat({ status: 200, body: { code_url: codeUrl } });
    expect(await adapter.prepayNative(order())).toEqual({ codeUrl });
    expect(sent[0]!.url).toBe('https://api.mch.weixin.qq.com/v3/pay/transactions/native');
    expect(JSON.parse(sent[0]!.body).scene_info).toEqual({ payer_client_ip: '203.0.113.7' });
    expectSignedByMerchant(sent[0]!);
  });

  it("refuses WeChat's refusal by its code, and an answer signed with another key", async () => {
    const refused = recordedWechat({
      status: 403,
      body: { code: 'NO_AUTH', message: '商户号该产品权限未开通，请前往商户平台>产品中心检查后重试' },
    });
    expect(await rejection(refused.adapter.prepayH5(order()))).toMatchObject({
      code: 'NO_AUTH',
      httpStatus: 403,
    });

    // The same answer, but the key that signed it is not the one we trust for its serial.
    const forged = recordedWechat({ status: 200, body: { h5_url: H5_URL } }, pemPair().publicKeyPem);
    expect(await rejection(forged.adapter.prepayH5(order()))).toMatchObject({
      code: 'BAD_RESPONSE_SIGNATURE',
    });
  });

  it('refuses a signed answer without the field it asked for', async () => {
    const { adapter } = recordedWechat({ status: 200, body: { prepay_id: 'wx123' } });
    expect(await rejection(adapter.prepayNative(order()))).toMatchObject({ code: 'BAD_RESPONSE' });
  });
});
