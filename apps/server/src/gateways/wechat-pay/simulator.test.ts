import { describe, expect, it } from 'vitest';
import {
  createWechatPayFixture,
  pemPair,
  TEST_APP_ID,
  TEST_MCH_ID,
  TEST_MERCHANT_SERIAL,
} from '@server-test/wechat-pay-fixtures';
import { authorizationHeader, toKeyMap, verifyPlatformSignature } from './signing';
import type { SimRequest, SimResponse } from './simulator';
import type { PayFetch } from './types';

const clock = Date.UTC(2025, 8, 1, 2, 0, 0);
const { simulator, merchantKeys } = createWechatPayFixture({ now: () => clock });
const merchant = {
  mchId: TEST_MCH_ID,
  serialNo: TEST_MERCHANT_SERIAL,
  privateKey: merchantKeys.privateKeyPem,
};

const prepayBody = (outTradeNo: string, openid = 'o-openid') =>
  JSON.stringify({
    appid: TEST_APP_ID,
    mchid: TEST_MCH_ID,
    description: '住宿费',
    out_trade_no: outTradeNo,
    notify_url: 'https://campus.example/api/pay/notify/wechat',
    amount: { total: 120000, currency: 'CNY' },
    payer: { openid },
  });

function signedRequest(
  method: string,
  path: string,
  body: string,
  signer = merchant,
  at = clock,
): SimRequest {
  return {
    method,
    path,
    body,
    headers: { authorization: authorizationHeader(signer, method, path, body, at) },
  };
}

const expectSignError = (res: SimResponse) => {
  expect(res.status).toBe(401);
  expect(JSON.parse(res.body)).toEqual({ code: 'SIGN_ERROR', message: '签名错误' });
  expect(res.headers['Wechatpay-Signature']).toBeUndefined();
};

describe('the simulator authenticates the merchant', () => {
  const path = '/v3/pay/transactions/jsapi';

  it('answers a correctly signed request with a signed answer', () => {
    const body = prepayBody('SIMAUTH0001');
    const res = simulator.handle(signedRequest('POST', path, body));
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body).prepay_id).toMatch(/^wx/);
    const keys = toKeyMap(simulator.platformPublicKeys);
    expect(verifyPlatformSignature((name) => res.headers[name], res.body, keys, clock)).toEqual({ ok: true });
  });

  it('refuses a request without an Authorization header', () => {
    expectSignError(simulator.handle({ method: 'POST', path, body: prepayBody('SIMAUTH0002'), headers: {} }));
    expect(simulator.order('SIMAUTH0002')).toBeUndefined();
  });

  it('refuses a signature over another body', () => {
    const req = signedRequest('POST', path, prepayBody('SIMAUTH0003'));
    expectSignError(simulator.handle({ ...req, body: prepayBody('SIMAUTH0004') }));
    expect(simulator.order('SIMAUTH0004')).toBeUndefined();
  });

  it('refuses a signature over another path or method', () => {
    const req = signedRequest('GET', '/v3/pay/transactions/out-trade-no/SIMAUTH0001?mchid=1', '');
    expectSignError(
      simulator.handle({
        ...req,
        path: `/v3/pay/transactions/out-trade-no/SIMAUTH0001?mchid=${TEST_MCH_ID}`,
      }),
    );
    expectSignError(simulator.handle({ ...req, method: 'POST' }));
  });

  it('refuses a key it does not know, a wrong serial or a wrong merchant id', () => {
    const body = prepayBody('SIMAUTH0005');
    expectSignError(
      simulator.handle(
        signedRequest('POST', path, body, { ...merchant, privateKey: pemPair().privateKeyPem }),
      ),
    );
    expectSignError(
      simulator.handle(signedRequest('POST', path, body, { ...merchant, serialNo: 'OTHERSERIAL' })),
    );
    expectSignError(
      simulator.handle(signedRequest('POST', path, body, { ...merchant, mchId: '1900000999' })),
    );
  });

  it('refuses a request signed more than five minutes ago', () => {
    expectSignError(
      simulator.handle(signedRequest('POST', path, prepayBody('SIMAUTH0006'), merchant, clock - 301_000)),
    );
  });

  it('refuses a prepay for an app id not bound to the merchant', () => {
    const body = prepayBody('SIMAUTH0007').replace(TEST_APP_ID, 'wx0000000000000000');
    const res = simulator.handle(signedRequest('POST', path, body));
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body).code).toBe('APPID_MCHID_NOT_MATCH');
  });
});

