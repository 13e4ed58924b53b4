/**
 * The simulator's platform certificates, as WeChat Pay serves them at GET /v3/certificates: X.509 v3
 * certificates (made by ../x509.ts), each PEM encrypted with AEAD_AES_256_GCM under the merchant's
 * APIv3 key (associated data "certificate").
 */
import { generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { issueX509 } from '../x509';
import { encryptResource } from './resource-cipher';
import { beijingTime } from './wire';

const DAY_MS = 86_400_000;

/** A self-signed X.509 v3 certificate (PEM) for the key pair, under the given hex serial. */
export function issueCertificate(
  privateKey: KeyObject,
  serialHex: string,
  validity: { from: number; to: number },
  mchId: string,
): string {
  const subject = {
    organization: 'Tenpay.com (simulator)',
    commonName: `WeChat Pay platform certificate ${mchId}`,
  };
  return issueX509({
    subject,
    subjectKey: privateKey,
    issuer: subject,
    issuerKey: privateKey,
    serialHex,
    validity,
  });
}

export interface PlatformCertificate {
  /** 40 hex digits, upper case, as WeChat writes serials. */
  serial: string;
  privateKey: KeyObject;
  pem: string;
  effectiveMs: number;
  expireMs: number;
}

/** A 20-byte serial whose first byte keeps it positive and free of a leading zero. */
export const newCertificateSerial = () =>
  `${(0x10 + (randomBytes(1)[0]! % 0x60)).toString(16)}${randomBytes(19).toString('hex')}`.toUpperCase();

export function newPlatformCertificate(
  mchId: string,
  nowMs: number,
  options: { privateKey?: KeyObject; serial?: string; validDays?: number } = {},
): PlatformCertificate {
  const privateKey = options.privateKey ?? generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const serial = (options.serial ?? newCertificateSerial()).toUpperCase();
  // Back-dated a day, as real certificates take effect before they are first used.
  const effectiveMs = nowMs - DAY_MS;
  const expireMs = nowMs + (options.validDays ?? 5 * 365) * DAY_MS;
  const pem = issueCertificate(privateKey, serial, { from: effectiveMs, to: expireMs }, mchId);
  return { serial, privateKey, pem, effectiveMs, expireMs };
}

/** The body of GET /v3/certificates. */
export function certificatesAnswer(apiV3Key: string, certificates: PlatformCertificate[]) {
  return {
    data: certificates.map((c) => ({
      serial_no: c.serial,
      effective_time: beijingTime(new Date(c.effectiveMs)),
      expire_time: beijingTime(new Date(c.expireMs)),
      encrypt_certificate: encryptResource(apiV3Key, c.pem, 'certificate', 'certificate'),
    })),
  };
}
