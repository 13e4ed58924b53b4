/**
 * WeChat Pay v3 signatures (SHA256withRSA, PKCS#1 v1.5, Base64): the merchant signs requests and JSAPI
 * parameters; the platform signs responses and notifies. Shared by the adapter and the simulator so both
 * sides build the signed message the same way.
 */
import { createPrivateKey, createPublicKey, randomBytes, sign, verify, type KeyObject } from 'node:crypto';
import type { IncomingHeaders, JsapiParams } from './types';

export const AUTH_SCHEMA = 'WECHATPAY2-SHA256-RSA2048';
/** WeChat and its SDKs refuse signed messages whose timestamp is more than 5 minutes off. */
export const MAX_CLOCK_SKEW_SEC = 300;

export type KeyInput = string | KeyObject;

export const toPrivateKey = (key: KeyInput): KeyObject =>
  typeof key === 'string' ? createPrivateKey(key) : key;
/** A private key yields its public half. */
export const toPublicKey = (key: KeyInput): KeyObject =>
  typeof key === 'string' || key.type === 'private' ? createPublicKey(key) : key;

/** 32 characters, as WeChat's own nonces. */
export const newNonce = (): string => randomBytes(16).toString('hex').toUpperCase();

export const unixSeconds = (nowMs: number): number => Math.floor(nowMs / 1000);

export function rsaSign(message: string, privateKey: KeyInput): string {
  return sign('sha256', Buffer.from(message, 'utf8'), privateKey).toString('base64');
}

/** False, never a throw, for malformed signatures: callers treat every failure alike. */
export function rsaVerify(message: string, signatureB64: string, publicKey: KeyInput): boolean {
  try {
    return verify('sha256', Buffer.from(message, 'utf8'), publicKey, Buffer.from(signatureB64, 'base64'));
  } catch {
    return false;
  }
}

export function requestMessage(
  method: string,
  pathAndQuery: string,
  timestamp: string,
  nonce: string,
  body: string,
): string {
  return `${method.toUpperCase()}\n${pathAndQuery}\n${timestamp}\n${nonce}\n${body}\n`;
}

export function responseMessage(timestamp: string, nonce: string, body: string): string {
  return `${timestamp}\n${nonce}\n${body}\n`;
}

export interface MerchantSigner {
  mchId: string;
  /** Serial number of the merchant certificate whose key signs. */
  serialNo: string;
  privateKey: KeyInput;
}

export function authorizationHeader(
  signer: MerchantSigner,
  method: string,
  pathAndQuery: string,
  body: string,
  nowMs: number,
): string {
  const timestamp = String(unixSeconds(nowMs));
  const nonce = newNonce();
  const signature = rsaSign(requestMessage(method, pathAndQuery, timestamp, nonce, body), signer.privateKey);
  return (
    `${AUTH_SCHEMA} mchid="${signer.mchId}",nonce_str="${nonce}",signature="${signature}",` +
    `timestamp="${timestamp}",serial_no="${signer.serialNo}"`
  );
}

export interface AuthorizationFields {
  mchid: string;
  nonce_str: string;
  signature: string;
  timestamp: string;
  serial_no: string;
}

/** Parses an Authorization header; null when the schema or any field is missing. */
export function parseAuthorization(header: string | undefined): AuthorizationFields | null {
  if (!header?.startsWith(`${AUTH_SCHEMA} `)) return null;
  const fields: Record<string, string> = {};
  for (const match of header.slice(AUTH_SCHEMA.length + 1).matchAll(/(\w+)="([^"]*)"/g)) {
    fields[match[1]!] = match[2]!;
  }
  const { mchid, nonce_str, signature, timestamp, serial_no } = fields;
  if (!mchid || !nonce_str || !signature || !timestamp || !serial_no) return null;
  return { mchid, nonce_str, signature, timestamp, serial_no };
}

/** The parameters for getBrandWCPayRequest; paySign covers appId, timeStamp, nonceStr and package. */
export function jsapiParams(
  appId: string,
  prepayId: string,
  privateKey: KeyInput,
  nowMs: number,
): JsapiParams {
  const timeStamp = String(unixSeconds(nowMs));
  const nonceStr = newNonce();
  const pkg = `prepay_id=${prepayId}`;
  const paySign = rsaSign(`${appId}\n${timeStamp}\n${nonceStr}\n${pkg}\n`, privateKey);
  return { appId, timeStamp, nonceStr, package: pkg, signType: 'RSA', paySign };
}

export function verifyPaySign(params: JsapiParams, publicKey: KeyInput): boolean {
  const message = `${params.appId}\n${params.timeStamp}\n${params.nonceStr}\n${params.package}\n`;
  return rsaVerify(message, params.paySign, publicKey);
}

/** Header names are case-insensitive; Node lower-cases them, a hand-built record may not. */
export function headerOf(headers: IncomingHeaders, name: string): string | undefined {
  const lower = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === lower) return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}

export type PlatformVerdict =
  | { ok: true }
  | { ok: false; reason: 'missing_headers' | 'unknown_serial' | 'stale_timestamp' | 'bad_signature' };

/**
 * Checks the Wechatpay-* headers of a response or a notify: the serial picks the platform key, the
 * timestamp must be fresh (a replayed old message fails), the signature must cover the exact body.
 */
export function verifyPlatformSignature(
  header: (name: string) => string | null | undefined,
  body: string,
  platformKeys: ReadonlyMap<string, KeyObject>,
  nowMs: number,
): PlatformVerdict {
  const serial = header('Wechatpay-Serial');
  const signature = header('Wechatpay-Signature');
  const timestamp = header('Wechatpay-Timestamp');
  const nonce = header('Wechatpay-Nonce');
  if (!serial || !signature || !timestamp || !nonce) return { ok: false, reason: 'missing_headers' };
  const key = platformKeys.get(serial);
  if (!key) return { ok: false, reason: 'unknown_serial' };
  if (
    !/^\d{1,12}$/.test(timestamp) ||
    Math.abs(unixSeconds(nowMs) - Number(timestamp)) > MAX_CLOCK_SKEW_SEC
  ) {
    return { ok: false, reason: 'stale_timestamp' };
  }
  if (!rsaVerify(responseMessage(timestamp, nonce, body), signature, key)) {
    return { ok: false, reason: 'bad_signature' };
  }
  return { ok: true };
}

/** Signs a platform message (a response or a notify) as WeChat does; used by the simulator. */
export function platformHeaders(
  serial: string,
  privateKey: KeyInput,
  body: string,
  nowMs: number,
): Record<string, string> {
  const timestamp = String(unixSeconds(nowMs));
  const nonce = newNonce();
  return {
    'Wechatpay-Serial': serial,
    'Wechatpay-Timestamp': timestamp,
    'Wechatpay-Nonce': nonce,
    'Wechatpay-Signature': rsaSign(responseMessage(timestamp, nonce, body), privateKey),
    'Wechatpay-Signature-Type': AUTH_SCHEMA,
  };
}

export function toKeyMap(pems: Record<string, KeyInput>): Map<string, KeyObject> {
  return new Map(Object.entries(pems).map(([serial, pem]) => [serial, toPublicKey(pem)]));
}
