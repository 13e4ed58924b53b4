/**
 * WeChat Pay v3 JSAPI, the real protocol: every request carries a WECHATPAY2-SHA256-RSA2048 Authorization
 * signed with the merchant key; every successful answer must carry a valid platform signature, or it is
 * not believed. The same adapter talks to the local simulator in tests and demo mode.
 */
import type { ZodType } from 'zod';
import { resolveWechatPayConfig, type WechatPayConfig } from './config';
import { parseWechatPayNotify, wechatPayNotifyAck, wechatPayNotifyFail } from './notify';
import { authorizationHeader, jsapiParams, verifyPlatformSignature } from './signing';
import { PayChannelError, type PayChannel, type PayFetch } from './types';
import {
  beijingTime,
  parseJson,
  toRefundResult,
  toTradeQueryResult,
  wireError,
  wirePrepay,
  wireRefund,
  wireTransaction,
} from './wire';

export interface WechatPayOptions {
  /** Clock in ms; tests move it to check stale signatures. */
  now?: () => number;
  userAgent?: string;
}

interface SignedAnswer {
  status: number;
  body: string;
}

export function wechatPayV3(
  settings: WechatPayConfig,
  fetchFn: PayFetch = fetch,
  options: WechatPayOptions = {},
): PayChannel {
  const config = resolveWechatPayConfig(settings);
  const now = options.now ?? Date.now;
  const q = encodeURIComponent;

  async function call(method: 'GET' | 'POST', path: string, payload?: object): Promise<SignedAnswer> {
    const url = config.baseUrl + path;
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const { pathname, search } = new URL(url);
    const headers: Record<string, string> = {
      Authorization: authorizationHeader(config, method, pathname + search, body, now()),
      Accept: 'application/json',
      // Names the key we verify answers with: during a move from platform certificates to the WeChat
      // Pay public key, WeChat signs with the one named here.
      'Wechatpay-Serial': config.wechatpaySerial,
      // WeChat refuses v3 requests without a User-Agent.
      'User-Agent': options.userAgent ?? 'campus-finance-wechatpay-v3',
    };
    if (payload !== undefined) headers['Content-Type'] = 'application/json';
    const res = await fetchFn(url, { method, headers, body: payload === undefined ? undefined : body });
    const text = await res.text();

    const header = (name: string) => res.headers.get(name);
    const signed = header('Wechatpay-Signature') !== null;
    const ok = res.status >= 200 && res.status < 300;
    // A success must be signed; an error is believed unsigned (WeChat signs only answers to requests it
    // authenticated) but never with a bad signature.
    if (ok || signed) {
      const verdict = verifyPlatformSignature(header, text, config.platformKeys, now());
      if (!verdict.ok) {
        throw new PayChannelError(
          'BAD_RESPONSE_SIGNATURE',
          `WeChat Pay ${method} ${pathname}: response not trusted (${verdict.reason})`,
          res.status,
        );
      }
    }
    if (!ok) {
      const error = wireError.safeParse(parseJson(text));
      const code = error.success ? error.data.code : `HTTP_${res.status}`;
      const message = error.success ? (error.data.message ?? code) : text.slice(0, 200);
      throw new PayChannelError(code, `WeChat Pay ${method} ${pathname}: ${code} ${message}`, res.status);
    }
    return { status: res.status, body: text };
  }

  function read<T>(schema: ZodType<T>, answer: SignedAnswer, what: string): T {
    const parsed = schema.safeParse(parseJson(answer.body));
    if (!parsed.success) throw new PayChannelError('BAD_RESPONSE', `WeChat Pay ${what}: unexpected answer`);
    return parsed.data;
  }

  return {
    name: 'wechat',

    async prepay(input) {
      const answer = await call('POST', '/v3/pay/transactions/jsapi', {
        appid: config.appId,
        mchid: config.mchId,
        description: input.description,
        out_trade_no: input.outTradeNo,
        time_expire: beijingTime(input.expireAt),
        notify_url: input.notifyUrl,
        amount: { total: input.amountFen, currency: 'CNY' },
        payer: { openid: input.openId },
      });
      const { prepay_id } = read(wirePrepay, answer, 'prepay');
      return {
        prepayId: prepay_id,
        jsapiParams: jsapiParams(config.appId, prepay_id, config.privateKey, now()),
      };
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

    parseNotify: (input) => parseWechatPayNotify(config, input, now()),
    ackNotify: wechatPayNotifyAck,
    rejectNotify: (message) => wechatPayNotifyFail(message),
  };
}
