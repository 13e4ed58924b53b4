/**
 * A tenant's Alipay application, from pay_channels.settings (channel alipay): the app id, the
 * application private key (RSA2) and Alipay's key — as a public key (公钥模式) or as the three
 * certificates (公钥证书模式: application public key certificate, Alipay public key certificate,
 * Alipay root certificate; the SDK derives app_cert_sn / alipay_root_cert_sn from them).
 */
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

/** Settings fields of the alipay channel that are secrets (write-only in the console). */
export const ALIPAY_SECRET_FIELDS = [
  'privateKeyPem',
  'alipayPublicKeyPem',
  'appCertPem',
  'alipayPublicCertPem',
  'alipayRootCertPem',
] as const;

const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);

/** The settings still missing for the chosen mode (field names); [] when complete. */
export function missingAlipaySettings(settings: Record<string, unknown>): string[] {
  const mode = settings.mode === 'cert' ? 'cert' : 'key';
  const required =
    mode === 'cert'
      ? ['appId', 'privateKeyPem', 'appCertPem', 'alipayPublicCertPem', 'alipayRootCertPem']
      : ['appId', 'privateKeyPem', 'alipayPublicKeyPem'];
  return required.filter((field) => !text(settings[field]));
}

/** Settings complete enough to talk to a real Alipay application; undefined otherwise. */
export function alipaySettings(settings: Record<string, unknown>): AlipayConfig | undefined {
  if (missingAlipaySettings(settings).length > 0) return undefined;
  const mode: AlipayKeyMode = settings.mode === 'cert' ? 'cert' : 'key';
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
