/**
 * The outside world behind small interfaces; each has a real adapter and a local stand-in. The
 * whole set (Gateways) is in index.ts, the per-tenant pay accounts (PayGateways) in pay-channels.ts.
 */
import { PAY_CHANNEL_NAMES, type PayChannelName } from '@cf/shared/wire/pay';
import type { PayMode } from '@cf/shared/pay-offers';
import type {
  JsapiParams,
  NotifyInput,
  NotifyReply,
  ParseNotifyResult,
  PrepayInput,
  RefundInput,
  RefundResult,
  Statement,
  TradeQueryResult,
} from './wechat-pay/types';

/**
 * Texts through the sending tenant's provider: the school's own when its settings name one, else
 * the deployment's (gateways/notify-providers.ts picks it for every send).
 */
export interface SmsGateway {
  send(tenantId: string, phone: string, text: string): Promise<void>;
  /** Drops what this process keeps of the tenant's provider: its settings were just written. */
  forget(tenantId: string): void;
}

/** Mail through the sending tenant's provider, as SmsGateway. */
export interface MailGateway {
  send(tenantId: string, to: string, subject: string, body: string): Promise<void>;
  forget(tenantId: string): void;
}

/** One SMS provider account (HTTP adapter or dev outbox); `sender` is the sign name, when set. */
export interface SmsAccount {
  send(message: { phone: string; text: string; sender?: string }): Promise<void>;
}

/** One mail provider account; `sender` is the from name or address, when set. */
export interface MailAccount {
  send(message: { to: string; subject: string; body: string; sender?: string }): Promise<void>;
}

export type OauthSource = 'wechat' | 'wxwork';

export interface WechatIdentity {
  openId: string;
  unionId?: string;
  nickname?: string;
  avatar?: string;
}

export interface WechatAppCredentials {
  /** Official account: app id + secret. Enterprise: corp id + secret (agent app). */
  appId: string;
  secret: string;
}

export interface WechatOauthGateway {
  /** Exchanges an authorization code for the person's identity; throws WechatCodeError on a bad code. */
  exchange(source: OauthSource, app: WechatAppCredentials, code: string): Promise<WechatIdentity>;
}

export class WechatCodeError extends Error {}

// The channel names are part of the wire contract.
export { PAY_CHANNEL_NAMES, type PayChannelName };

/**
 * What a prepay hands the payer: JSAPI parameters (WeChat in its browser), a page to open (sandbox,
 * Alipay's wap.pay and page.pay; WeChat H5's h5_url) or a code to scan (WeChat Native's code_url).
 */
export type PrepayAnswer =
  { jsapi: JsapiParams } | { checkoutUrl: string } | { h5Url: string } | { codeUrl: string };

/** The notify address is the gateway's own (it knows its tenant and channel). */
export interface PrepayRequest extends Omit<PrepayInput, 'openId' | 'notifyUrl'> {
  /** The payer's openid; WeChat JSAPI cannot pay without it. */
  openId?: string;
  /** Where a hosted checkout page sends the payer back to (a same-origin path). */
  returnUrl?: string;
  /** One of the gateway's modes; default its first. */
  mode?: PayMode;
  /** The payer's address as the server saw it (WeChat H5 and Native send it). */
  payerIp?: string;
}

/**
 * One tenant's merchant account at one channel. Query, close, refund and notifies are the
 * channel-neutral ones of wechat-pay/types.ts; only the start of a payment differs per channel.
 */
export interface PayGateway {
  readonly name: PayChannelName;
  /** A demo stand-in (the WeChat Pay simulator) rather than a real merchant account. */
  readonly simulated?: boolean;
  /** How this account can start a payment, as its settings allow, first the default; none said: checkout. */
  readonly modes?: readonly PayMode[];
  prepay(input: PrepayRequest): Promise<PrepayAnswer>;
  query(outTradeNo: string): Promise<TradeQueryResult>;
  close(outTradeNo: string): Promise<void>;
  /** The gateway names its own notify address, as for prepay. */
  refund(input: Omit<RefundInput, 'notifyUrl'>): Promise<RefundResult>;
  /** outTradeNo: the refunded trade (Alipay asks by trade and request number). */
  queryRefund(outRefundNo: string, outTradeNo?: string): Promise<RefundResult>;
  /** The channel's statement of a day (YYYY-MM-DD, Beijing time), checked and parsed. */
  statement(billDate: string): Promise<Statement>;
  parseNotify(input: NotifyInput): ParseNotifyResult;
  ackNotify(): NotifyReply;
  rejectNotify(message: string): NotifyReply;
}

export type FetchLike = (
  url: string,
  init?: { method?: string; headers?: Record<string, string>; body?: string },
) => Promise<{
  status: number;
  text(): Promise<string>;
}>;
