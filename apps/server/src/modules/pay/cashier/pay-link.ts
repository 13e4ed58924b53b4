/**
 * The pay link (payAuthToken): a short-lived signed token for one order of one tenant, so that
 * someone other than its creator (a parent) can open the cashier and pay it. Its key is derived
 * from the JWT secret for this one purpose, so an access token can never pass for a pay link.
 */
import { createHmac } from 'node:crypto';
import type { Config } from '@server/config';

const AUDIENCE = 'pay-link';
const ISSUER = 'campus-finance';

const keyOf = (config: Config) => createHmac('sha256', config.jwtSecret).update('pay-auth-token').digest();

export interface PayLinkClaims {
  tenantId: string;
  orderId: number;
  orderNo: string;
}

export async function signPayLink(config: Config, claims: PayLinkClaims, expireAt: Date): Promise<string> {
  const { SignJWT } = await import('jose');
  return new SignJWT({ tid: claims.tenantId, oid: claims.orderId, ono: claims.orderNo })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expireAt.getTime() / 1000))
    .sign(keyOf(config));
}

/** The claims of a valid, unexpired link; null for anything else. */
export async function verifyPayLink(config: Config, token: string): Promise<PayLinkClaims | null> {
  try {
    const { jwtVerify } = await import('jose');
    const { payload } = await jwtVerify(token, keyOf(config), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
    });
    const { tid, oid, ono } = payload;
    if (typeof tid !== 'string' || typeof oid !== 'number' || typeof ono !== 'string') return null;
    return { tenantId: tid, orderId: oid, orderNo: ono };
  } catch {
    return null;
  }
}
