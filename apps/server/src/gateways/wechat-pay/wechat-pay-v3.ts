/**
 * WeChat Pay v3 JSAPI, H5 and Native, the real protocol: every request carries a WECHATPAY2-SHA256-RSA2048 Authorization
 * signed with the merchant key and names in Wechatpay-Serial the key it verifies answers with; every
 * successful answer must carry a valid platform signature, or it is not believed. Platform certificates
 * are downloaded and rotated through ./platform-keys.ts. The same adapter talks to the local simulator
 * in tests and demo mode.
 */
import type { ZodType } from 'zod';
import { resolveWechatPayConfig, type WechatPayConfig } from './config';
import { readTradeBill } from './bill';
import { parseWechatPayNotify, wechatPayNotifyAck, wechatPayNotifyFail } from './notify';
import { PlatformKeyring, type RawAnswer } from './platform-keys';
import { authorizationHeader, jsapiParams, verifyPlatformSignature } from './signing';
import { PayChannelError, type PayChannel, type PayFetch, type PrepayInput } from './types';
import { outboundFetch } from '../outbound-fetch';
import {
  beijingTime,
  parseJson,
  toRefundResult,
  toTradeQueryResult,
  wireBill,
  wireError,
  wireH5Prepay,
  wireNativePrepay,
  wirePrepay,
  wireRefund,
  wireTransaction,
} from './wire';

export interface WechatPayOptions {
  /** Clock in ms; tests move it to check stale signatures. */
  now?: () => number;
  userAgent?: string;
}

/** The adapter: every PayChannel call, H5 and Native included. */
export type WechatPayV3 = PayChannel & Required<Pick<PayChannel, 'prepayH5' | 'prepayNative'>>;

interface SignedAnswer {
  status: number;
  body: string;
}

