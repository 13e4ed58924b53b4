/**
 * Step-up: before a change to the phone, bank card or e-mail the caller proves control of the phone
 * they hold now (a code texted to it, verify-phone), or re-enters the password when they hold no
 * phone (verify-password). The proof is a single-use verify token (verify-token.ts). Bank card and
 * e-mail take only a proof from a phone held for PHONE_SETTLE_HOURS, so whoever just changed the
 * phone cannot move the money or the notices at once.
 */
import type { Db } from '@server/db/client';
import { audit } from '@server/http/audit';
import { AppError, badRequest, OAuthError, unauthorized } from '@server/http/errors';
import { rateLimit } from '@server/http/rate-limit';
import { checkPassword } from '../auth/password';
import { decodeWirePassword } from '../auth/password-grant';
import { findUser } from '../auth/subject';
import { codeRequester, consumeCode } from '../sms/codes';
import type { UserCtx } from './context';
import { maskTail } from './mask';
import { phoneSettlesInSeconds, spendStepUp, type UserRow } from './repo';
import {
  readVerifyToken,
  signVerifyToken,
  STEP_UP_PURPOSES,
  type StepUpProof,
  type StepUpPurpose,
} from './verify-token';

/** Hours a new phone must be held before it can prove a bank card or e-mail change. */
export const PHONE_SETTLE_HOURS = 24;
/** Password re-entries per user in the window below (the sign-in lock is not touched). */
export const PASSWORD_PROOF_TRIES = 5;
export const PASSWORD_PROOF_WINDOW_SECONDS = 30 * 60;

export const blank = (v: string | undefined | null) => v === undefined || v === null || v.trim() === '';

export async function callerRow(ctx: UserCtx): Promise<UserRow> {
  const user = await findUser(ctx.db, ctx.auth.tenantId, ctx.auth.userId);
  if (!user) throw unauthorized('auth.tokenInvalid');
  return user;
}

/** The phone the finance office reaches the person on: the reserved one, else the login phone. */
export const reservedPhone = (user: Pick<UserRow, 'financePhone' | 'phone'>) =>
  user.financePhone || user.phone || null;

/** How the caller proves themselves before a phone change: what the popup's first step shows. */
export type ProofMethod = 'sms' | 'password' | 'none';
export function proofMethod(user: UserRow): ProofMethod {
  if (reservedPhone(user)) return 'sms';
  // Nobody can take over a phone that is not there; the 24-hour wait still guards bank and e-mail.
  return user.passwordHash ? 'password' : 'none';
}

export async function stepUpMethod(
  ctx: UserCtx,
): Promise<{ method: ProofMethod; phoneMasked: string | null }> {
  const user = await callerRow(ctx);
  const phone = reservedPhone(user);
  return { method: proofMethod(user), phoneMasked: phone ? maskPhone(phone) : null };
}

/** 13800000001 -> 138****0001: recognisable to its owner only. */
const maskPhone = (phone: string) =>
  phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : (maskTail(phone) ?? '');

/** Refuses a finance proof while the phone is younger than PHONE_SETTLE_HOURS, saying when it works. */
async function requireSettledPhone(db: Db, user: UserRow): Promise<void> {
  const wait = await phoneSettlesInSeconds(db, user.tenantId, user.id, PHONE_SETTLE_HOURS);
  if (wait > 0) throw badRequest('user.phoneTooNew', { hours: Math.max(1, Math.ceil(wait / 3600)) });
}

const parsePurpose = (value: string | undefined): StepUpPurpose => {
  if (blank(value)) return 'finance';
  const purpose = value!.trim();
  if (!STEP_UP_PURPOSES.includes(purpose as StepUpPurpose)) throw badRequest('common.badRequest');
  return purpose as StepUpPurpose;
};

/**
 * verify-phone: the code sent to the phone held now buys a 10-minute, single-use verify token,
 * for a phone change (purpose 'phone') or a bank card / e-mail change ('finance', the default);
 * purpose 'salary' buys a 15-minute read proof bound to this session (modules/salary/step-up.ts).
 */
