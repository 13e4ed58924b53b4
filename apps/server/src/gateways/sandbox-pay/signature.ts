/**
 * The sandbox channel's notify signature: `Sandbox-Signature: t=<unix seconds>,v1=<hex>` where v1 is
 * HMAC-SHA256(key, "<t>.<raw body>"). The timestamp is signed too, so an old notify cannot be
 * replayed as new beyond the allowed skew.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'Sandbox-Signature';
export const MAX_SKEW_SECONDS = 300;

const mac = (key: string, timestamp: number, body: string) =>
  createHmac('sha256', key).update(`${timestamp}.${body}`, 'utf8').digest('hex');

export function signNotify(key: string, body: string, nowMs: number): string {
  const t = Math.floor(nowMs / 1000);
  return `t=${t},v1=${mac(key, t, body)}`;
}

export type SignatureVerdict =
  { ok: true } | { ok: false; reason: 'missing_headers' | 'stale_timestamp' | 'bad_signature' };

export function verifyNotify(
  key: string,
  header: string | undefined,
  body: string,
  nowMs: number,
): SignatureVerdict {
  const match = header ? /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(header.trim()) : null;
  if (!match) return { ok: false, reason: 'missing_headers' };
  const t = Number(match[1]);
  if (Math.abs(Math.floor(nowMs / 1000) - t) > MAX_SKEW_SECONDS)
    return { ok: false, reason: 'stale_timestamp' };
  const expected = Buffer.from(mac(key, t, body), 'hex');
  const given = Buffer.from(match[2]!, 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given)
    ? { ok: true }
    : { ok: false, reason: 'bad_signature' };
}
