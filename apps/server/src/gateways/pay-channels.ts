/**
 * Each tenant's merchant accounts, from pay_channels.settings. WeChat Pay with complete merchant
 * settings talks to WeChat (or to settings.baseUrl); in demo mode a tenant without merchant keys
 * gets an in-process simulator of the same protocol instead, which the real adapter talks to.
 * The sandbox channel exists in demo mode only.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { payChannels } from '../db/schema-finance';
import { createSandbox, type Sandbox } from './sandbox-pay/sandbox-pay';
import type { PayMode } from '@cf/shared/pay-offers';
import type { FetchLike, PayChannelName, PayGateway } from './types';
import { alipayGateway } from './alipay/alipay';
import { alipaySettings } from './alipay/config';
import { createAlipaySimulator, type AlipaySimulator } from './alipay/simulator';
import { outboundFetch } from './outbound-fetch';
import type { WechatPayConfig } from './wechat-pay/config';
import { createWechatPaySimulator, type WechatPaySimulator } from './wechat-pay/simulator';
import { PayChannelError } from './wechat-pay/types';
import { wechatPayV3, type WechatPayV3 } from './wechat-pay/wechat-pay-v3';

export const NOTIFY_PATH = '/api/blade-finance/pay/notify';
export const DEV_WECHAT_PAY_PREFIX = '/api/dev/wechatpay';
/** Demo: each tenant's Alipay simulator, its OpenAPI gateway at {prefix}/{tenantId}/gateway.do. */
export const DEV_ALIPAY_PREFIX = '/api/dev/alipay';
/** Demo: Alipay's notify retries (minutes) run in seconds. */
const DEMO_ALIPAY_RETRY_SCALE = 1 / 60;

export interface PayStandins {
  sandbox: Sandbox;
  /** The tenant's WeChat Pay simulator, when the tenant pays through one (no merchant keys set). */
  wechatSimulator(tenantId: string): Promise<WechatPaySimulator | undefined>;
  /** The tenant's Alipay simulator, when the tenant pays through one (no Alipay keys set). */
  alipaySimulator(tenantId: string): Promise<AlipaySimulator | undefined>;
}

export interface PayGateways {
  /**
   * The tenant's account at the channel, whether or not it is offered to payers right now (an order
   * already at a channel must still be queried, closed and refunded there); null when not set up.
   */
  forTenant(tenantId: string, channel: PayChannelName): Promise<PayGateway | null>;
  /** Channels this deployment can run at all (production never runs the sandbox). */
  available(channel: PayChannelName): boolean;
  /** A test call with these settings (throws PayChannelError when they do not work). */
  check(tenantId: string, channel: PayChannelName, settings: Record<string, unknown>): Promise<void>;
  /** Whether these settings would run on a demo stand-in rather than a merchant account. */
  simulated(channel: PayChannelName, settings: Record<string, unknown>): boolean;
  /** Demo mode: the stand-ins this process runs (sandbox checkout, WeChat Pay simulators). */
  standins?: PayStandins;
}

export interface PayGatewayDeps {
  config: Config;
  db: Db;
  selfUrl: () => string;
  fetchFn: FetchLike;
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : undefined);

/** Settings complete enough to talk to a real WeChat Pay merchant account. */
function merchantSettings(settings: Record<string, unknown>): WechatPayConfig | undefined {
  const keys = settings.platformPublicKeys;
  const [mchId, appId, serialNo, privateKeyPem, apiV3Key] = [
    text(settings.mchId),
    text(settings.appId),
    text(settings.serialNo),
    text(settings.privateKeyPem),
    text(settings.apiV3Key),
  ];
  if (!mchId || !appId || !serialNo || !privateKeyPem || !apiV3Key) return undefined;
  // No keys at all is fine: platform certificates are then downloaded, trusted through the APIv3 key.
  if (keys !== undefined && (keys === null || typeof keys !== 'object')) return undefined;
  return {
    mchId,
    appId,
    serialNo,
    privateKeyPem,
    apiV3Key,
    platformPublicKeys: (keys ?? {}) as Record<string, string>,
    wechatpaySerial: text(settings.wechatpaySerial),
    downloadCertificates:
      typeof settings.downloadCertificates === 'boolean' ? settings.downloadCertificates : undefined,
    baseUrl: text(settings.baseUrl),
  };
}

/**
 * The WeChat Pay modes a tenant switched on: JSAPI always, H5 and Native when settings.h5Enabled /
 * settings.nativeEnabled say so (they need the products opened on the merchant platform, and H5 the
 * site's domain registered there: docs/operations.md).
 */
export function wechatModes(settings: Record<string, unknown>): PayMode[] {
  return [
    'jsapi',
    ...(settings.h5Enabled === true ? (['h5'] as const) : []),
    ...(settings.nativeEnabled === true ? (['native'] as const) : []),
  ];
}

