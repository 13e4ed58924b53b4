/**
 * An in-process WeChat Pay v3 server for tests and demo mode. It speaks the real protocol: it verifies
 * the merchant's request signatures (401 SIGN_ERROR otherwise), signs its answers with its platform
 * certificate key — or with its WeChat Pay public key when the request's Wechatpay-Serial names that —
 * and builds signed, AEAD-encrypted payment and refund notifies: honest ones, or forged ones on request.
 */
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { encryptResource } from './resource-cipher';
import {
  MAX_CLOCK_SKEW_SEC,
  headerOf,
  parseAuthorization,
  platformHeaders,
  requestMessage,
  rsaVerify,
  toPrivateKey,
  toPublicKey,
  unixSeconds,
  type KeyInput,
} from './signing';
import {
  certificatesAnswer,
  newCertificateSerial,
  newPlatformCertificate,
  type PlatformCertificate,
} from './simulator-certificates';
import { SimBills, type StatementEdits } from './simulator-bills';
import { SimOrderBook, type Answer, type SimOrder, type SimRefund } from './simulator-orders';
import type { IncomingHeaders, PayFetch, RefundStatus } from './types';
import { outboundFetch } from '../outbound-fetch';
import { beijingTime, parseJson, type WireTradeState } from './wire';

export interface SimulatedMerchant {
  mchId: string;
  appId: string;
  /** The merchant certificate serial its requests name. */
  serialNo: string;
  publicKeyPem: KeyInput;
  apiV3Key: string;
}

export interface SimulatorOptions {
  merchant: SimulatedMerchant;
  /** A fixed platform key keeps the serial and key stable across restarts (demo mode); else generated. */
  platformPrivateKeyPem?: KeyInput;
  platformSerial?: string;
  now?: () => number;
  /** The status new refunds start in; PROCESSING ones finish through settleRefund(). */
  refundStatus?: RefundStatus;
  /**
   * A WeChat Pay public key besides the platform certificate (a merchant moving to it): answers to
   * requests whose Wechatpay-Serial names publicKeyId are signed with it.
   */
  publicKeyId?: string;
  publicKeyPrivatePem?: KeyInput;
  /**
   * Sends a notify to its notify_url, as WeChat does on its own (demo mode: refund notifies, after the
   * answer). Without it, tests take the notifies from refundNotify() and deliver them themselves.
   */
  sendNotify?: (notify: SimulatedNotify) => Promise<unknown>;
}

export interface SimRequest {
  method: string;
  /** Path and query as sent: the signature covers it. */
  path: string;
  headers: IncomingHeaders;
  body: string;
}

export interface SimResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** A binary answer (a bill download); body is then empty. */
  bytes?: Buffer;
}

/** Ways to spoil the next answer, to prove the adapter refuses untrusted responses. */
export type ResponseTamper = 'bad_signature' | 'unknown_serial' | 'stale_timestamp' | 'tampered_body';

/** Ways to spoil a notify; each must be refused by the merchant. */
export interface NotifyTamper {
  /** Signed with a key that is not the platform's. */
  forgeSignature?: boolean;
  /** The body changed after it was signed. */
  tamperBody?: boolean;
  /** Signed as of this moment (ms), e.g. ten minutes ago. */
  signedAt?: number;
  /** Names a platform serial the merchant does not know. */
  serial?: string;
  /** Encrypted with another APIv3 key. */
  apiV3Key?: string;
  /** Honestly signed, but carrying another amount, app id or merchant id than the order. */
  amountFen?: number;
  appId?: string;
  mchId?: string;
}

export interface SimulatedNotify {
  headers: Record<string, string>;
  rawBody: string;
  transactionId: string;
  /** Where WeChat would POST it: the notify_url of the prepay request. */
  notifyUrl: string;
}

const MAX_CALLS_KEPT = 1000;

