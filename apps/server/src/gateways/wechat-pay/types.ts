/**
 * What the payment service needs from a payment channel. Channel-neutral: WeChat Pay v3 implements it,
 * and so can the sandbox channel. Money is integer fen everywhere.
 */

export interface PrepayInput {
  /** Our order number; the channel knows the order by it. */
  outTradeNo: string;
  description: string;
  amountFen: number;
  /** The payer's openid for the merchant's app id (JSAPI pays inside the WeChat browser). */
  openId: string;
  notifyUrl: string;
  /** After this moment the channel refuses to take the payment. */
  expireAt: Date;
}

/** The object the web app hands to `WeixinJSBridge.invoke('getBrandWCPayRequest', ...)`. */
export interface JsapiParams {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  package: string;
  signType: 'RSA';
  paySign: string;
}

export interface PrepayResult {
  prepayId: string;
  jsapiParams: JsapiParams;
}

/**
 * WeChat Pay H5 (a phone browser outside WeChat opens h5_url) and Native (a desktop shows code_url to
 * scan) know no payer before they pay; both send the payer's address (scene_info).
 */
export interface ScenePrepayInput extends Omit<PrepayInput, 'openId'> {
  /** The payer's IP address as our server saw it (scene_info.payer_client_ip). */
  payerIp: string;
}

/**
 * WeChat's trade states, plus NOTFOUND: the channel has never seen the order (prepay never reached it),
 * so it is certainly unpaid and may be closed locally.
 */
export type TradeState =
  'SUCCESS' | 'NOTPAY' | 'CLOSED' | 'USERPAYING' | 'PAYERROR' | 'REFUND' | 'REVOKED' | 'NOTFOUND';

export interface TradeQueryResult {
  state: TradeState;
  transactionId?: string;
  amountFen?: number;
  /** RFC 3339 as the channel sent it. */
  successTime?: string;
  payerOpenId?: string;
}

export interface RefundInput {
  outTradeNo: string;
  /** Our refund bill number; repeating it makes the call idempotent at the channel. */
  outRefundNo: string;
  refundFen: number;
  /** The order's total as paid; the channel checks it. */
  totalFen: number;
  /** Shown to the payer; WeChat takes 1–80 bytes, so an empty one is left out of the request. */
  reason: string;
  /** Where the channel reports the refund's outcome (WeChat: REFUND.SUCCESS / ABNORMAL / CLOSED). */
  notifyUrl?: string;
}

export type RefundStatus = 'SUCCESS' | 'CLOSED' | 'PROCESSING' | 'ABNORMAL';

export interface RefundResult {
  refundId: string;
  status: RefundStatus;
}

export interface PaymentEvent {
  /** The channel's notification id; the same for every retry of one notification. */
  eventId: string;
  eventType: string;
  outTradeNo: string;
  transactionId: string;
  tradeState: TradeState;
  amountFen: number;
  appId: string;
  mchId: string;
  successTime?: string;
  payerOpenId?: string;
}

/** A refund reached its end at the channel (WeChat: a REFUND.* notify), verified and decrypted. */
export interface RefundEvent {
  eventId: string;
  eventType: string;
  outTradeNo: string;
  outRefundNo: string;
  refundId: string;
  transactionId?: string;
  status: Exclude<RefundStatus, 'PROCESSING'>;
  refundFen: number;
  totalFen: number;
  mchId: string;
  successTime?: string;
}

export type NotifyRejection =
  | 'missing_headers'
  | 'unknown_serial'
  | 'stale_timestamp'
  | 'bad_signature'
  | 'bad_body'
  | 'unsupported_event'
  | 'decrypt_failed'
  | 'appid_mismatch'
  | 'mchid_mismatch';

export type ParseNotifyResult =
  | { ok: true; event: PaymentEvent }
  | { ok: true; refund: RefundEvent }
  | { ok: false; reason: NotifyRejection; detail?: string };

/** Incoming HTTP headers as Node/Fastify give them (lower-case names) or as a plain record. */
export type IncomingHeaders = Record<string, string | string[] | undefined>;

export interface NotifyInput {
  headers: IncomingHeaders;
  /** The body exactly as received: the signature covers these bytes, not a re-serialised object. */
  rawBody: string;
}

/** The HTTP reply the channel expects to a notify; its exact form decides whether it retries. */
export interface NotifyReply {
  status: number;
  contentType: string;
  body: string;
}

export interface PayChannel {
  readonly name: string;
  prepay(input: PrepayInput): Promise<PrepayResult>;
  /** WeChat Pay H5: the address the payer's phone browser goes to (then to our redirect_url). */
  prepayH5?(input: ScenePrepayInput): Promise<{ h5Url: string }>;
  /** WeChat Pay Native: the code_url the payer scans with WeChat. */
  prepayNative?(input: ScenePrepayInput): Promise<{ codeUrl: string }>;
  query(outTradeNo: string): Promise<TradeQueryResult>;
  close(outTradeNo: string): Promise<void>;
  refund(input: RefundInput): Promise<RefundResult>;
  queryRefund(outRefundNo: string): Promise<RefundResult>;
  /**
   * The channel's statement of a day (YYYY-MM-DD, Beijing time): every payment and refund line,
   * downloaded, checked against its hash and parsed (./bill.ts). A day without trades: no lines.
   */
  tradeBill(billDate: string): Promise<Statement>;
  parseNotify(input: NotifyInput): ParseNotifyResult;
  /** "Received, stop retrying" — also the answer to a duplicate. */
  ackNotify(): NotifyReply;
  /** "Not accepted, retry later". */
  rejectNotify(message: string): NotifyReply;
}

/** A refusal from the channel (HTTP 4xx/5xx with its error code), or an answer we could not trust. */
export class PayChannelError extends Error {
  constructor(
    /** The channel's error code (e.g. ORDERPAID, SIGN_ERROR) or ours (BAD_RESPONSE_SIGNATURE). */
    readonly code: string,
    message: string,
    readonly httpStatus?: number,
  ) {
    super(message);
    this.name = 'PayChannelError';
  }
}

/** One line of a channel's statement: a payment (by out_trade_no) or a refund (by out_refund_no). */
export interface StatementLine {
  kind: 'payment' | 'refund';
  /** out_trade_no of a payment, out_refund_no of a refund. */
  outNo: string;
  outTradeNo: string;
  transactionId: string;
  /** The order amount of a payment; the refund amount of a refund. */
  amountFen: number;
  /** The trade state of a payment (SUCCESS), the refund status of a refund (SUCCESS, PROCESSING ...). */
  state: string;
  /** Beijing time as the bill writes it. */
  time: string;
}

export interface Statement {
  billDate: string;
  lines: StatementLine[];
}

/** Response headers as the real fetch exposes them. */
export interface HeadersLike {
  get(name: string): string | null;
}

/**
 * The FetchLike of ../types.ts plus response headers, which WeChat Pay signs. The global fetch fits it;
 * so does the simulator's handler.
 */
export type PayFetch = (
  url: string,
  init?: { method?: string; headers?: Record<string, string>; body?: string },
) => Promise<{
  status: number;
  headers: HeadersLike;
  text(): Promise<string>;
  /** Binary answers (a gzipped bill); the global fetch and the simulator have it. */
  arrayBuffer?(): Promise<ArrayBuffer>;
}>;