export function wechatPayV3(
  settings: WechatPayConfig,
  fetchFn: PayFetch = outboundFetch,
  options: WechatPayOptions = {},
): WechatPayV3 {
  const config = resolveWechatPayConfig(settings);
  const now = options.now ?? Date.now;
  const q = encodeURIComponent;

  /** Sends one signed request; the answer is not yet checked. */
  async function send(method: 'GET' | 'POST', path: string, payload?: object): Promise<RawAnswer> {
    const res = await sendTo(method, config.baseUrl + path, payload);
    return { status: res.status, header: (name) => res.headers.get(name), body: await res.text() };
  }

  /** One signed request to a full address (a bill's download_url is one). */
  async function sendTo(method: 'GET' | 'POST', url: string, payload?: object) {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const { pathname, search } = new URL(url);
    const headers: Record<string, string> = {
      Authorization: authorizationHeader(config, method, pathname + search, body, now()),
      Accept: 'application/json',
      // WeChat refuses v3 requests without a User-Agent.
      'User-Agent': options.userAgent ?? 'campus-finance-wechatpay-v3',
    };
    // Names the key we verify answers with: while a merchant moves from platform certificates to the
    // WeChat Pay public key, WeChat signs with the one named here.
    const serial = keyring.requestSerial();
    if (serial) headers['Wechatpay-Serial'] = serial;
    if (payload !== undefined) headers['Content-Type'] = 'application/json';
    return fetchFn(url, { method, headers, body: payload === undefined ? undefined : body });
  }

  const keyring = new PlatformKeyring(config.platformKeys, {
    apiV3Key: config.apiV3Key,
    download: config.downloadCertificates,
    explicitSerial: config.wechatpaySerial,
    now,
    fetchCertificates: () => send('GET', '/v3/certificates'),
  });
  const notifyConfig = { ...config, platformKeys: keyring.keys };

  async function call(method: 'GET' | 'POST', path: string, payload?: object): Promise<SignedAnswer> {
    await keyring.ensureFresh();
    const res = await send(method, path, payload);
    const { pathname } = new URL(config.baseUrl + path);
    const signed = res.header('Wechatpay-Signature') !== null;
    const ok = res.status >= 200 && res.status < 300;
    // A success must be signed; an error is believed unsigned (WeChat signs only answers to requests it
    // authenticated) but never with a bad signature.
    if (ok || signed) {
      let verdict = verifyPlatformSignature(res.header, res.body, keyring.keys, now());
      // A serial we do not know may be a certificate WeChat started using since we last asked.
      if (
        verdict.ok === false &&
        verdict.reason === 'unknown_serial' &&
        (await keyring.refreshForUnknownSerial())
      )
        verdict = verifyPlatformSignature(res.header, res.body, keyring.keys, now());
      if (!verdict.ok) {
        throw new PayChannelError(
          'BAD_RESPONSE_SIGNATURE',
          `WeChat Pay ${method} ${pathname}: response not trusted (${verdict.reason})`,
          res.status,
        );
      }
    }
    if (!ok) {
      const error = wireError.safeParse(parseJson(res.body));
      const code = error.success ? error.data.code : `HTTP_${res.status}`;
      const message = error.success ? (error.data.message ?? code) : res.body.slice(0, 200);
      throw new PayChannelError(code, `WeChat Pay ${method} ${pathname}: ${code} ${message}`, res.status);
    }
    return { status: res.status, body: res.body };
  }

  function read<T>(schema: ZodType<T>, answer: SignedAnswer, what: string): T {
    const parsed = schema.safeParse(parseJson(answer.body));
    if (!parsed.success) throw new PayChannelError('BAD_RESPONSE', `WeChat Pay ${what}: unexpected answer`);
    return parsed.data;
  }

  /** What every way of starting a payment sends: the order, its amount, expiry and notify address. */
  const orderFields = (input: Omit<PrepayInput, 'openId'>) => ({
    appid: config.appId,
    mchid: config.mchId,
    description: input.description,
    out_trade_no: input.outTradeNo,
    time_expire: beijingTime(input.expireAt),
    notify_url: input.notifyUrl,
    amount: { total: input.amountFen, currency: 'CNY' },
  });

  return {
    name: 'wechat',

    async prepay(input) {
      const answer = await call('POST', '/v3/pay/transactions/jsapi', {
        ...orderFields(input),
        payer: { openid: input.openId },
      });
      const { prepay_id } = read(wirePrepay, answer, 'prepay');
      return {
        prepayId: prepay_id,
        jsapiParams: jsapiParams(config.appId, prepay_id, config.privateKey, now()),
      };
    },

    async prepayH5(input) {
      const answer = await call('POST', '/v3/pay/transactions/h5', {
        ...orderFields(input),
        // WeChat compares the address with the one the payer's browser then opens h5_url from.
        scene_info: { payer_client_ip: input.payerIp, h5_info: { type: 'Wap' } },
      });
      return { h5Url: read(wireH5Prepay, answer, 'h5 prepay').h5_url };
    },

    async prepayNative(input) {
      const answer = await call('POST', '/v3/pay/transactions/native', {
        ...orderFields(input),
        scene_info: { payer_client_ip: input.payerIp },
      });
      return { codeUrl: read(wireNativePrepay, answer, 'native prepay').code_url };
    },

    async query(outTradeNo) {
      try {
        const answer = await call(
          'GET',
          `/v3/pay/transactions/out-trade-no/${q(outTradeNo)}?mchid=${q(config.mchId)}`,
        );
        const tx = read(wireTransaction, answer, 'query');
        if (tx.out_trade_no !== outTradeNo || tx.mchid !== config.mchId) {
          throw new PayChannelError('BAD_RESPONSE', `WeChat Pay query: answer is for another order`);
        }
        return toTradeQueryResult(tx);
      } catch (error) {
        if (error instanceof PayChannelError && error.code === 'ORDER_NOT_EXIST')
          return { state: 'NOTFOUND' };
        throw error;
      }
    },

    async close(outTradeNo) {
      await call('POST', `/v3/pay/transactions/out-trade-no/${q(outTradeNo)}/close`, { mchid: config.mchId });
    },

    async refund(input) {
      const answer = await call('POST', '/v3/refund/domestic/refunds', {
        out_trade_no: input.outTradeNo,
        out_refund_no: input.outRefundNo,
        // WeChat takes 1-80 bytes when the field is present: an empty reason is left out.
        ...(input.reason ? { reason: input.reason } : {}),
        ...(input.notifyUrl ? { notify_url: input.notifyUrl } : {}),
        amount: { refund: input.refundFen, total: input.totalFen, currency: 'CNY' },
      });
      return toRefundResult(read(wireRefund, answer, 'refund'));
    },

    async queryRefund(outRefundNo) {
      const answer = await call('GET', `/v3/refund/domestic/refunds/${q(outRefundNo)}`);
      return toRefundResult(read(wireRefund, answer, 'refund query'));
    },

    async tradeBill(billDate) {
      let answer: SignedAnswer;
      try {
        answer = await call('GET', `/v3/bill/tradebill?bill_date=${q(billDate)}&bill_type=ALL&tar_type=GZIP`);
      } catch (error) {
        // A day without a single trade has no bill.
        if (error instanceof PayChannelError && error.code === 'NO_STATEMENT_EXIST')
          return { billDate, lines: [] };
        throw error;
      }
      const bill = read(wireBill, answer, 'trade bill');
      // The download is signed like any request, so it goes to WeChat Pay's own host only.
      if (new URL(bill.download_url).host !== new URL(config.baseUrl).host)
        throw new PayChannelError('BAD_RESPONSE', 'WeChat Pay trade bill: download_url on another host');
      // WeChat does not sign the file it answers: the SHA1 of hash_value vouches for it.
      const res = await sendTo('GET', bill.download_url);
      if (res.status !== 200 || !res.arrayBuffer) {
        const error = wireError.safeParse(parseJson(await res.text()));
        const code = error.success ? error.data.code : `HTTP_${res.status}`;
        throw new PayChannelError(code, `WeChat Pay bill download: ${code}`, res.status);
      }
      return readTradeBill(Buffer.from(await res.arrayBuffer()), bill.hash_value, billDate);
    },

    parseNotify(input) {
      const result = parseWechatPayNotify(notifyConfig, input, now());
      // WeChat retries a refused notify; by then the certificate it names should be in hand.
      if (!result.ok && result.reason === 'unknown_serial') void keyring.refreshForUnknownSerial();
      return result;
    },
    ackNotify: wechatPayNotifyAck,
    rejectNotify: (message) => wechatPayNotifyFail(message),
  };
}