function wechatGateway(
  channel: WechatPayV3,
  notifyUrl: string,
  simulated: boolean,
  modes: readonly PayMode[],
): PayGateway {
  // WeChat posts notifies to https addresses only (it refuses the request otherwise); the simulator
  // runs on this process's own address.
  const https = simulated || notifyUrl.startsWith('https://');
  return {
    name: 'wechat',
    simulated,
    modes,
    async prepay({ mode = 'jsapi', openId, payerIp, returnUrl: _returnUrl, ...input }) {
      if (!modes.includes(mode))
        throw new PayChannelError('MODE_OFF', `WeChat Pay ${mode} is not switched on`);
      if (!https)
        throw new PayChannelError('NOTIFY_URL_NOT_HTTPS', `set PUBLIC_URL to an https address: ${notifyUrl}`);
      if (mode === 'h5' || mode === 'native') {
        if (!payerIp) throw new PayChannelError('NO_PAYER_IP', `WeChat ${mode} needs the payer address`);
        const scene = { ...input, payerIp, notifyUrl };
        if (mode === 'native') return channel.prepayNative(scene);
        const { h5Url } = await channel.prepayH5(scene);
        // The simulator is asked at this process's own address (127.0.0.1): its page is handed over
        // as a path, opened on whatever address the payer reached the app at.
        if (!simulated) return { h5Url };
        const page = new URL(h5Url);
        return { h5Url: page.pathname + page.search };
      }
      if (!openId) throw new PayChannelError('NO_OPENID', 'WeChat JSAPI needs the payer openid');
      const { jsapiParams } = await channel.prepay({ ...input, openId, notifyUrl });
      return { jsapi: jsapiParams };
    },
    query: (outTradeNo) => channel.query(outTradeNo),
    close: (outTradeNo) => channel.close(outTradeNo),
    // Refund outcomes (REFUND.*) come to the same address as payments; the event type tells them apart.
    // Without an https address the refund still goes out; the reconciliation job learns its outcome.
    refund: (input) => channel.refund({ ...input, notifyUrl: https ? notifyUrl : undefined }),
    queryRefund: (outRefundNo) => channel.queryRefund(outRefundNo),
    statement: (billDate) => channel.tradeBill(billDate),
    parseNotify: (input) => channel.parseNotify(input),
    ackNotify: () => channel.ackNotify(),
    rejectNotify: (message) => channel.rejectNotify(message),
  };
}