export async function verifyReservedPhone(
  ctx: UserCtx,
  input: { verifyId?: string; verifyCode?: string; purpose?: string },
): Promise<{ verifyToken: string }> {
  const user = await callerRow(ctx);
  const phone = reservedPhone(user);
  if (!phone) throw badRequest('user.noReservedPhone');
  const purpose = parsePurpose(input.purpose);
  if (blank(input.verifyCode)) throw badRequest('validate.verifyCodeRequired');
  if (blank(input.verifyId)) throw badRequest('validate.verifyCodeExpired');
  if (purpose === 'finance') await requireSettledPhone(ctx.db, user);
  await consumeCode(ctx.db, {
    tenantId: ctx.auth.tenantId,
    phone,
    verifyId: input.verifyId!.trim(),
    code: input.verifyCode!.trim(),
    purpose: 'verify',
    requestedBy: codeRequester(ctx.auth),
  });
  await audit(ctx.db, ctx.req, {
    tenantId: ctx.auth.tenantId,
    userId: user.id,
    action: 'user.verifyPhone',
    detail: { phone: maskTail(phone), purpose },
  });
  const verifyToken = await signVerifyToken(ctx.config, {
    tenantId: ctx.auth.tenantId,
    userId: user.id,
    phone,
    purpose,
    method: 'sms',
    ...(purpose === 'salary' ? { sessionId: ctx.auth.sessionId } : {}),
  });
  return { verifyToken };
}

/**
 * verify-password: for a caller who holds no phone, the password (wire-encrypted like the token
 * endpoint's) buys a verify token for setting one. Tries are limited per user; each is audited.
 */
export async function verifyPassword(
  ctx: UserCtx,
  input: { password?: string },
): Promise<{ verifyToken: string }> {
  const user = await callerRow(ctx);
  const method = proofMethod(user);
  if (method === 'sms') throw badRequest('user.verifyWithPhone');
  if (method === 'none') throw badRequest('user.passwordNotSet');
  if (blank(input.password)) throw badRequest('auth.passwordRequired');
  const { tenantId } = ctx.auth;
  await rateLimit(
    ctx.db,
    `step-up-password:${tenantId}:${user.id}`,
    PASSWORD_PROOF_TRIES,
    PASSWORD_PROOF_WINDOW_SECONDS,
  );
  let md5: string;
  try {
    md5 = decodeWirePassword(input.password!.trim(), ctx.config.wireAesKey);
  } catch (err) {
    // The token endpoint's raw OAuth error; here it is an ordinary 400 in the Blade envelope.
    if (err instanceof OAuthError) throw new AppError(400, err.messageKey, err.params);
    throw err;
  }
  const check = await checkPassword(user.passwordHash, md5);
  await audit(ctx.db, ctx.req, {
    tenantId,
    userId: user.id,
    action: 'user.verifyPassword',
    detail: { ok: check.ok },
  });
  if (!check.ok) throw badRequest('user.passwordWrong');
  const verifyToken = await signVerifyToken(ctx.config, {
    tenantId,
    userId: user.id,
    phone: '',
    purpose: 'phone',
    method: 'password',
  });
  return { verifyToken };
}

/**
 * Checks a verify token against the caller as they are now: theirs, for this purpose, for the phone
 * they hold now (a password proof: for holding none), and for 'finance' a phone held 24 hours. It
 * is not spent here: spendProof does that inside the change's transaction.
 */
export async function checkProof(
  ctx: UserCtx,
  user: UserRow,
  token: string | undefined,
  purpose: StepUpPurpose,
): Promise<StepUpProof | null> {
  if (purpose === 'phone' && proofMethod(user) === 'none') return null;
  if (blank(token)) throw badRequest(purpose === 'phone' ? 'user.proveCurrentPhone' : 'user.verifyRequired');
  const proof = await readVerifyToken(ctx.config, token!.trim());
  if (
    !proof ||
    proof.tenantId !== ctx.auth.tenantId ||
    proof.userId !== ctx.auth.userId ||
    proof.purpose !== purpose ||
    proof.phone !== (reservedPhone(user) ?? '')
  )
    throw badRequest('user.verifyExpired');
  if (purpose === 'finance') await requireSettledPhone(ctx.db, user);
  return proof;
}

/** Spends the proof inside the change's transaction: of two changes racing with one token, one wins. */
export async function spendProof(tx: Db, proof: StepUpProof | null): Promise<void> {
  if (!proof) return;
  const first = await spendStepUp(tx, {
    jti: proof.jti,
    tenantId: proof.tenantId,
    userId: proof.userId,
    expiresAt: proof.expiresAt,
  });
  if (!first) throw badRequest('user.verifyExpired');
}

/** What an audit row says about the proof: how, and of which phone (masked). */
export const proofDetail = (proof: StepUpProof | null) => ({
  proof: proof?.method ?? 'none',
  proofPhone: proof ? maskTail(proof.phone) : null,
});
