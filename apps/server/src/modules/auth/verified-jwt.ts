/**
 * Verified JWT claims, kept per process until the token expires: a token's signature (an HMAC in
 * WebCrypto, the larger part of a busy read's own work) is checked once, not on every request. One
 * cache per kind of token, each holding at most `limit` tokens (the oldest go first). Only tokens
 * that verified are kept, under their exact text, so a changed byte is verified anew; and a cache
 * belongs to one key (verifiedJwtCaches: one per Config), so a token verified under one key is never
 * taken as verified under another.
 */
import type { JWTPayload } from 'jose';

export type VerifiedJwtCache = (
  token: string,
  verify: (token: string) => Promise<JWTPayload>,
) => Promise<JWTPayload>;

export function verifiedJwtCache(limit = 20_000): VerifiedJwtCache {
  const known = new Map<string, { payload: JWTPayload; expiresAt: number }>();
  /** The token's claims: remembered while unexpired, else `verify`'s (which throws when it fails). */
  return async (token, verify) => {
    const hit = known.get(token);
    if (hit) {
      if (hit.expiresAt > Date.now()) return hit.payload;
      known.delete(token);
    }
    const payload = await verify(token);
    if (known.size >= limit) known.delete(known.keys().next().value as string);
    known.set(token, { payload, expiresAt: (payload.exp ?? 0) * 1000 });
    return payload;
  };
}

/** One cache per owner: a Config, whose secret the tokens are verified with (a test run holds many). */
export function verifiedJwtCaches(limit = 20_000): (owner: object) => VerifiedJwtCache {
  const caches = new WeakMap<object, VerifiedJwtCache>();
  return (owner) => {
    let cache = caches.get(owner);
    if (!cache) caches.set(owner, (cache = verifiedJwtCache(limit)));
    return cache;
  };
}