describe('the simulator sends notifies', () => {
  it('POSTs a notify to the order notify_url with its headers and body', async () => {
    simulator.handle(signedRequest('POST', '/v3/pay/transactions/jsapi', prepayBody('SIMNOTIFY01')));
    const notify = simulator.pay('SIMNOTIFY01');
    const seen: Parameters<PayFetch>[] = [];
    const receiver: PayFetch = async (url, init) => {
      seen.push([url, init]);
      return { status: 200, headers: new Headers(), text: async () => '' };
    };
    expect(await simulator.deliver(notify, receiver)).toEqual({ status: 200, body: '' });
    expect(seen).toEqual([
      [
        'https://campus.example/api/pay/notify/wechat',
        { method: 'POST', headers: notify.headers, body: notify.rawBody },
      ],
    ]);
  });

  it('pays a closed order only when a test forces the inconsistent case', () => {
    simulator.handle(signedRequest('POST', '/v3/pay/transactions/jsapi', prepayBody('SIMLATE0001')));
    const closePath = '/v3/pay/transactions/out-trade-no/SIMLATE0001/close';
    expect(
      simulator.handle(signedRequest('POST', closePath, JSON.stringify({ mchid: TEST_MCH_ID }))).status,
    ).toBe(204);
    expect(() => simulator.pay('SIMLATE0001')).toThrow(/closed/);
    const late = simulator.pay('SIMLATE0001', { allowClosed: true });
    expect(late.transactionId).toMatch(/^4200\d{24}$/);
    expect(simulator.order('SIMLATE0001')!.state).toBe('SUCCESS');
  });

  it('refuses to pay twice; a duplicate comes from notify()', () => {
    simulator.handle(signedRequest('POST', '/v3/pay/transactions/jsapi', prepayBody('SIMDUP00001')));
    const first = simulator.pay('SIMDUP00001');
    expect(() => simulator.pay('SIMDUP00001')).toThrow(/already paid/);
    const again = simulator.notify('SIMDUP00001');
    expect(again.transactionId).toBe(first.transactionId);
    expect(JSON.parse(again.rawBody).id).toBe(JSON.parse(first.rawBody).id);
    expect(again.headers['Wechatpay-Nonce']).not.toBe(first.headers['Wechatpay-Nonce']);
  });
});

describe('the simulator keeps trade numbers as WeChat does', () => {
  const path = '/v3/pay/transactions/jsapi';
  const codeOf = (res: SimResponse) => (JSON.parse(res.body) as { code?: string }).code;

  it('hands the same prepay id to a repeat for the same payer and refuses another payer', () => {
    const first = simulator.handle(signedRequest('POST', path, prepayBody('SIMPAYER001')));
    const again = simulator.handle(signedRequest('POST', path, prepayBody('SIMPAYER001')));
    expect(JSON.parse(again.body).prepay_id).toBe(JSON.parse(first.body).prepay_id);
    const parent = simulator.handle(signedRequest('POST', path, prepayBody('SIMPAYER001', 'o-parent')));
    expect(parent.status).toBe(400);
    expect(codeOf(parent)).toBe('INVALID_REQUEST');
    expect(simulator.order('SIMPAYER001')!.openId).toBe('o-openid');
  });

  it('never prepays a closed trade number again, whoever asks', () => {
    simulator.handle(signedRequest('POST', path, prepayBody('SIMCLOSED01')));
    const closePath = '/v3/pay/transactions/out-trade-no/SIMCLOSED01/close';
    simulator.handle(signedRequest('POST', closePath, JSON.stringify({ mchid: TEST_MCH_ID })));
    for (const openid of ['o-openid', 'o-parent']) {
      const res = simulator.handle(signedRequest('POST', path, prepayBody('SIMCLOSED01', openid)));
      expect(res.status).toBe(400);
      expect(codeOf(res)).toBe('ORDERCLOSED');
    }
  });
});
