/**
 * The Alipay adapter through the official SDK (alipay-sdk, OpenAPI v2, RSA2), in public-key or
 * certificate mode. The payer is sent to alipay.trade.wap.pay (phone browser) or
 * alipay.trade.page.pay (desktop) — a signed gateway URL the browser opens; query, close, refund,
 * refund query and the statement address are signed calls whose answers the SDK verifies with
 * Alipay's key. The SDK's `gateway` setting points it at the simulator in demo mode and tests.
 */
import { createPublicKey, type KeyObject } from 'node:crypto';
import type { AlipaySdk, AlipaySdkCommonResult } from 'alipay-sdk';
import type { PayGateway, PrepayRequest } from '../types';
import {
  PayChannelError,
  type NotifyReply,
  type ParseNotifyResult,
  type PayFetch,
  type RefundResult,
  type TradeQueryResult,
} from '../wechat-pay/types';
import type { AlipayConfig } from './config';
import { readStatement, StatementError } from './statement';
import {
  ALIPAY_ACK,
  ALIPAY_METHODS,
  ALIPAY_NACK,
  SUCCESS_CODE,
  beijingClock,
  fenOfYuan,
  msOfClock,
  rfc3339OfClock,
  rsa2Verify,
  signedContent,
  tradeStateOf,
  yuanOf,
} from './wire';

/** A notify signed longer ago than this is refused; Alipay signs every retry afresh. */
export const MAX_NOTIFY_AGE_MS = 15 * 60_000;

export interface AlipayGatewayOptions {
  /** Where Alipay posts its notifies (…/pay/notify/alipay/{tenantId}). */
  notifyUrl: string;
  /** This site's address, to make the payer's return path absolute. */
  siteUrl: string;
  /** The statement download (a plain GET of the address Alipay hands out). */
  download: PayFetch;
  /** The SDK's HTTP dispatcher (the demo's in-process simulator), made on first use; default: the network. */
  dispatcher?: () => Promise<unknown>;
  simulated?: boolean;
  /** Demo: hand the browser a same-origin gateway path instead of the absolute address. */
  relativeTo?: string;
  now?: () => number;
}

const TEXT = 'text/plain; charset=utf-8';

/**
 * The SDK with this application's keys; certificate mode derives the cert SNs itself. Loaded on first
 * use: alipay-sdk and its HTTP client are a quarter of a second of every start otherwise.
 */
async function alipaySdk(config: AlipayConfig, dispatcher?: unknown): Promise<AlipaySdk> {
  const { AlipaySdk } = await import('alipay-sdk');
  const pkcs1 = config.privateKeyPem.includes('RSA PRIVATE KEY');
  return new AlipaySdk({
    appId: config.appId,
    privateKey: config.privateKeyPem,
    keyType: pkcs1 ? 'PKCS1' : 'PKCS8',
    signType: 'RSA2',
    ...(config.mode === 'cert'
      ? {
          appCertContent: config.appCertPem,
          alipayPublicCertContent: config.alipayPublicCertPem,
          alipayRootCertContent: config.alipayRootCertPem,
        }
      : { alipayPublicKey: config.alipayPublicKeyPem }),
    ...(config.gateway ? { gateway: config.gateway } : {}),
    timeout: 10_000,
    camelcase: false,
    ...(dispatcher ? { proxyAgent: dispatcher as never } : {}),
  });
}

type Answer = AlipaySdkCommonResult & Record<string, unknown>;

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

