/**
 * What a signed-in user changes about themselves: login phone, finance-reserved phone and bank card
 * (the e-mail: email-change-service.ts). Each needs a step-up proof first (step-up-service.ts). Every write names the caller's
 * tenant and user in its where clause (nothing in a request body can point it elsewhere) and is
 * audited in the same transaction that spends the proof.
 */
import { bankCardProblem, normalizeBankCard } from '@cf/shared/bank-card';
import type { AuditAction } from '@cf/shared/labels/audit';
import { ACCOUNT_PARAM_KEYS, isPhone } from '@cf/shared/validation';
import { sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { audit } from '@server/http/audit';
import { badRequest, forbidden, unauthorized } from '@server/http/errors';
import { rateLimit } from '@server/http/rate-limit';
import { consumeCaptcha } from '../auth/captcha';
import { codeRequester, consumeCode, sendCode } from '../sms/codes';
import { checkBankChangeAllowed, checkBankName, checkRegion } from './bank-rules';
import type { UserCtx } from './context';
import { maskTail } from './mask';
import { findOtherUserWithPhone, tenantParams, updateOwnUser, type UserRow } from './repo';
import { blank, callerRow, checkProof, proofDetail, reservedPhone, spendProof } from './step-up-service';
import type { StepUpProof } from './verify-token';
import { recordSecurityNotice, type SecurityNotice } from '@server/modules/notify/record';

/** Codes a user may ask for in the window below, whatever the phone. */
const USER_CODE_TRIES = 10;
const USER_CODE_WINDOW_SECONDS = 60 * 60;

/** A new phone from a change form (spec §5 phone change). */
function checkNewPhone(phone: string | undefined): string {
  if (blank(phone)) throw badRequest('validate.phoneEmpty');
  const trimmed = phone!.trim();
  if (!isPhone(trimmed)) throw badRequest('validate.phoneCorrect');
  return trimmed;
}

/** Codes a signed-in user asks for, to phones and e-mail addresses together. */
export const limitUserCodes = (ctx: UserCtx) =>
  rateLimit(
    ctx.db,
    `user-code:${ctx.auth.tenantId}:${ctx.auth.userId}`,
    USER_CODE_TRIES,
    USER_CODE_WINDOW_SECONDS,
  );

export function checkCodeGiven(input: { verifyId?: string; verifyCode?: string }) {
  if (blank(input.verifyCode)) throw badRequest('validate.verifyCodeRequired');
  // A code typed without the id of the code sent: the page lost it (a reload); a new code is needed.
  if (blank(input.verifyId)) throw badRequest('validate.verifyCodeExpired');
  return { verifyId: input.verifyId!.trim(), code: input.verifyCode!.trim() };
}

/** Spends the proof, runs the caller's own update and its audit line in one transaction. */
export async function changeOwn(
  ctx: UserCtx,
  proof: StepUpProof | null,
  action: AuditAction,
  values: Parameters<typeof updateOwnUser>[3],
  detail: Record<string, unknown>,
  notice?: SecurityNotice,
) {
  const { tenantId, userId } = ctx.auth;
  await ctx.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await spendProof(tx, proof);
    if (!(await updateOwnUser(tx, tenantId, userId, values))) throw unauthorized('auth.tokenInvalid');
    await audit(tx, ctx.req, { tenantId, userId, action, detail: { ...detail, ...proofDetail(proof) } });
    if (notice) await recordSecurityNotice(tx, { tenantId, userId, ...notice });
  });
}

/**
 * The security notice of a phone change (to the person, and by SMS to the phone held before); none
 * when the phone the person is reached at stays the same.
 */
function phoneNotice(
  before: UserRow,
  after: Pick<UserRow, 'financePhone' | 'phone'>,
): SecurityNotice | undefined {
  const now = reservedPhone(after);
  if (reservedPhone(before) === now) return undefined;
  return { kind: 'phoneChanged', oldPhone: reservedPhone(before), to: maskTail(now) ?? '' };
}

/** A phone change moves the clock of the 24-hour rule when the phone verify-phone texts changes. */
const phoneClock = (before: UserRow, after: Pick<UserRow, 'financePhone' | 'phone'>) =>
  reservedPhone(before) === reservedPhone(after) ? {} : { phoneChangedAt: sql`now()` };

/** send-validate: a code (purpose 'verify') to a new phone (captcha needed) or to the reserved phone. */
export async function sendUserCode(
  ctx: UserCtx,
  input: { phone?: string; captchaKey?: string; captchaCode?: string },
): Promise<{ id: string }> {
  const { db, auth } = ctx;
  const user = await callerRow(ctx);
  let phone: string;
  if (!blank(input.phone)) {
    phone = checkNewPhone(input.phone);
    // A new phone is not yet the person's: a captcha keeps this from being an SMS cannon.
    if (blank(input.captchaKey) || blank(input.captchaCode)) throw badRequest('auth.captchaRequired');
    const captcha = await consumeCaptcha(db, input.captchaKey!.trim(), input.captchaCode!);
    if (captcha === 'expired') throw badRequest('auth.captchaExpired');
    if (captcha === 'wrong') throw badRequest('auth.captchaWrong');
  } else {
    const reserved = reservedPhone(user);
    if (!reserved) throw badRequest('user.noReservedPhone');
    phone = reserved;
  }
  await limitUserCodes(ctx);
  return sendCode(db, ctx.gateways.sms, {
    tenantId: auth.tenantId,
    phone,
    purpose: 'verify',
    lang: ctx.lang,
    requestedBy: codeRequester(auth),
  });
}

