/** Picks the gateways for the mode: real adapters in production, stand-ins in demo mode and tests. */
import type { Config } from '../config';
import type { Db } from '../db/client';
import { createHmac } from 'node:crypto';
import { createFileStore, type FileStore } from './file-store';
import { ebillPlatform } from './ebill/ebill-platform';
import { createEBillStandin, DEV_EBILL_PREFIX, type EBillStandin } from './ebill/standin';
import type { InvoiceGateway } from './invoice';
import { createNotifyGateways } from './notify-providers';
import { createPayGateways, type PayGateways } from './pay-channels';
import type { FetchLike, MailGateway, SmsGateway, WechatOauthGateway } from './types';
import { wechatOauth } from './wechat-oauth';
import { wechatMessages, type WechatMessageGateway } from './wechat-message';
import { outboundFetch } from './outbound-fetch';

export const DEV_WECHAT_PREFIX = '/api/dev/wechat';

export interface Gateways {
  /** Each tenant's SMS and mail provider: its own when set, else the deployment's (notify-providers.ts). */
  sms: SmsGateway;
  mail: MailGateway;
  wechatOauth: WechatOauthGateway;
  /** Official account template messages (wechat-message.ts; demo mode: the app's own WeChat stand-in). */
  wechatMessages: WechatMessageGateway;
  pay: PayGateways;
  /** The e-bill platform; null in production when EBILL_URL is not set (requests then wait unsent). */
  invoice: InvoiceGateway | null;
  /** Uploaded files: the folder under DATA_DIR or an S3-compatible bucket (file-store/). */
  files: FileStore;
  /** Demo mode: the e-bill stand-in the invoice adapter talks to (modules/dev serves it). */
  ebillStandin?: EBillStandin;
}

/** The real adapter, pointed at the platform or (demo mode without EBILL_URL) at this process's stand-in. */
function invoiceGateways(config: Config, selfUrl: () => string, fetchFn: FetchLike) {
  const { url, appId, appKey } = config.ebill;
  if (url && appId && appKey) return { invoice: ebillPlatform(fetchFn, { baseUrl: url, appId, appKey }) };
  if (config.mode !== 'demo') return { invoice: null };
  const standin = createEBillStandin({
    appId: 'demo-ebill',
    appKey: createHmac('sha256', config.jwtSecret).update('ebill-standin').digest('hex'),
    delayMs: config.ebill.standinDelayMs,
  });
  const invoice = ebillPlatform(fetchFn, {
    get baseUrl() {
      return selfUrl() + DEV_EBILL_PREFIX;
    },
    appId: standin.appId,
    appKey: standin.appKey,
  });
  return { invoice, ebillStandin: standin };
}

/**
 * `selfUrl` is where this process can reach itself (demo mode: the WeChat stand-in lives there);
 * `fetchFn` lets tests route the adapters' HTTP into app.inject().
 */
export function createGateways(
  config: Config,
  db: Db,
  selfUrl: () => string,
  fetchFn: FetchLike = outboundFetch,
): Gateways {
  const pay = createPayGateways({ config, db, selfUrl, fetchFn });
  const { sms, mail } = createNotifyGateways({ config, db, fetchFn });
  const files = createFileStore(config);
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
      sms,
      mail,
      files,
      wechatOauth: wechatOauth(fetchFn, lazyUrls),
      wechatMessages: wechatMessages(db, fetchFn, lazyUrls),
      pay,
      ...invoiceGateways(config, selfUrl, fetchFn),
    };
  }
  return {
    sms,
    mail,
    files,
    wechatOauth: wechatOauth(fetchFn, { apiUrl: config.wechat.apiUrl, workApiUrl: config.wechat.workApiUrl }),
    wechatMessages: wechatMessages(db, fetchFn, {
      apiUrl: config.wechat.apiUrl,
      workApiUrl: config.wechat.workApiUrl,
    }),
    pay,
    ...invoiceGateways(config, selfUrl, fetchFn),
  };
}
