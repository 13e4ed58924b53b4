/**
 * Step-up proof: a 10-minute HS256 JWT saying the caller just proved control of the phone they
 * hold (an SMS code to it) or, holding none, re-entered their password. Bound to tenant, user,
 * phone and what it may be used for, with its own id (jti) so each token allows one change
 * (spent in step_up_uses). Its own key (derived from JWT_SECRET), issuer, audience and `typ`
 * keep it from ever passing as an access token, and an access token from passing as it.
 */
import { createHmac, randomUUID } from 'node:crypto';
import type { Config } from '@server/config';
import { verifiedJwtCaches } from '../auth/verified-jwt';

export const VERIFY_TOKEN_TTL_SECONDS = 600;
/** A salary proof is read, not spent: it opens the slips for 15 minutes on the session (device) that earned it. */
export const SALARY_PROOF_TTL_SECONDS = 900;
const ISSUER = 'campus-finance/phone-verify';
const AUDIENCE = 'blade-user/verified-phone';
const TYP = 'phone-verify+jwt';

/**
 * 'phone': changes the phone itself; 'finance': changes the bank card or the e-mail; 'salary': reads
 * the slips and other income (modules/salary/step-up.ts).
 */
export const STEP_UP_PURPOSES = ['phone', 'finance', 'salary'] as const;
export type StepUpPurpose = (typeof STEP_UP_PURPOSES)[number];
/** How the caller proved it: the code texted to their phone, or their password (no phone held). */
export type StepUpMethod = 'sms' | 'password';

const keyOf = (config: Config) =>
  createHmac('sha256', config.jwtSecret).update('phone-verify-token').digest();

export interface VerifiedPhone {
  tenantId: string;
  userId: number;
  /** The phone proven; '' for a password proof (the caller held no phone). */
  phone: string;
  purpose: StepUpPurpose;
  method: StepUpMethod;
  /** The session (one sign-in on one device) a salary proof is bound to. */
  sessionId?: string;
}

export interface StepUpProof extends VerifiedPhone {
  jti: string;
  expiresAt: Date;
}

export async function signVerifyToken(config: Config, proof: VerifiedPhone): Promise<string> {
  const ttl = proof.purpose === 'salary' ? SALARY_PROOF_TTL_SECONDS : VERIFY_TOKEN_TTL_SECONDS;
  const { SignJWT } = await import('jose');
  return new SignJWT({
    tid: proof.tenantId,
    phone: proof.phone,
    use: proof.purpose,
    amr: proof.method,
    ...(proof.sessionId ? { sid: proof.sessionId } : {}),
  })
    .setProtectedHeader({ alg: 'HS256', typ: TYP })
    .setSubject(String(proof.userId))
    .setJti(randomUUID())
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttl)
    .sign(keyOf(config));
}

/** Salary proofs are read on every salary request for 15 minutes: each is verified once. */
const verifiedProofs = verifiedJwtCaches();

const isPurpose = (v: unknown): v is StepUpPurpose => STEP_UP_PURPOSES.includes(v as StepUpPurpose);

/** The proof the token carries, or null when it is forged, expired or not a verify token. */
export async function readVerifyToken(config: Config, token: string): Promise<StepUpProof | null> {
  try {
    const payload = await verifiedProofs(config)(token, async (t) => {
      const { jwtVerify } = await import('jose');
      const verified = await jwtVerify(t, keyOf(config), {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        typ: TYP,
      });
      return verified.payload;
    });
    const userId = Number(payload.sub);
    if (
      typeof payload.tid !== 'string' ||
      typeof payload.phone !== 'string' ||
      typeof payload.jti !== 'string' ||
      typeof payload.exp !== 'number' ||
      !isPurpose(payload.use) ||
      (payload.amr !== 'sms' && payload.amr !== 'password') ||
      !(userId > 0)
    )
      return null;
    return {
      tenantId: payload.tid,
      userId,
      phone: payload.phone,
      purpose: payload.use,
      method: payload.amr,
      ...(typeof payload.sid === 'string' ? { sessionId: payload.sid } : {}),
      jti: payload.jti,
      expiresAt: new Date(payload.exp * 1000),
    };
  } catch {
    return null;
  }
}