/**
 * update-register-phone: the login phone. First a proof of the phone held now (verifyToken,
 * purpose 'phone'), then an SMS code (purpose 'phone') to the new one when the tenant asks for it.
 */
export async function updateRegisterPhone(
  ctx: UserCtx,
  input: { phone?: string; verifyCode?: string; verifyId?: string; tenantId?: string; verifyToken?: string },
): Promise<void> {
  const { db, auth } = ctx;
  if (!blank(input.tenantId) && input.tenantId!.trim() !== auth.tenantId) throw forbidden();
  const user = await callerRow(ctx);
  const phone = checkNewPhone(input.phone);
  const proof = await checkProof(ctx, user, input.verifyToken, 'phone');
  const settings = await tenantParams(db, auth.tenantId);
  const codeNeeded = settings[ACCOUNT_PARAM_KEYS.registerPhone] === '1';
  const given = codeNeeded ? checkCodeGiven(input) : null;
  if (await findOtherUserWithPhone(db, auth.tenantId, phone, user.id)) throw badRequest('user.phoneTaken');
  if (given) {
    const requestedBy = codeRequester(auth);
    await consumeCode(db, { tenantId: auth.tenantId, phone, ...given, purpose: 'phone', requestedBy });
  }
  try {
    await changeOwn(
      ctx,
      proof,
      'user.updateRegisterPhone',
      { phone, ...phoneClock(user, { phone, financePhone: user.financePhone }) },
      {
        from: maskTail(user.phone),
        to: maskTail(phone),
        verified: codeNeeded,
      },
      phoneNotice(user, { phone, financePhone: user.financePhone }),
    );
  } catch (err) {
    // Another account took the phone between the check and the write (unique index).
    if (isUniqueViolation(err)) throw badRequest('user.phoneTaken');
    throw err;
  }
}

/**
 * change-phone: the finance-reserved phone. First a proof of the phone held now (verifyToken,
 * purpose 'phone'), then the code send-validate sent to the new phone.
 */
export async function changeReservedPhone(
  ctx: UserCtx,
  input: { phone?: string; verifyCode?: string; verifyId?: string; verifyToken?: string },
): Promise<void> {
  const user = await callerRow(ctx);
  const phone = checkNewPhone(input.phone);
  const proof = await checkProof(ctx, user, input.verifyToken, 'phone');
  const given = checkCodeGiven(input);
  const requestedBy = codeRequester(ctx.auth);
  await consumeCode(ctx.db, { tenantId: ctx.auth.tenantId, phone, ...given, purpose: 'verify', requestedBy });
  await changeOwn(
    ctx,
    proof,
    'user.changePhone',
    { financePhone: phone, ...phoneClock(user, { phone: user.phone, financePhone: phone }) },
    {
      from: maskTail(user.financePhone),
      to: maskTail(phone),
    },
    phoneNotice(user, { phone: user.phone, financePhone: phone }),
  );
}

/**
 * change-bank-account: 16–19 digits passing Luhn, a bank of the tenant's list, a province and city of
 * the region data, a button the tenant grants, and a finance proof (phone held 24 hours). Audited
 * with the card masked.
 */
export async function changeBankAccount(
  ctx: UserCtx,
  input: {
    bankCard?: string;
    bankName?: string;
    bankProvince?: string;
    bankCity?: string;
    verifyToken?: string;
  },
): Promise<void> {
  const { db, auth } = ctx;
  const user = await callerRow(ctx);
  await checkBankChangeAllowed(db, auth.tenantId, user.id);
  const cardProblem = bankCardProblem(input.bankCard);
  if (cardProblem) throw badRequest(cardProblem);
  const bankCard = normalizeBankCard(input.bankCard!);
  const bankName = await checkBankName(db, auth.tenantId, input.bankName);
  const region = checkRegion(input.bankProvince, input.bankCity);
  const proof = await checkProof(ctx, user, input.verifyToken, 'finance');
  await changeOwn(
    ctx,
    proof,
    'user.changeBankAccount',
    { bankCard, bankName, ...region },
    { from: maskTail(user.bankCard), to: maskTail(bankCard), bankName, ...region },
    // A changed card is told to the phone the person holds, which did not change.
    { kind: 'bankCardChanged', oldPhone: reservedPhone(user), to: bankCard.slice(-4) },
  );
}

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
