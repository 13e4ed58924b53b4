/**
 * Alipay's certificate mode (公钥证书): the serial numbers (SN) of certificates as Alipay computes them —
 * md5 of the issuer's name (attributes in reverse order, "CN=…,O=…") followed by the decimal serial. The
 * simulator's certificates themselves are made by ../x509.ts.
 */
import { createHash, X509Certificate } from 'node:crypto';

/** Alipay's SN of one certificate (PEM). */
export function certificateSn(pem: string): string {
  const cert = new X509Certificate(pem);
  const issuer = cert.issuer.split('\n').reverse().join(',');
  const serial = BigInt(`0x${cert.serialNumber}`).toString(10);
  return createHash('md5')
    .update(issuer + serial, 'utf8')
    .digest('hex');
}

/** The root SN: the SNs of the bundle's RSA certificates, joined by "_". */
export function rootCertificateSn(bundle: string): string {
  const pems = bundle.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  return pems
    .filter((pem) => new X509Certificate(pem).publicKey.asymmetricKeyType === 'rsa')
    .map(certificateSn)
    .join('_');
}
