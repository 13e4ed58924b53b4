/**
 * Proof that the caller just answered an SMS code on their reserved phone: a 10-minute HS256 JWT
 * bound to tenant, user and phone. Its own key (derived from JWT_SECRET), issuer, audience and
 * `typ` keep it from ever passing as an access token, and an access token from passing as it.
 */
import { createHmac } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Config } from '../../config';

export const VERIFY_TOKEN_TTL_SECONDS = 600;
const ISSUER = 'campus-finance/phone-verify';
const AUDIENCE = 'blade-user/verified-phone';
const TYP = 'phone-verify+jwt';

const keyOf = (config: Config) =>
  createHmac('sha256', config.jwtSecret).update('phone-verify-token').digest();

export interface VerifiedPhone {
  tenantId: string;
  userId: number;
  phone: string;
}

export async function signVerifyToken(config: Config, proof: VerifiedPhone): Promise<string> {
  return new SignJWT({ tid: proof.tenantId, phone: proof.phone })
    .setProtectedHeader({ alg: 'HS256', typ: TYP })
    .setSubject(String(proof.userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + VERIFY_TOKEN_TTL_SECONDS)
    .sign(keyOf(config));
}

/** The proof the token carries, or null when it is forged, expired or not a verify token. */
export async function readVerifyToken(config: Config, token: string): Promise<VerifiedPhone | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(config), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      typ: TYP,
    });
    const userId = Number(payload.sub);
    if (typeof payload.tid !== 'string' || typeof payload.phone !== 'string' || !(userId > 0)) return null;
    return { tenantId: payload.tid, userId, phone: payload.phone };
  } catch {
    return null;
  }
}
