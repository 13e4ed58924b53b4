/** The merchant's WeChat Pay v3 settings, and their parsed form (keys loaded once, checked at start). */
import type { KeyObject } from 'node:crypto';
import { toKeyMap, toPrivateKey, type KeyInput } from './signing';

export const WECHAT_PAY_BASE_URL = 'https://api.mch.weixin.qq.com';

export interface WechatPayConfig {
  mchId: string;
  /** The official account's app id the payer's openid belongs to. */
  appId: string;
  /** Serial number of the merchant API certificate. */
  serialNo: string;
  /** The merchant API private key (PEM). */
  privateKeyPem: KeyInput;
  /** The APIv3 key set in the merchant platform: 32 characters, decrypts notifies. */
  apiV3Key: string;
  /**
   * Platform certificate serial or WeChat Pay public key id (PUB_KEY_ID_...) -> public key PEM. While a
   * merchant moves from platform certificates to the public key, both are listed.
   */
  platformPublicKeys: Record<string, KeyInput>;
  /**
   * The serial requests name in Wechatpay-Serial, so WeChat signs its answers with that key. Default: the
   * WeChat Pay public key when one is listed (the migration's goal), else the newest platform certificate.
   */
  wechatpaySerial?: string;
  /**
   * Download and rotate platform certificates from GET /v3/certificates (./platform-keys.ts). Default: on,
   * unless every configured key is a WeChat Pay public key (merchants without platform certificates).
   */
  downloadCertificates?: boolean;
  baseUrl?: string;
}

export interface ResolvedWechatPayConfig {
  mchId: string;
  appId: string;
  serialNo: string;
  privateKey: KeyObject;
  apiV3Key: string;
  /** The keys configured by hand; downloaded certificates join them in the adapter's keyring. */
  platformKeys: ReadonlyMap<string, KeyObject>;
  wechatpaySerial?: string;
  downloadCertificates: boolean;
  baseUrl: string;
}

export const PUBLIC_KEY_ID_PREFIX = 'PUB_KEY_ID_';

/** Fails at start-up, not at the first payment, when a key is malformed. */
export function resolveWechatPayConfig(config: WechatPayConfig): ResolvedWechatPayConfig {
  if (Buffer.byteLength(config.apiV3Key, 'utf8') !== 32)
    throw new Error('WeChat Pay APIv3 key must be 32 bytes');
  const platformKeys = toKeyMap(config.platformPublicKeys);
  const serials = [...platformKeys.keys()];
  const onlyPublicKeys = serials.length > 0 && serials.every((s) => s.startsWith(PUBLIC_KEY_ID_PREFIX));
  const downloadCertificates = config.downloadCertificates ?? !onlyPublicKeys;
  // With downloads the first certificates are trusted through the APIv3 key that decrypts them.
  if (platformKeys.size === 0 && !downloadCertificates)
    throw new Error('WeChat Pay needs a platform public key, or certificate downloads');
  if (
    config.wechatpaySerial !== undefined &&
    !downloadCertificates &&
    !platformKeys.has(config.wechatpaySerial)
  )
    throw new Error(`WeChat Pay serial ${config.wechatpaySerial} has no platform public key`);
  return {
    mchId: config.mchId,
    appId: config.appId,
    serialNo: config.serialNo,
    privateKey: toPrivateKey(config.privateKeyPem),
    apiV3Key: config.apiV3Key,
    platformKeys,
    wechatpaySerial: config.wechatpaySerial,
    downloadCertificates,
    baseUrl: (config.baseUrl ?? WECHAT_PAY_BASE_URL).replace(/\/+$/, ''),
  };
}