export function alipayGateway(config: AlipayConfig, options: AlipayGatewayOptions): PayGateway {
  let loading: Promise<AlipaySdk> | undefined;
  const sdk = () =>
    (loading ??= (async () => alipaySdk(config, await options.dispatcher?.()))().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  // Alipay's key (from its public key certificate in certificate mode), read once, for notifies.
  let alipayKey: KeyObject | undefined;
  const verifyAlipay = (content: string, sign: string) => {
    try {
      alipayKey ??= createPublicKey(
        (config.mode === 'cert' ? config.alipayPublicCertPem : config.alipayPublicKeyPem) ?? '',
      );
    } catch {
      return false;
    }
    return rsa2Verify(content, sign, alipayKey);
  };
  const now = options.now ?? Date.now;

  /** A signed call; its answer's signature is verified by the SDK (it throws when it is not Alipay's). */
  async function call(method: string, bizContent: Record<string, unknown>): Promise<Answer> {
    let answer: Answer;
    try {
      answer = (await (await sdk()).exec(method, { bizContent }, { validateSign: true })) as Answer;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // The SDK's words: no answer at all, an answer not signed by Alipay's key, or one it could not read.
      const code = message.startsWith('HttpClient Request error')
        ? 'UNREACHABLE'
        : /验签失败/.test(message)
          ? 'BAD_RESPONSE_SIGNATURE'
          : 'BAD_RESPONSE';
      throw new PayChannelError(code, `Alipay ${method}: ${message}`);
    }
    return answer;
  }

  const failure = (method: string, a: Answer, code = str(a.sub_code) ?? str(a.code) ?? 'UNKNOWN') =>
    new PayChannelError(code, `Alipay ${method}: ${str(a.sub_msg) ?? str(a.msg) ?? code}`);

  function returnUrl(input: PrepayRequest): string {
    return `${options.siteUrl}${input.returnUrl ?? '/'}`;
  }

  async function refundQuery(outRefundNo: string, outTradeNo: string): Promise<RefundResult> {
    const a = await call(ALIPAY_METHODS.refundQuery, {
      out_trade_no: outTradeNo,
      out_request_no: outRefundNo,
    });
    if (a.code !== SUCCESS_CODE) throw failure(ALIPAY_METHODS.refundQuery, a);
    // Alipay answers success without refund fields when it never took this request.
    if (!str(a.out_request_no) && !str(a.refund_amount))
      throw new PayChannelError('RESOURCE_NOT_EXISTS', `Alipay has no refund ${outRefundNo}`);
    const done = a.refund_status === 'REFUND_SUCCESS';
    return { refundId: `${str(a.trade_no) ?? ''}/${outRefundNo}`, status: done ? 'SUCCESS' : 'PROCESSING' };
  }

  return {
    name: 'alipay',
    simulated: options.simulated,
    // wap.pay in a phone browser, page.pay on a desktop (@cf/shared/pay-offers MODE_PLACES).
    modes: ['wap', 'page'],

    async prepay(input) {
      const page = input.mode === 'page';
      const method = page ? ALIPAY_METHODS.pagePay : ALIPAY_METHODS.wapPay;
      const url = (await sdk()).pageExec(method, 'GET', {
        bizContent: {
          out_trade_no: input.outTradeNo,
          total_amount: yuanOf(input.amountFen),
          subject: input.description,
          product_code: page ? 'FAST_INSTANT_TRADE_PAY' : 'QUICK_WAP_WAY',
          // Alipay refuses the payment after this moment (the order's own expiry).
          time_expire: beijingClock(input.expireAt),
          ...(page ? {} : { quit_url: returnUrl(input) }),
        },
        returnUrl: returnUrl(input),
        notifyUrl: options.notifyUrl,
      });
      const relative = options.relativeTo && url.startsWith(options.relativeTo);
      return { checkoutUrl: relative ? url.slice(options.relativeTo!.length) : url };
    },

    async query(outTradeNo): Promise<TradeQueryResult> {
      const a = await call(ALIPAY_METHODS.query, { out_trade_no: outTradeNo });
      if (a.code !== SUCCESS_CODE) {
        // The trade exists at Alipay only once the payer opened its cashier.
        if (a.sub_code === 'ACQ.TRADE_NOT_EXIST') return { state: 'NOTFOUND' };
        throw failure(ALIPAY_METHODS.query, a);
      }
      if (a.out_trade_no !== outTradeNo)
        throw new PayChannelError('BAD_RESPONSE', 'Alipay query: answer is for another trade');
      const paidBefore = Boolean(str(a.send_pay_date));
      const state = tradeStateOf(str(a.trade_status), paidBefore);
      if (!state)
        throw new PayChannelError('BAD_RESPONSE', `Alipay query: trade_status ${String(a.trade_status)}`);
      return {
        state,
        transactionId: str(a.trade_no),
        amountFen: fenOfYuan(str(a.total_amount)),
        successTime: rfc3339OfClock(str(a.send_pay_date)),
      };
    },

    async close(outTradeNo) {
      const a = await call(ALIPAY_METHODS.close, { out_trade_no: outTradeNo });
      if (a.code === SUCCESS_CODE) return;
      if (a.sub_code === 'ACQ.TRADE_NOT_EXIST') throw failure(ALIPAY_METHODS.close, a, 'ORDER_NOT_EXIST');
      // Paid (or finished) trades cannot be closed.
      if (a.sub_code === 'ACQ.TRADE_STATUS_ERROR') throw failure(ALIPAY_METHODS.close, a, 'ORDERPAID');
      throw failure(ALIPAY_METHODS.close, a);
    },

    async refund(input) {
      const a = await call(ALIPAY_METHODS.refund, {
        out_trade_no: input.outTradeNo,
        refund_amount: yuanOf(input.refundFen),
        // Every (partial) refund has its own request number; repeating it is idempotent at Alipay.
        out_request_no: input.outRefundNo,
        ...(input.reason ? { refund_reason: input.reason } : {}),
      });
      if (a.code !== SUCCESS_CODE) throw failure(ALIPAY_METHODS.refund, a);
      // fund_change Y: money moved now. N: a repeat of a request Alipay already took — ask its result.
      if (a.fund_change === 'Y')
        return { refundId: `${str(a.trade_no) ?? ''}/${input.outRefundNo}`, status: 'SUCCESS' };
      return refundQuery(input.outRefundNo, input.outTradeNo);
    },

    async queryRefund(outRefundNo, outTradeNo) {
      if (!outTradeNo) throw new PayChannelError('BAD_REQUEST', 'Alipay refund query needs the trade number');
      return refundQuery(outRefundNo, outTradeNo);
    },

    async statement(billDate) {
      const a = await call(ALIPAY_METHODS.billUrl, { bill_type: 'trade', bill_date: billDate });
      if (a.code !== SUCCESS_CODE) {
        if (a.sub_code === 'isp.bill_not_exist') return { billDate, lines: [] };
        throw failure(ALIPAY_METHODS.billUrl, a);
      }
      const url = str(a.bill_download_url);
      if (!url) throw new PayChannelError('BAD_RESPONSE', 'Alipay bill: no download address');
      const res = await options.download(url, { method: 'GET' });
      if (res.status !== 200 || !res.arrayBuffer)
        throw new PayChannelError('BILL_DOWNLOAD', `Alipay bill download: HTTP ${res.status}`);
      try {
        return readStatement(new Uint8Array(await res.arrayBuffer()), billDate);
      } catch (error) {
        if (error instanceof StatementError) throw new PayChannelError('BAD_BILL', error.message);
        throw error;
      }
    },

    parseNotify({ rawBody }): ParseNotifyResult {
      const params = Object.fromEntries(new URLSearchParams(rawBody)) as Record<string, string>;
      if (!params.sign) return { ok: false, reason: 'missing_headers', detail: 'no sign' };
      if (params.sign_type && params.sign_type !== 'RSA2')
        return { ok: false, reason: 'bad_signature', detail: `sign_type ${params.sign_type}` };
      // Alipay signs the sorted parameters without sign and sign_type, with its own key.
      if (!verifyAlipay(signedContent(params, ['sign', 'sign_type']), params.sign))
        return { ok: false, reason: 'bad_signature' };
      if (params.app_id !== config.appId)
        return { ok: false, reason: 'appid_mismatch', detail: params.app_id };
      if (config.sellerId && params.seller_id !== config.sellerId)
        return { ok: false, reason: 'mchid_mismatch', detail: params.seller_id };
      const sentAt = msOfClock(params.notify_time);
      if (Number.isNaN(sentAt) || Math.abs(now() - sentAt) > MAX_NOTIFY_AGE_MS)
        return { ok: false, reason: 'stale_timestamp', detail: params.notify_time };
      const amountFen = fenOfYuan(params.total_amount);
      const refunded = Boolean(params.gmt_refund || params.refund_fee);
      const state = tradeStateOf(params.trade_status, refunded);
      if (!params.out_trade_no || !params.trade_no || !params.notify_id || amountFen === undefined || !state)
        return { ok: false, reason: 'bad_body', detail: 'a required field is missing' };
      return {
        ok: true,
        event: {
          eventId: params.notify_id,
          eventType: `${params.notify_type ?? 'trade_status_sync'}.${params.trade_status}`,
          outTradeNo: params.out_trade_no,
          transactionId: params.trade_no,
          // A trade that has seen refunds is announced again with them: its payment is the one already applied.
          tradeState: state === 'REFUND' ? 'SUCCESS' : state,
          amountFen,
          appId: params.app_id,
          mchId: params.seller_id ?? '',
          successTime: rfc3339OfClock(params.gmt_payment),
          payerOpenId: params.buyer_id,
        },
      };
    },

    ackNotify: (): NotifyReply => ({ status: 200, contentType: TEXT, body: ALIPAY_ACK }),
    rejectNotify: (): NotifyReply => ({ status: 400, contentType: TEXT, body: ALIPAY_NACK }),
  };
}
