/**
 * A tenant's Alipay application, from pay_channels.settings (channel alipay; keyMode key | cert): the app id, the
 * application private key (RSA2) and Alipay's key — as a public key (公钥模式) or as the three
 * certificates (公钥证书模式: application public key certificate, Alipay public key certificate,
 * Alipay root certificate; the SDK derives app_cert_sn / alipay_root_cert_sn from them).
 */
import { createPrivateKey, createPublicKey, X509Certificate } from 'node:crypto';

export type AlipayKeyMode = 'key' | 'cert';

export interface AlipayConfig {
  appId: string;
  /** The merchant's partner id (2088…); when set, notifies for another seller are refused. */
  sellerId?: string;
  mode: AlipayKeyMode;
  privateKeyPem: string;
  alipayPublicKeyPem?: string;
  appCertPem?: string;
  alipayPublicCertPem?: string;
  alipayRootCertPem?: string;
  /** The OpenAPI gateway (default Alipay's production gateway.do); the simulator's in demo and tests. */
  gateway?: string;
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);

/** The settings still missing for the chosen mode (field names); [] when complete. */
export function missingAlipaySettings(settings: Record<string, unknown>): string[] {
  const mode = settings.keyMode === 'cert' ? 'cert' : 'key';
  const required =
    mode === 'cert'
      ? ['appId', 'privateKeyPem', 'appCertPem', 'alipayPublicCertPem', 'alipayRootCertPem']
      : ['appId', 'privateKeyPem', 'alipayPublicKeyPem'];
  return required.filter((field) => !text(settings[field]));
}

/** Settings complete enough to talk to a real Alipay application; undefined otherwise. */
export function alipaySettings(settings: Record<string, unknown>): AlipayConfig | undefined {
  if (missingAlipaySettings(settings).length > 0) return undefined;
  const mode: AlipayKeyMode = settings.keyMode === 'cert' ? 'cert' : 'key';
  return {
    appId: text(settings.appId)!,
    sellerId: text(settings.sellerId),
    mode,
    privateKeyPem: text(settings.privateKeyPem)!,
    ...(mode === 'cert'
      ? {
          appCertPem: text(settings.appCertPem),
          alipayPublicCertPem: text(settings.alipayPublicCertPem),
          alipayRootCertPem: text(settings.alipayRootCertPem),
        }
      : { alipayPublicKeyPem: text(settings.alipayPublicKeyPem) }),
    gateway: text(settings.gateway),
  };
}

/** The first key or certificate of complete settings that does not load (its field name); else undefined. */
export type AlipayKeySetting =
  'privateKeyPem' | 'alipayPublicKeyPem' | 'appCertPem' | 'alipayPublicCertPem' | 'alipayRootCertPem';

export function unreadableAlipayKey(config: AlipayConfig): AlipayKeySetting | undefined {
  const loads: [AlipayKeySetting, string | undefined, (pem: string) => unknown][] = [
    ['privateKeyPem', config.privateKeyPem, (pem) => createPrivateKey(pem)],
    ['alipayPublicKeyPem', config.alipayPublicKeyPem, (pem) => createPublicKey(pem)],
    ['appCertPem', config.appCertPem, (pem) => new X509Certificate(pem)],
    ['alipayPublicCertPem', config.alipayPublicCertPem, (pem) => new X509Certificate(pem)],
    ['alipayRootCertPem', config.alipayRootCertPem, (pem) => new X509Certificate(pem)],
  ];
  for (const [field, pem, load] of loads) {
    if (pem === undefined) continue;
    try {
      load(pem);
    } catch {
      return field;
    }
  }
  return undefined;
}
