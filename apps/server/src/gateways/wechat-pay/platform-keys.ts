/**
 * The keys WeChat Pay's answers and notifies are verified with: those configured by hand (platform
 * certificate serials and/or the WeChat Pay public key, PUB_KEY_ID_...) plus the platform certificates
 * downloaded from GET /v3/certificates. A download is believed only when every certificate decrypts
 * under the APIv3 key (which only WeChat and the merchant hold), names its own serial, is in force, and
 * the answer is signed by a key already trusted or by one of the certificates it carries. Certificates
 * are fetched before the first request, every 12 hours, and at once when an answer or notify names a
 * serial we do not know, so a new certificate is in hand before (or as soon as) WeChat signs with it;
 * expired downloaded certificates are dropped.
 */
import { X509Certificate, type KeyObject } from 'node:crypto';
import { z } from 'zod';
import { PUBLIC_KEY_ID_PREFIX } from './config';
import { decryptResource } from './resource-cipher';
import { verifyPlatformSignature } from './signing';
import { PayChannelError } from './types';
import { parseJson } from './wire';

export const CERTIFICATE_REFRESH_MS = 12 * 3600_000;
/** However often unknown serials arrive, WeChat is asked at most this often. */
export const CERTIFICATE_RETRY_MS = 60_000;

const wireCertificates = z.object({
  data: z.array(
    z.object({
      serial_no: z.string().min(1),
      effective_time: z.string().optional(),
      expire_time: z.string().optional(),
      encrypt_certificate: z.object({
        algorithm: z.literal('AEAD_AES_256_GCM'),
        nonce: z.string(),
        associated_data: z.string().optional(),
        ciphertext: z.string(),
      }),
    }),
  ),
});

export interface RawAnswer {
  status: number;
  header(name: string): string | null;
  body: string;
}

interface Downloaded {
  key: KeyObject;
  expireMs: number;
}

export class PlatformKeyring {
  /** Live view for signature checks: configured keys and certificates in force. */
  readonly keys: Map<string, KeyObject>;
  private readonly downloaded = new Map<string, Downloaded>();
  private refreshing: Promise<void> | undefined;
  private lastAttemptMs = -Infinity;
  private lastSuccessMs = -Infinity;

  constructor(
    private readonly configured: ReadonlyMap<string, KeyObject>,
    private readonly options: {
      apiV3Key: string;
      download: boolean;
      explicitSerial?: string;
      now: () => number;
      /** GET /v3/certificates, signed as every request; the answer is checked here, not by the caller. */
      fetchCertificates: () => Promise<RawAnswer>;
    },
  ) {
    this.keys = new Map(configured);
  }

  /**
   * The serial requests name in Wechatpay-Serial: the configured choice, else the WeChat Pay public key
   * (the answer to the migration), else the certificate in force that expires last, else none yet.
   */
  requestSerial(): string | undefined {
    if (this.options.explicitSerial) return this.options.explicitSerial;
    const serials = [...this.configured.keys()];
    const publicKey = serials.find((s) => s.startsWith(PUBLIC_KEY_ID_PREFIX));
    if (publicKey) return publicKey;
    let newest: [string, number] | undefined;
    for (const [serial, { expireMs }] of this.downloaded)
      if (!newest || expireMs > newest[1]) newest = [serial, expireMs];
    return newest?.[0] ?? serials.at(-1);
  }

  /** Before a request: certificates never fetched, or fetched more than 12 hours ago. */
  async ensureFresh(): Promise<void> {
    if (!this.options.download || this.options.now() - this.lastSuccessMs < CERTIFICATE_REFRESH_MS) return;
    await this.refresh().catch((error: unknown) => {
      // Configured keys may still do; with none, no answer can be trusted: say why.
      if (this.keys.size > 0) return;
      throw error instanceof PayChannelError
        ? error
        : new PayChannelError('NO_PLATFORM_KEY', 'WeChat Pay: no platform certificate downloaded yet');
    });
  }

  /** An unknown serial arrived: fetch now (at most once a minute); resolves false when nothing was fetched. */
  async refreshForUnknownSerial(): Promise<boolean> {
    if (!this.options.download) return false;
    return this.refresh().then(
      () => true,
      () => false,
    );
  }

  private refresh(): Promise<void> {
    if (this.refreshing) return this.refreshing;
    const now = this.options.now();
    if (now - this.lastAttemptMs < CERTIFICATE_RETRY_MS) return Promise.reject(new Error('asked recently'));
    this.lastAttemptMs = now;
    this.refreshing = this.download().finally(() => (this.refreshing = undefined));
    return this.refreshing;
  }

  private async download(): Promise<void> {
    const answer = await this.options.fetchCertificates();
    const what = 'WeChat Pay GET /v3/certificates';
    if (answer.status !== 200) {
      const error = parseJson(answer.body) as { code?: unknown } | undefined;
      const code = typeof error?.code === 'string' ? error.code : `HTTP_${answer.status}`;
      throw new PayChannelError(code, `${what}: ${code}`, answer.status);
    }
    const parsed = wireCertificates.safeParse(parseJson(answer.body));
    if (!parsed.success) throw new PayChannelError('BAD_RESPONSE', `${what}: unexpected answer`);
    const now = this.options.now();
    const fresh = new Map<string, Downloaded>();
    for (const entry of parsed.data.data) {
      let certificate: X509Certificate;
      try {
        certificate = new X509Certificate(decryptResource(this.options.apiV3Key, entry.encrypt_certificate));
      } catch {
        throw new PayChannelError('BAD_RESPONSE', `${what}: certificate ${entry.serial_no} does not decrypt`);
      }
      if (certificate.serialNumber.toUpperCase() !== entry.serial_no.toUpperCase())
        throw new PayChannelError(
          'BAD_RESPONSE',
          `${what}: certificate serial differs from ${entry.serial_no}`,
        );
      const fromMs = Date.parse(certificate.validFrom);
      const expireMs = Date.parse(certificate.validTo);
      if (fromMs <= now && now < expireMs)
        fresh.set(entry.serial_no, { key: certificate.publicKey, expireMs });
    }
    const trusted = new Map([...this.keys, ...[...fresh].map(([s, d]) => [s, d.key] as const)]);
    const verdict = verifyPlatformSignature(answer.header, answer.body, trusted, now);
    if (!verdict.ok)
      throw new PayChannelError('BAD_RESPONSE_SIGNATURE', `${what}: answer not trusted (${verdict.reason})`);

    for (const [serial, entry] of fresh) this.downloaded.set(serial, entry);
    for (const [serial, { expireMs }] of this.downloaded) if (expireMs <= now) this.downloaded.delete(serial);
    this.keys.clear();
    for (const [serial, key] of this.configured) this.keys.set(serial, key);
    for (const [serial, { key }] of this.downloaded) this.keys.set(serial, key);
    this.lastSuccessMs = now;
  }
}
