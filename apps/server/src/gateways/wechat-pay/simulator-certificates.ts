/**
 * The simulator's platform certificates, as WeChat Pay serves them at GET /v3/certificates: X.509 v3
 * certificates (DER built here, as Node can read certificates but not make them), each PEM encrypted
 * with AEAD_AES_256_GCM under the merchant's APIv3 key (associated data "certificate").
 */
import { createPublicKey, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { encryptResource } from './resource-cipher';
import { beijingTime } from './wire';

const DAY_MS = 86_400_000;

function der(tag: number, content: Buffer): Buffer {
  const n = content.length;
  const length =
    n < 0x80 ? Buffer.from([n]) : n < 0x100 ? Buffer.from([0x81, n]) : Buffer.from([0x82, n >> 8, n & 0xff]);
  return Buffer.concat([Buffer.from([tag]), length, content]);
}
const seq = (...parts: Buffer[]) => der(0x30, Buffer.concat(parts));
const set = (...parts: Buffer[]) => der(0x31, Buffer.concat(parts));
const integer = (bytes: Buffer) =>
  der(0x02, bytes[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), bytes]) : bytes);
const utf8 = (text: string) => der(0x0c, Buffer.from(text, 'utf8'));
const utcTime = (ms: number) =>
  der(0x17, Buffer.from(`${new Date(ms).toISOString().slice(2, 19).replace(/\D/g, '')}Z`, 'ascii'));

function oid(dotted: string): Buffer {
  const [a, b, ...rest] = dotted.split('.').map(Number);
  const bytes = [a! * 40 + b!];
  for (const n of rest) {
    const chunk = [n & 0x7f];
    for (let v = n >> 7; v > 0; v >>= 7) chunk.unshift((v & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return der(0x06, Buffer.from(bytes));
}

const SHA256_WITH_RSA = seq(oid('1.2.840.113549.1.1.11'), Buffer.from([0x05, 0x00]));
const name = (commonName: string, organization: string) =>
  seq(set(seq(oid('2.5.4.10'), utf8(organization))), set(seq(oid('2.5.4.3'), utf8(commonName))));

/** A self-signed X.509 v3 certificate (PEM) for the key pair, under the given hex serial. */
export function issueCertificate(
  privateKey: KeyObject,
  serialHex: string,
  validity: { from: number; to: number },
  mchId: string,
): string {
  const subject = name(`WeChat Pay platform certificate ${mchId}`, 'Tenpay.com (simulator)');
  const tbs = seq(
    der(0xa0, integer(Buffer.from([2]))),
    integer(Buffer.from(serialHex, 'hex')),
    SHA256_WITH_RSA,
    subject,
    seq(utcTime(validity.from), utcTime(validity.to)),
    subject,
    createPublicKey(privateKey).export({ type: 'spki', format: 'der' }),
  );
  const signature = sign('sha256', tbs, privateKey);
  const certificate = seq(tbs, SHA256_WITH_RSA, der(0x03, Buffer.concat([Buffer.from([0]), signature])));
  const base64 = certificate.toString('base64').replace(/(.{64})/g, '$1\n');
  return `-----BEGIN CERTIFICATE-----\n${base64.trimEnd()}\n-----END CERTIFICATE-----\n`;
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
