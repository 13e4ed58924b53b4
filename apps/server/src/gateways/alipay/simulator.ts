/**
 * An in-process Alipay OpenAPI gateway for demo mode and tests, speaking the real protocol: it checks
 * the application's RSA2 signature over the sorted parameters (and, in certificate mode, its
 * app_cert_sn / alipay_root_cert_sn), answers {method_response, sign} signed with its own key pair
 * (plus alipay_cert_sn in certificate mode), opens a trade when the payer's browser arrives with a
 * signed wap.pay / page.pay request, and sends signed form notifies on Alipay's retry schedule until
 * the merchant answers "success". Refunds, refund queries and the statement zip (GBK CSV) too.
 */
import { createPublicKey, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import type { MockAgent } from 'undici';
import type { SimRequest, SimResponse } from '../wechat-pay/simulator';
import type { PayFetch } from '../wechat-pay/types';
import { issueX509 } from '../x509';
import { certificateSn, rootCertificateSn } from './certificates';
import { packStatement } from './statement';
import { refundedFen, textOf, tradeMethods, type SimTrade } from './simulator-trades';
import {
  ALIPAY_ACK,
  ALIPAY_METHODS,
  ALIPAY_RETRY_MS,
  beijingClock,
  fenOfYuan,
  msOfClock,
  rsa2Sign,
  rsa2Verify,
  signedContent,
  yuanOf,
  type AlipayTradeStatus,
} from './wire';

export interface SimulatedApp {
  appId: string;
  sellerId: string;
  /** Public-key mode: the application's public key. */
  appPublicKeyPem?: string;
  /** Certificate mode: the application's key, for which the simulator issues the app certificate. */
  certificateMode?: boolean;
}

export interface AlipaySimulatorOptions {
  app: SimulatedApp;
  /** Certificate mode: the application's public key the app certificate is issued for. */
  appKey?: KeyObject;
  /** The simulator's address as the adapter reaches it (…/gateway.do lives under it). */
  base: string;
  now?: () => number;
  /** Posts a notify as Alipay does (demo); without it, tests deliver notifyOf() themselves. */
  sendNotify?: (url: string, body: string) => Promise<{ status: number; text(): Promise<string> }>;
  /** Alipay's retry waits, scaled (demo: a minute becomes a second). */
  retryScale?: number;
}

/** Ways to spoil a notify; each must be refused by the merchant (amount: signed, but another one). */
export interface AlipayNotifyTamper {
  forgeSignature?: boolean;
  tamperBody?: boolean;
  notifyTime?: number;
  appId?: string;
  sellerId?: string;
  amountFen?: number;
  tradeStatus?: AlipayTradeStatus;
}

export interface AlipayNotify {
  notifyUrl: string;
  rawBody: string;
  tradeNo: string;
}

const JSON_TYPE = 'application/json;charset=utf-8';

export function createAlipaySimulator(options: AlipaySimulatorOptions) {
  const now = options.now ?? Date.now;
  const { app } = options;
  const alipayKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const alipayPublicKeyPem = alipayKey.publicKey.export({ type: 'spki', format: 'pem' }).toString();

  // Certificate mode: a root, Alipay's public key certificate and the application's, all issued by the root.
  const certs = (() => {
    if (!app.certificateMode || !options.appKey) return undefined;
    const rootKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const root = {
      organization: 'Ant Financial (simulator)',
      commonName: 'Ant Financial Certification Authority R1',
    };
    const rootCertPem = issueX509({ subject: root, subjectKey: rootKey, issuer: root, issuerKey: rootKey });
    const alipayPublicCertPem = issueX509({
      subject: {
        organization: 'Ant Financial (simulator)',
        commonName: `支付宝(中国)网络技术有限公司 ${app.appId}`,
      },
      subjectKey: alipayKey.privateKey,
      issuer: root,
      issuerKey: rootKey,
    });
    const appCertPem = issueX509({
      subject: { organization: 'campus finance (simulator)', commonName: app.appId },
      subjectKey: options.appKey,
      issuer: root,
      issuerKey: rootKey,
    });
    return {
      rootCertPem,
      alipayPublicCertPem,
      appCertPem,
      rootSn: rootCertificateSn(rootCertPem),
      alipaySn: certificateSn(alipayPublicCertPem),
      appSn: certificateSn(appCertPem),
    };
  })();
  const appKey: KeyObject = certs
    ? createPublicKey(certs.appCertPem)
    : createPublicKey(app.appPublicKeyPem ?? '');

  const trades = new Map<string, SimTrade>();
  const billTokens = new Map<string, string>();
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<Promise<void>>();
  let stopped = false;

  const basePath = new URL(options.base).pathname;
  const newTradeNo = () =>
    `${beijingClock(new Date(now())).slice(0, 10).replace(/-/g, '')}2200${String(Math.floor(Math.random() * 1e12)).padStart(14, '0')}`;

  function answer(method: string, body: Record<string, unknown>, status = 200): SimResponse {
    const key = `${method.replace(/\./g, '_')}_response`;
    const json = JSON.stringify(body);
    const sign = rsa2Sign(json, alipayKey.privateKey);
    const cert = certs ? `,"alipay_cert_sn":"${certs.alipaySn}"` : '';
    return {
      status,
      headers: { 'content-type': JSON_TYPE },
      body: `{"${key}":${json}${cert},"sign":"${sign}"}`,
    };
  }
  const error = (method: string, subCode: string, subMsg: string, code = '40004') =>
    answer(method, {
      code,
      msg: code === '40002' ? 'Invalid Arguments' : 'Business Failed',
      sub_code: subCode,
      sub_msg: subMsg,
    });

  /** The request's parameters (query and form body), or why its signature is refused. */
  function verifyRequest(params: Record<string, string>): string | undefined {
    if (params.app_id !== app.appId) return 'isv.invalid-app-id';
    if (params.sign_type !== 'RSA2') return 'isv.invalid-signature-type';
    if (certs && (params.app_cert_sn !== certs.appSn || params.alipay_root_cert_sn !== certs.rootSn))
      return 'isv.app-cert-sn-invalid';
    if (!params.sign || !rsa2Verify(signedContent(params, ['sign']), params.sign, appKey))
      return 'isv.invalid-signature';
    return undefined;
  }

  function paramsOf(req: SimRequest): Record<string, string> {
    const url = new URL(req.path, 'http://sim');
    const params = Object.fromEntries(url.searchParams) as Record<string, string>;
    for (const [k, v] of new URLSearchParams(req.body)) params[k] = v;
    return params;
  }

  const bizOf = (params: Record<string, string>): Record<string, unknown> => {
    try {
      return JSON.parse(params.biz_content ?? '{}') as Record<string, unknown>;
    } catch {
      return {};
    }
  };
  const { methods: METHODS, billEntries } = tradeMethods(
    { trades, billTokens, base: options.base, now },
    { answer, error },
  );

  /** Signed wap.pay / page.pay parameters from the payer's browser: the trade they may pay, or why not. */
  function openCheckout(params: Record<string, string>): { trade: SimTrade } | { refused: string } {
    if (params.method !== ALIPAY_METHODS.wapPay && params.method !== ALIPAY_METHODS.pagePay)
      return { refused: 'isv.invalid-method' };
    const refused = verifyRequest(params);
    if (refused) return { refused };
    const biz = bizOf(params);
    const totalFen = fenOfYuan(textOf(biz.total_amount));
    const outTradeNo = textOf(biz.out_trade_no);
    if (!outTradeNo || totalFen === undefined || totalFen <= 0) return { refused: 'isv.missing-parameter' };
    const expireAt = msOfClock(textOf(biz.time_expire));
    if (!Number.isNaN(expireAt) && expireAt <= now()) return { refused: 'ACQ.TRADE_HAS_CLOSE' };
    const existing = trades.get(outTradeNo);
    if (existing) {
      if (existing.status === 'TRADE_CLOSED') return { refused: 'ACQ.TRADE_HAS_CLOSE' };
      if (existing.status !== 'WAIT_BUYER_PAY') return { refused: 'ACQ.TRADE_HAS_SUCCESS' };
      if (existing.totalFen !== totalFen) return { refused: 'ACQ.CONTEXT_INCONSISTENT' };
      existing.returnUrl = params.return_url ?? existing.returnUrl;
      return { trade: existing };
    }
    const trade: SimTrade = {
      outTradeNo,
      tradeNo: newTradeNo(),
      totalFen,
      subject: textOf(biz.subject),
      status: 'WAIT_BUYER_PAY',
      createdAt: now(),
      expireAt: Number.isNaN(expireAt) ? undefined : expireAt,
      notifyUrl: params.notify_url ?? '',
      returnUrl: params.return_url ?? '',
      notifyId: randomBytes(16).toString('hex'),
      buyerId: `2088${String(Math.floor(Math.random() * 1e12)).padStart(12, '0')}`,
      refunds: new Map(),
    };
    trades.set(outTradeNo, trade);
    return { trade };
  }

  /** The signed notify of a trade's current state (or a spoiled one), as Alipay would post it. */
  function notifyOf(outTradeNo: string, tamper: AlipayNotifyTamper = {}): AlipayNotify {
    const t = trades.get(outTradeNo);
    if (!t) throw new Error(`no Alipay trade ${outTradeNo}`);
    const params: Record<string, string> = {
      gmt_create: beijingClock(new Date(t.createdAt)),
      charset: 'utf-8',
      seller_email: 'finance@example.edu.cn',
      subject: t.subject,
      buyer_id: t.buyerId,
      invoice_amount: yuanOf(t.totalFen),
      notify_id: t.notifyId,
      fund_bill_list: JSON.stringify([{ amount: yuanOf(t.totalFen), fundChannel: 'ALIPAYACCOUNT' }]),
      notify_type: 'trade_status_sync',
      trade_status: tamper.tradeStatus ?? t.status,
      receipt_amount: yuanOf(t.totalFen),
      app_id: tamper.appId ?? app.appId,
      buyer_pay_amount: yuanOf(t.totalFen),
      seller_id: tamper.sellerId ?? app.sellerId,
      notify_time: beijingClock(new Date(tamper.notifyTime ?? now())),
      version: '1.0',
      out_trade_no: t.outTradeNo,
      total_amount: yuanOf(tamper.amountFen ?? t.totalFen),
      trade_no: t.tradeNo,
      auth_app_id: app.appId,
      point_amount: '0.00',
      ...(t.paidAt ? { gmt_payment: beijingClock(new Date(t.paidAt)) } : {}),
    };
    if (t.refunds.size > 0) {
      params.refund_fee = yuanOf(refundedFen(t));
      params.gmt_refund = beijingClock(new Date(now()));
    }
    const key = tamper.forgeSignature
      ? generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey
      : alipayKey.privateKey;
    params.sign = rsa2Sign(signedContent(params, ['sign', 'sign_type']), key);
    params.sign_type = 'RSA2';
    if (tamper.tamperBody) params.total_amount = yuanOf(t.totalFen + 100);
    return { notifyUrl: t.notifyUrl, rawBody: new URLSearchParams(params).toString(), tradeNo: t.tradeNo };
  }

  function later(ms: number, run: () => Promise<void>): void {
    if (stopped) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      const flight = run().finally(() => inFlight.delete(flight));
      inFlight.add(flight);
    }, ms);
    timer.unref();
    timers.add(timer);
  }

  /** Posts the trade's notify, then again on Alipay's schedule until the answer is exactly "success". */
  function deliver(outTradeNo: string, attempt = 0): void {
    const send = options.sendNotify;
    if (!send) return;
    later(attempt === 0 ? 0 : ALIPAY_RETRY_MS[attempt - 1]! * (options.retryScale ?? 1), async () => {
      let acknowledged = false;
      try {
        const notify = notifyOf(outTradeNo);
        const res = await send(notify.notifyUrl, notify.rawBody);
        acknowledged = res.status === 200 && (await res.text()).trim() === ALIPAY_ACK;
      } catch {
        acknowledged = false;
      }
      if (!acknowledged && attempt < ALIPAY_RETRY_MS.length) deliver(outTradeNo, attempt + 1);
    });
  }

  /**
   * The payer paid at the checkout: TRADE_SUCCESS, and the notify goes out (notify false: it is
   * lost on the way, for tests of the query and the statement).
   */
  function pay(outTradeNo: string, options_: { notify?: boolean } = {}): SimTrade {
    const t = trades.get(outTradeNo);
    if (!t || t.status !== 'WAIT_BUYER_PAY') throw new Error(`Alipay trade ${outTradeNo} cannot be paid`);
    t.status = 'TRADE_SUCCESS';
    t.paidAt = now();
    if (options_.notify !== false) deliver(outTradeNo);
    return t;
  }

  /** Where the payer's browser goes back after paying: return_url with Alipay's signed sync parameters. */
  function returnAddress(t: SimTrade, paid: boolean): string {
    if (!t.returnUrl) return '/';
    if (!paid) return t.returnUrl;
    const params: Record<string, string> = {
      charset: 'utf-8',
      out_trade_no: t.outTradeNo,
      method: 'alipay.trade.wap.pay.return',
      total_amount: yuanOf(t.totalFen),
      trade_no: t.tradeNo,
      auth_app_id: app.appId,
      version: '1.0',
      app_id: app.appId,
      sign_type: 'RSA2',
      seller_id: app.sellerId,
      timestamp: beijingClock(new Date(now())),
    };
    params.sign = rsa2Sign(signedContent(params, ['sign', 'sign_type']), alipayKey.privateKey);
    // The return path may carry a hash route: Alipay's parameters go before it.
    const [path, hash] = t.returnUrl.split('#', 2);
    const joiner = path!.includes('?') ? '&' : '?';
    return `${path}${joiner}${new URLSearchParams(params).toString()}${hash !== undefined ? `#${hash}` : ''}`;
  }

  function handle(req: SimRequest): SimResponse {
    const url = new URL(req.path, 'http://sim');
    const rest = url.pathname.startsWith(basePath) ? url.pathname.slice(basePath.length) : url.pathname;
    if (rest === '/bill' && req.method === 'GET') {
      const billDate = billTokens.get(url.searchParams.get('token') ?? '');
      if (!billDate) return { status: 404, headers: { 'content-type': 'text/plain' }, body: 'not found' };
      return {
        status: 200,
        headers: { 'content-type': 'application/zip' },
        body: '',
        bytes: packStatement(app.sellerId, billDate, billEntries(billDate)),
      };
    }
    const params = paramsOf(req);
    const method = params.method ?? '';
    const run = METHODS[method];
    if (!run) return error(method || 'error', 'isv.invalid-method', '不存在的方法名', '40002');
    const refused = verifyRequest(params);
    if (refused) return error(method, refused, '验签出错', '40002');
    return run(method, bizOf(params));
  }

  /** The SDK's HTTP dispatcher reaching this simulator in-process (undici's mock agent, never the network). */
  async function dispatcher(): Promise<MockAgent> {
    // Loaded when first asked for (demo mode's first Alipay call), not with every start.
    const { MockAgent } = await import('undici');
    const agent = new MockAgent();
    agent.disableNetConnect();
    agent
      .get(new URL(options.base).origin)
      .intercept({ path: () => true, method: () => true })
      .reply((opts) => {
        const body = opts.body;
        const text = typeof body === 'string' ? body : Buffer.isBuffer(body) ? body.toString('utf8') : '';
        const res = handle({ method: opts.method, path: opts.path, headers: {}, body: text });
        return {
          statusCode: res.status,
          data: res.bytes ?? res.body,
          responseOptions: { headers: res.headers },
        };
      })
      .persist();
    return agent;
  }

  /** A fetch answering from this simulator (the statement download in demo mode). */
  const fetch: PayFetch = async (url, init) => {
    const res = handle({ method: init?.method ?? 'GET', path: url, headers: {}, body: init?.body ?? '' });
    const bytes = res.bytes ?? Buffer.from(res.body, 'utf8');
    return {
      status: res.status,
      headers: { get: (name: string) => res.headers[name.toLowerCase()] ?? null },
      text: async () => res.body,
      arrayBuffer: async () =>
        bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
    };
  };

  return {
    alipayPublicKeyPem,
    /** Certificate mode: what the tenant would download from the open platform. */
    certificates: certs && {
      appCertPem: certs.appCertPem,
      alipayPublicCertPem: certs.alipayPublicCertPem,
      alipayRootCertPem: certs.rootCertPem,
    },
    trades,
    handle,
    dispatcher,
    fetch,
    openCheckout,
    pay,
    notifyOf,
    returnAddress,
    billEntries,
    /** Resolves once no notify is scheduled or on its way. */
    async idle(): Promise<void> {
      while (timers.size > 0 || inFlight.size > 0) {
        await Promise.all([...inFlight]);
        if (timers.size > 0) await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    stop(): void {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}

export type AlipaySimulator = ReturnType<typeof createAlipaySimulator>;