export function createPayGateways(deps: PayGatewayDeps): PayGateways {
  const { config, db } = deps;
  const demo = config.mode === 'demo';
  // Real notifies come from outside: they need the public address. Stand-ins post to this process.
  const publicBase = () => config.publicUrl ?? deps.selfUrl();
  const notifyUrl = (base: string, tenantId: string, channel: PayChannelName) =>
    `${base}${NOTIFY_PATH}/${channel}/${tenantId}`;

  const sandbox = demo ? createSandbox({ fetchFn: deps.fetchFn, key: config.pay.sandboxKey }) : undefined;

  const simulators = new Map<string, { simulator: WechatPaySimulator; config: WechatPayConfig }>();
  function demoMerchant(tenantId: string, settings: Record<string, unknown>) {
    let entry = simulators.get(tenantId);
    if (!entry) {
      const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const merchant = {
        mchId: text(settings.mchId) ?? '1900000109',
        appId: text(settings.appId) ?? `wxdemo000${tenantId}`,
        serialNo: randomBytes(20).toString('hex').toUpperCase(),
        apiV3Key: randomBytes(24).toString('base64url').slice(0, 32),
      };
      const simulator = createWechatPaySimulator({
        merchant: { ...merchant, publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString() },
        // Refund outcomes are notified as WeChat does, to this process.
        sendNotify: (notify) =>
          deps.fetchFn(notify.notifyUrl, { method: 'POST', headers: notify.headers, body: notify.rawBody }),
      });
      entry = {
        simulator,
        config: {
          ...merchant,
          privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
          platformPublicKeys: simulator.platformPublicKeys,
          baseUrl: `${deps.selfUrl()}${DEV_WECHAT_PAY_PREFIX}/${tenantId}`,
        },
      };
      simulators.set(tenantId, entry);
    }
    return entry;
  }

  const alipaySimulators = new Map<
    string,
    { simulator: AlipaySimulator; privateKeyPem: string; appId: string; sellerId: string }
  >();
  function demoAlipay(tenantId: string, settings: Record<string, unknown>) {
    let entry = alipaySimulators.get(tenantId);
    if (!entry) {
      const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const appId = text(settings.appId) ?? `20210000${tenantId.padStart(8, '0')}`;
      const sellerId = text(settings.sellerId) ?? `2088000000${tenantId.padStart(6, '0')}`;
      const simulator = createAlipaySimulator({
        app: {
          appId,
          sellerId,
          appPublicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
        },
        base: `${deps.selfUrl()}${DEV_ALIPAY_PREFIX}/${tenantId}`,
        // Notifies are posted to this process, as Alipay posts them to the merchant.
        sendNotify: (url, body) =>
          deps.fetchFn(url, {
            method: 'POST',
            headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8' },
            body,
          }),
        retryScale: DEMO_ALIPAY_RETRY_SCALE,
      });
      entry = {
        simulator,
        appId,
        sellerId,
        privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      };
      alipaySimulators.set(tenantId, entry);
    }
    return entry;
  }

  function buildAlipay(tenantId: string, settings: Record<string, unknown>): PayGateway | null {
    const real = alipaySettings(settings);
    if (real) {
      return alipayGateway(real, {
        notifyUrl: notifyUrl(publicBase(), tenantId, 'alipay'),
        siteUrl: publicBase(),
        download: outboundFetch,
      });
    }
    if (!demo) return null;
    const { simulator, privateKeyPem, appId, sellerId } = demoAlipay(tenantId, settings);
    return alipayGateway(
      {
        appId,
        sellerId,
        mode: 'key',
        privateKeyPem,
        alipayPublicKeyPem: simulator.alipayPublicKeyPem,
        gateway: `${deps.selfUrl()}${DEV_ALIPAY_PREFIX}/${tenantId}/gateway.do`,
      },
      {
        notifyUrl: notifyUrl(deps.selfUrl(), tenantId, 'alipay'),
        siteUrl: '',
        download: simulator.fetch,
        dispatcher: simulator.dispatcher,
        simulated: true,
        // The payer's browser opens the simulator's checkout on this same site.
        relativeTo: deps.selfUrl(),
      },
    );
  }

  // Parsing RSA keys is slow: adapters are kept while the tenant's settings stay the same.
  const cache = new Map<string, { settings: string; gateway: PayGateway }>();

  /** The gateway of a channel with these settings (not cached); null when they cannot run here. */
  function build(tenantId: string, channel: PayChannelName, settings: Record<string, unknown>) {
    if (channel === 'sandbox') {
      return sandbox ? sandbox.gateway(tenantId, notifyUrl(deps.selfUrl(), tenantId, 'sandbox')) : null;
    }
    if (channel === 'alipay') return buildAlipay(tenantId, settings);
    const merchant = merchantSettings(settings);
    const modes = wechatModes(settings);
    if (merchant)
      return wechatGateway(wechatPayV3(merchant), notifyUrl(publicBase(), tenantId, 'wechat'), false, modes);
    if (!demo) return null;
    const { simulator, config: simulated } = demoMerchant(tenantId, settings);
    return wechatGateway(
      wechatPayV3(simulated, simulator.fetch),
      notifyUrl(deps.selfUrl(), tenantId, 'wechat'),
      true,
      modes,
    );
  }

  async function forTenant(tenantId: string, channel: PayChannelName): Promise<PayGateway | null> {
    if (channel === 'sandbox' && !sandbox) return null;
    const [row] = await db
      .select({ settings: payChannels.settings })
      .from(payChannels)
      .where(and(eq(payChannels.tenantId, tenantId), eq(payChannels.channel, channel)));
    if (!row) return null;
    const cacheKey = `${tenantId}/${channel}`;
    const fingerprint = JSON.stringify(row.settings);
    const cached = cache.get(cacheKey);
    if (cached?.settings === fingerprint) return cached.gateway;
    const gateway = build(tenantId, channel, row.settings);
    if (gateway) cache.set(cacheKey, { settings: fingerprint, gateway });
    return gateway;
  }

  /**
   * A test call with these settings before a channel is offered: the query of a made-up order number,
   * signed with the merchant's key and answered (verified) by the channel. "No such order" is success;
   * incomplete settings, a refused signature or no answer throw a PayChannelError.
   */
  async function check(tenantId: string, channel: PayChannelName, settings: Record<string, unknown>) {
    const gateway = build(tenantId, channel, settings);
    if (!gateway) throw new PayChannelError('INCOMPLETE', 'the merchant settings are incomplete');
    try {
      await gateway.query(`CHECK${Date.now()}${randomBytes(4).toString('hex')}`);
    } catch (error) {
      if (error instanceof PayChannelError && error.code === 'ORDER_NOT_EXIST') return;
      throw error instanceof PayChannelError ? error : new PayChannelError('UNREACHABLE', String(error));
    }
  }

  /** Whether these settings run on a stand-in (demo mode, WeChat Pay without merchant keys). */
  const simulated = (channel: PayChannelName, settings: Record<string, unknown>) =>
    demo &&
    (channel === 'sandbox' ||
      (channel === 'alipay' ? !alipaySettings(settings) : !merchantSettings(settings)));

  return {
    forTenant,
    check,
    simulated,
    available: (channel) => channel === 'wechat' || channel === 'alipay' || sandbox !== undefined,
    standins: sandbox
      ? {
          sandbox,
          async wechatSimulator(tenantId) {
            await forTenant(tenantId, 'wechat');
            return simulators.get(tenantId)?.simulator;
          },
          async alipaySimulator(tenantId) {
            await forTenant(tenantId, 'alipay');
            return alipaySimulators.get(tenantId)?.simulator;
          },
        }
      : undefined,
  };
}
