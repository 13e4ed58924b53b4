/** The outside world behind small interfaces; each has a real adapter and a local stand-in. */

export interface SmsGateway {
  send(phone: string, text: string): Promise<void>;
}

export interface MailGateway {
  send(to: string, subject: string, body: string): Promise<void>;
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

export interface Gateways {
  sms: SmsGateway;
  mail: MailGateway;
  wechatOauth: WechatOauthGateway;
}

export type FetchLike = (
  url: string,
  init?: { method?: string; headers?: Record<string, string>; body?: string },
) => Promise<{
  status: number;
  text(): Promise<string>;
}>;
