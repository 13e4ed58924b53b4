/** Picks the gateways for the mode: real adapters in production, stand-ins in demo mode and tests. */
import type { Config } from '../config';
import type { Db } from '../db/client';
import { httpMail, httpSms } from './http-notify';
import { outboxMail, outboxSms } from './outbox';
import { createPayGateways, type PayGateways } from './pay-channels';
import type { FetchLike, MailGateway, SmsGateway, WechatOauthGateway } from './types';
import { wechatOauth } from './wechat-oauth';

export const DEV_WECHAT_PREFIX = '/api/dev/wechat';

export interface Gateways {
  sms: SmsGateway;
  mail: MailGateway;
  wechatOauth: WechatOauthGateway;
  pay: PayGateways;
}

/**
 * `selfUrl` is where this process can reach itself (demo mode: the WeChat stand-in lives there);
 * `fetchFn` lets tests route the adapters' HTTP into app.inject().
 */
export function createGateways(
  config: Config,
  db: Db,
  selfUrl: () => string,
  fetchFn: FetchLike = fetch,
): Gateways {
  const pay = createPayGateways({ config, db, selfUrl, fetchFn });
  if (config.mode === 'demo') {
    const lazyUrls = {
      get apiUrl() {
        return selfUrl() + DEV_WECHAT_PREFIX;
      },
      get workApiUrl() {
        return selfUrl() + DEV_WECHAT_PREFIX;
      },
    };
    return {
      sms: config.sms.httpUrl ? httpSms(fetchFn, config.sms.httpUrl, config.sms.httpToken) : outboxSms(db),
      mail: config.mail.httpUrl
        ? httpMail(fetchFn, config.mail.httpUrl, config.mail.httpToken)
        : outboxMail(db),
      wechatOauth: wechatOauth(fetchFn, lazyUrls),
      pay,
    };
  }
  // loadConfig refuses production without both provider URLs.
  return {
    sms: httpSms(fetchFn, config.sms.httpUrl!, config.sms.httpToken),
    mail: httpMail(fetchFn, config.mail.httpUrl!, config.mail.httpToken),
    wechatOauth: wechatOauth(fetchFn, { apiUrl: config.wechat.apiUrl, workApiUrl: config.wechat.workApiUrl }),
    pay,
  };
}