export function createWechatPaySimulator(options: SimulatorOptions) {
  const now = options.now ?? Date.now;
  const merchant = options.merchant;
  const merchantKey = toPublicKey(merchant.publicKeyPem);
  const platformKey: KeyObject = options.platformPrivateKeyPem
    ? toPrivateKey(options.platformPrivateKeyPem)
    : generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  // A certificate serial is hex, as X.509 writes it.
  const platformSerial = options.platformSerial ?? newCertificateSerial();
  const platformPublicKeyPem = toPublicKey(platformKey).export({ type: 'spki', format: 'pem' }).toString();
  /** Every platform certificate /v3/certificates lists; `signing` is the one answers are signed with. */
  const certificates: PlatformCertificate[] = [
    newPlatformCertificate(merchant.mchId, now(), { privateKey: platformKey, serial: platformSerial }),
  ];
  let signing = certificates[0]!;
  const publicKeyId = options.publicKeyId;
  const publicKey = options.publicKeyPrivatePem ? toPrivateKey(options.publicKeyPrivatePem) : undefined;
  if ((publicKeyId === undefined) !== (publicKey === undefined))
    throw new Error('simulator: a WeChat Pay public key needs both its id and its key');
  /** Which key signs notifies; WeChat switches to the public key when the merchant asks it to. */
  let notifySigner: 'certificate' | 'publicKey' = 'certificate';
  const signerOf = (serial: string | undefined) =>
    publicKey && publicKeyId && serial === publicKeyId
      ? { serial: publicKeyId, key: publicKey }
      : { serial: signing.serial, key: signing.privateKey };

  let refundStatus: RefundStatus = options.refundStatus ?? 'SUCCESS';
  let holdNotifies = false;
  const book = new SimOrderBook(
    merchant,
    now,
    () => refundStatus,
    (refund) => {
      const send = options.sendNotify;
      if (!send || !refund.notifyUrl || holdNotifies) return;
      // WeChat notifies after it answered the refund request, on its own connection.
      setImmediate(() => void send(buildRefundNotify(refund)).catch(() => {}));
    },
  );
  const bills = new SimBills(book, merchant, now);
  const tampers: ResponseTamper[] = [];
  const calls: { method: string; path: string; status: number; wechatpaySerial?: string; body: string }[] =
    [];

  // Generated only when a test forges something: a 2048-bit key takes a noticeable moment.
  let forger: KeyObject | undefined;
  const forgerKey = () => (forger ??= generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey);

  function authenticate(req: SimRequest): boolean {
    const auth = parseAuthorization(headerOf(req.headers, 'Authorization'));
    if (!auth || auth.mchid !== merchant.mchId || auth.serial_no !== merchant.serialNo) return false;
    if (!/^\d+$/.test(auth.timestamp)) return false;
    if (Math.abs(unixSeconds(now()) - Number(auth.timestamp)) > MAX_CLOCK_SKEW_SEC) return false;
    const message = requestMessage(req.method, req.path, auth.timestamp, auth.nonce_str, req.body);
    return rsaVerify(message, auth.signature, merchantKey);
  }

  function route(req: SimRequest): Answer {
    const url = new URL(req.path, 'http://simulator');
    // Mounted under a prefix (demo mode), the protocol path starts at /v3/.
    const at = url.pathname.indexOf('/v3/');
    const path = at >= 0 ? url.pathname.slice(at) : url.pathname;
    const body = req.body ? parseJson(req.body) : undefined;
    const method = req.method.toUpperCase();
    let match: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v3/pay/transactions/jsapi') return book.prepay(body);
    if (method === 'POST' && (path === '/v3/pay/transactions/h5' || path === '/v3/pay/transactions/native')) {
      // The payer pages (h5_url) are served beside the protocol, on the host and prefix asked.
      const host = headerOf(req.headers, 'host') ?? 'simulator';
      const proto = headerOf(req.headers, 'x-forwarded-proto') ?? 'http';
      const type = path.endsWith('/h5') ? 'MWEB' : 'NATIVE';
      return book.prepay(body, type, `${proto}://${host}${url.pathname.slice(0, at)}`);
    }
    if (method === 'GET' && path === '/v3/certificates') {
      const valid = certificates.filter((c) => c.effectiveMs <= now() && now() < c.expireMs);
      return { status: 200, body: certificatesAnswer(merchant.apiV3Key, valid) };
    }
    if ((match = path.match(/^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/)) && method === 'GET') {
      return book.query(url.searchParams.get('mchid'), decodeURIComponent(match[1]!));
    }
    if (
      (match = path.match(/^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)\/close$/)) &&
      method === 'POST'
    ) {
      return book.close(body, decodeURIComponent(match[1]!));
    }
    if (method === 'POST' && path === '/v3/refund/domestic/refunds') return book.refund(body);
    if (method === 'GET' && path === '/v3/bill/tradebill') {
      // The download address is on the host (and under the prefix) the request came to.
      const host = headerOf(req.headers, 'host') ?? 'simulator';
      const proto = headerOf(req.headers, 'x-forwarded-proto') ?? 'http';
      return bills.tradeBill(url.searchParams, `${proto}://${host}${url.pathname.slice(0, at)}`);
    }
    if (method === 'GET' && path === '/v3/billdownload/file') return bills.download(url.searchParams);
    if ((match = path.match(/^\/v3\/refund\/domestic\/refunds\/([^/]+)$/)) && method === 'GET') {
      return book.queryRefund(decodeURIComponent(match[1]!));
    }
    return { status: 404, body: { code: 'NOT_FOUND', message: '接口不存在' } };
  }

  function sign(answer: Answer, requestSerial: string | undefined): SimResponse {
    if (answer.bytes)
      return {
        status: answer.status,
        headers: { 'Content-Type': 'application/octet-stream' },
        body: '',
        bytes: answer.bytes,
      };
    let body = answer.body === undefined ? '' : JSON.stringify(answer.body);
    const tamper = tampers.shift();
    const signer = signerOf(requestSerial);
    const key = tamper === 'bad_signature' ? forgerKey() : signer.key;
    const signedAt = tamper === 'stale_timestamp' ? now() - 10 * 60_000 : now();
    const headers = platformHeaders(signer.serial, key, body, signedAt);
    if (tamper === 'unknown_serial') headers['Wechatpay-Serial'] = 'UNKNOWN_SERIAL';
    if (tamper === 'tampered_body')
      body = body.replace(/"(prepay_id|trade_state|status)":"[^"]*"/, '"$1":"TAMPERED"');
    if (body) headers['Content-Type'] = 'application/json; charset=utf-8';
    headers['Request-ID'] = `sim-${unixSeconds(now())}-${calls.length}`;
    return { status: answer.status, headers, body };
  }

  /** The WeChat Pay server: authenticate, act, sign the answer. */
  function handle(req: SimRequest): SimResponse {
    let response: SimResponse;
    if (!authenticate(req)) {
      // WeChat does not sign answers to requests it could not authenticate.
      const body = JSON.stringify({ code: 'SIGN_ERROR', message: '签名错误' });
      response = { status: 401, headers: { 'Content-Type': 'application/json; charset=utf-8' }, body };
    } else {
      response = sign(route(req), headerOf(req.headers, 'Wechatpay-Serial'));
    }
    calls.push({
      method: req.method.toUpperCase(),
      path: req.path,
      status: response.status,
      wechatpaySerial: headerOf(req.headers, 'Wechatpay-Serial'),
      body: req.body,
    });
    // A demo server runs for weeks: keep the recent requests only.
    if (calls.length > MAX_CALLS_KEPT) calls.splice(0, calls.length - MAX_CALLS_KEPT);
    return response;
  }

  /** The FetchLike face of handle(): give it to wechatPayV3() in place of the global fetch. */
  const simulatorFetch: PayFetch = async (url, init) => {
    const { pathname, search } = new URL(url);
    const { host } = new URL(url);
    const res = handle({
      method: init?.method ?? 'GET',
      path: pathname + search,
      headers: { host, ...init?.headers },
      body: init?.body ?? '',
    });
    return {
      status: res.status,
      headers: new Headers(res.headers),
      text: async () => res.bytes?.toString('utf8') ?? res.body,
      arrayBuffer: async () => {
        const bytes = res.bytes ?? Buffer.from(res.body, 'utf8');
        return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
      },
    };
  };

  /** Encrypts the resource, wraps it in the envelope and signs it as WeChat does (or spoils it). */
  function signedNotify(
    event: { id: string; createTime: string; eventType: string; summary: string; originalType: string },
    resourceJson: object,
    tamper: NotifyTamper,
  ): { headers: Record<string, string>; rawBody: string } {
    const resource = encryptResource(
      tamper.apiV3Key ?? merchant.apiV3Key,
      JSON.stringify(resourceJson),
      event.originalType,
      event.originalType,
    );
    const envelope = {
      id: event.id,
      create_time: event.createTime,
      resource_type: 'encrypt-resource',
      event_type: event.eventType,
      summary: event.summary,
      resource,
    };
    const signedBody = JSON.stringify(envelope);
    const signer = notifySigner === 'publicKey' ? signerOf(publicKeyId) : signerOf(undefined);
    const key = tamper.forgeSignature ? forgerKey() : signer.key;
    const headers = platformHeaders(signer.serial, key, signedBody, tamper.signedAt ?? now());
    if (tamper.serial) headers['Wechatpay-Serial'] = tamper.serial;
    headers['Content-Type'] = 'application/json';
    const rawBody = tamper.tamperBody
      ? JSON.stringify({ ...envelope, summary: `${event.summary}!` })
      : signedBody;
    return { headers, rawBody };
  }

  function buildNotify(order: SimOrder, tamper: NotifyTamper = {}): SimulatedNotify {
    if (!order.transactionId || !order.eventId)
      throw new Error(`simulator: ${order.outTradeNo} was never paid`);
    const tx = book.transactionJson(order);
    const transaction = {
      ...tx,
      appid: tamper.appId ?? tx.appid,
      mchid: tamper.mchId ?? tx.mchid,
      trade_state: 'SUCCESS',
      amount: { ...tx.amount, total: tamper.amountFen ?? order.amountFen },
    };
    const event = {
      id: order.eventId,
      createTime: order.successTime!,
      eventType: 'TRANSACTION.SUCCESS',
      summary: '支付成功',
      originalType: 'transaction',
    };
    return {
      ...signedNotify(event, transaction, tamper),
      transactionId: order.transactionId,
      notifyUrl: order.notifyUrl,
    };
  }

  const REFUND_SUMMARY = { SUCCESS: '退款成功', CLOSED: '退款关闭', ABNORMAL: '退款异常' } as const;

  /** REFUND.SUCCESS / REFUND.CLOSED / REFUND.ABNORMAL for a refund that reached its end. */
  function buildRefundNotify(refund: SimRefund, tamper: NotifyTamper = {}): SimulatedNotify {
    if (refund.status === 'PROCESSING' || !refund.eventId)
      throw new Error(`simulator: refund ${refund.outRefundNo} is still processing`);
    const notice = book.refundNoticeJson(refund);
    const resource = {
      ...notice,
      mchid: tamper.mchId ?? notice.mchid,
      amount: { ...notice.amount, refund: tamper.amountFen ?? notice.amount.refund },
    };
    const event = {
      id: refund.eventId,
      createTime: refund.successTime ?? beijingTime(new Date(now())),
      eventType: `REFUND.${refund.status}`,
      summary: REFUND_SUMMARY[refund.status],
      originalType: 'refund',
    };
    return {
      ...signedNotify(event, resource, tamper),
      transactionId: refund.transactionId,
      notifyUrl: refund.notifyUrl ?? '',
    };
  }

  function orderOf(outTradeNo: string): SimOrder {
    const order = book.orders.get(outTradeNo);
    if (!order) throw new Error(`simulator: no prepaid order ${outTradeNo}`);
    return order;
  }

  return {
    platformSerial,
    platformPublicKeyPem,
    publicKeyId,
    /** Ready for WechatPayConfig.platformPublicKeys: the certificate's key, and the public key if any. */
    platformPublicKeys: {
      [platformSerial]: platformPublicKeyPem,
      ...(publicKey && publicKeyId
        ? { [publicKeyId]: toPublicKey(publicKey).export({ type: 'spki', format: 'pem' }).toString() }
        : {}),
    } as Record<string, string>,
    handle,
    fetch: simulatorFetch,
    /** The requests the simulator answered (the last thousand), in order. */
    calls,

    /** The payer pays: the order becomes SUCCESS; returns the notify WeChat would send. */
    pay(outTradeNo: string, tamper: NotifyTamper & { allowClosed?: boolean } = {}): SimulatedNotify {
      return buildNotify(book.markPaid(outTradeNo, { allowClosed: tamper.allowClosed }), tamper);
    },
    /**
     * What the WeChat app does with getBrandWCPayRequest: checks paySign (the merchant's RSA signature
     * over appId, timeStamp, nonceStr and package) and that the prepay is this app's and still payable,
     * then the payer pays. Answers the notify WeChat sends, or why the app would refuse.
     */
    payJsapi(params: unknown): { notify: SimulatedNotify } | { refused: string } {
      const p = (params ?? {}) as Record<string, unknown>;
      const text = (key: string) => (typeof p[key] === 'string' ? (p[key] as string) : '');
      const [appId, timeStamp, nonceStr, pkg, paySign] = [
        'appId',
        'timeStamp',
        'nonceStr',
        'package',
        'paySign',
      ].map(text);
      if (!appId || !timeStamp || !nonceStr || !pkg || !paySign || text('signType') !== 'RSA')
        return { refused: 'missing parameters' };
      if (!rsaVerify(`${appId}\n${timeStamp}\n${nonceStr}\n${pkg}\n`, paySign, merchantKey))
        return { refused: 'paySign does not verify' };
      const prepayId = pkg.startsWith('prepay_id=') ? pkg.slice('prepay_id='.length) : '';
      const order = [...book.orders.values()].find((o) => o.prepayId === prepayId);
      if (!order) return { refused: 'unknown prepay_id' };
      if (order.appId !== appId) return { refused: 'appId differs from the prepay' };
      if (order.state !== 'NOTPAY' && order.state !== 'USERPAYING' && order.state !== 'PAYERROR')
        return { refused: `trade is ${order.state}` };
      return { notify: buildNotify(book.markPaid(order.outTradeNo), {}) };
    },
    /** The H5 order an h5_url's prepay_id names, or the Native order a scanned code_url names. */
    h5Order: (prepayId: string): Readonly<SimOrder> | undefined => {
      const order = book.byPrepayId(prepayId);
      return order?.tradeType === 'MWEB' ? order : undefined;
    },
    scannedOrder: (codeUrl: string): Readonly<SimOrder> | undefined => book.byCodeUrl(codeUrl),
    /** The notify for an order already paid again: WeChat's retry, a duplicate with the same ids. */
    notify(outTradeNo: string, tamper: NotifyTamper = {}): SimulatedNotify {
      return buildNotify(orderOf(outTradeNo), tamper);
    },
    /** POSTs a notify to its notify_url, as WeChat does. */
    async deliver(
      notify: SimulatedNotify,
      fetchFn: PayFetch = outboundFetch,
    ): Promise<{ status: number; body: string }> {
      const res = await fetchFn(notify.notifyUrl, {
        method: 'POST',
        headers: notify.headers,
        body: notify.rawBody,
      });
      return { status: res.status, body: await res.text() };
    },
    /** Puts an unpaid order into USERPAYING or PAYERROR, as a payer mid-way or a failed payment would. */
    setState(outTradeNo: string, state: Extract<WireTradeState, 'USERPAYING' | 'PAYERROR' | 'NOTPAY'>): void {
      orderOf(outTradeNo).state = state;
    },
    order: (outTradeNo: string): Readonly<SimOrder> | undefined => book.orders.get(outTradeNo),
    refunds: book.refunds,
    settleRefund: (outRefundNo: string, status?: 'SUCCESS' | 'CLOSED' | 'ABNORMAL') =>
      book.settleRefund(outRefundNo, status),
    /** The REFUND.* notify of a refund that reached its end (WeChat's, or a retry of it). */
    refundNotify(outRefundNo: string, tamper: NotifyTamper = {}): SimulatedNotify {
      const refund = book.refunds.get(outRefundNo);
      if (!refund) throw new Error(`simulator: no refund ${outRefundNo}`);
      return buildRefundNotify(refund, tamper);
    },
    /**
     * WeChat's certificate rotation: a new platform certificate is listed at /v3/certificates first,
     * and signs only once signWithPlatformCertificate() names it. Answers its serial.
     */
    addPlatformCertificate(validDays?: number): string {
      const added = newPlatformCertificate(merchant.mchId, now(), { validDays });
      certificates.push(added);
      return added.serial;
    },
    signWithPlatformCertificate(serial: string): void {
      const chosen = certificates.find((c) => c.serial === serial);
      if (!chosen) throw new Error(`simulator: no platform certificate ${serial}`);
      signing = chosen;
    },
    /** The certificate that signs now (its PEM, as /v3/certificates hands it out decrypted). */
    signingCertificate: () => ({ serial: signing.serial, pem: signing.pem }),
    /** While held, refund notifies are not sent on their own (a test plays a lost notify). */
    holdRefundNotifies(hold: boolean): void {
      holdNotifies = hold;
    },
    /** Notifies signed with the platform certificate (default) or the WeChat Pay public key. */
    signNotifiesWith(signer: 'certificate' | 'publicKey'): void {
      if (signer === 'publicKey' && !publicKey) throw new Error('simulator: no WeChat Pay public key');
      notifySigner = signer;
    },
    /** Changes what the trade bills say from now on (tests: a missing, an extra, a differing line). */
    editStatement(edits: StatementEdits): void {
      bills.edit(edits);
    },
    clearStatementEdits: () => bills.clearEdits(),
    /** The next trade bill's hash_value does not match its file. */
    spoilNextBillHash: () => bills.spoilNextHash(),
    setRefundStatus(status: RefundStatus): void {
      refundStatus = status;
    },
    /** Spoils the next answer once (queue several for several answers). */
    tamperNextResponse(tamper: ResponseTamper): void {
      tampers.push(tamper);
    },
  };
}

export type WechatPaySimulator = ReturnType<typeof createWechatPaySimulator>;
