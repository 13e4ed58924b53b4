/**
 * X.509 v3 certificates made here (DER by hand: Node reads certificates but cannot make them), for the
 * pay simulators: WeChat Pay's platform certificates, Alipay's root, public key and application certificates.
 */
import { createPublicKey, randomBytes, sign, type KeyObject } from 'node:crypto';

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
const name = (organization: string, commonName: string) =>
  seq(set(seq(oid('2.5.4.10'), utf8(organization))), set(seq(oid('2.5.4.3'), utf8(commonName))));

export interface CertificateSubject {
  organization: string;
  commonName: string;
}

/** A certificate of `subjectKey` signed by `issuerKey` (self-signed when they are the same). */
export function issueX509(options: {
  subject: CertificateSubject;
  subjectKey: KeyObject;
  issuer: CertificateSubject;
  issuerKey: KeyObject;
  /** Hex; default a random positive 16-byte serial. */
  serialHex?: string;
  /** Milliseconds; default from a day ago, for five years. */
  validity?: { from: number; to: number };
}): string {
  const from = Date.now() - 86_400_000;
  const validity = options.validity ?? { from, to: from + 5 * 365 * 86_400_000 };
  const serial = options.serialHex
    ? Buffer.from(options.serialHex, 'hex')
    : Buffer.concat([Buffer.from([0x10]), randomBytes(15)]);
  const tbs = seq(
    der(0xa0, integer(Buffer.from([2]))),
    integer(serial),
    SHA256_WITH_RSA,
    name(options.issuer.organization, options.issuer.commonName),
    seq(utcTime(validity.from), utcTime(validity.to)),
    name(options.subject.organization, options.subject.commonName),
    createPublicKey(options.subjectKey).export({ type: 'spki', format: 'der' }),
  );
  const signature = sign('sha256', tbs, options.issuerKey);
  const cert = seq(tbs, SHA256_WITH_RSA, der(0x03, Buffer.concat([Buffer.from([0]), signature])));
  const base64 = cert.toString('base64').replace(/(.{64})/g, '$1\n');
  return `-----BEGIN CERTIFICATE-----\n${base64.trimEnd()}\n-----END CERTIFICATE-----\n`;
}
