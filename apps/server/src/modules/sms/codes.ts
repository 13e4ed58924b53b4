/**
 * SMS verification codes: 6 digits, stored hashed, 10 minutes, 5 tries, one send per phone
 * per 60 seconds and daily caps (per tenant and phone, and per phone across all tenants).
 * All state is in PostgreSQL so several processes agree.
 */
import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Language } from '@cf/shared/messages';
import { translate } from '@cf/shared/messages';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { verificationCodes } from '@server/db/schema';
import type { AuthContext } from '@server/http/context';
import { AppError, badRequest, tooMany } from '@server/http/errors';

export const CODE_TTL_SECONDS = 600;
export const CODE_MAX_TRIES = 5;
export const RESEND_GUARD_SECONDS = 60;
export const DAILY_CAP_PER_PHONE = 10;
/** One phone's texts a day from every tenant together, so N tenants cannot send it N x 10 codes. */
export const DAILY_CAP_PER_PHONE_ALL_TENANTS = 10;

/** 'email': a code to a new finance-reserved e-mail address (its `phone` column holds the address). */
export type CodePurpose = 'bind' | 'phone' | 'verify' | 'email';

/**
 * Carries a code's text to its recipient through the tenant's provider: an SmsGateway as it is, or
 * mail (user/email-change-service.ts).
 */
export interface CodeCourier {
  send(tenantId: string, recipient: string, text: string): Promise<void>;
}

const hashCode = (id: string, code: string) => createHash('sha256').update(`${id}:${code}`).digest('hex');

/**
 * The signed-in caller a code belongs to: only they may try it, so nobody else can spend its tries
 * (a stranger who learnt a verify id cannot lock the owner out of their own code).
 */
export function codeRequester(auth: Pick<AuthContext, 'userId' | 'oauthId'> | null): string | null {
  if (!auth) return null;
  if (auth.userId > 0) return `user:${auth.userId}`;
  return auth.oauthId ? `oauth:${auth.oauthId}` : null;
}

export interface SendCodeInput {
  tenantId: string;
  phone: string;
  purpose: CodePurpose;
  lang: Language;
  /** codeRequester() of a signed-in caller; null for a code asked for before sign-in. */
  requestedBy?: string | null;
  /** The text around the code and the failure to report; a text message's by default. */
  bodyKey?: 'sms.body' | 'mail.codeBody';
  failureKey?: 'sms.sendFailed' | 'mail.sendFailed';
}

/** Sends a new code and answers its verify id. */
export async function sendCode(db: Db, sms: CodeCourier, input: SendCodeInput): Promise<{ id: string }> {
  const id = randomUUID();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.transaction(async (tx) => {
    // One sender at a time per phone, whatever the tenant: two requests racing (from one tenant or
    // two) must not both pass the guard and the caps.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`sms:${input.phone}`}))`);
    const result = (await tx.execute(
      sql`SELECT EXTRACT(EPOCH FROM (now() - max(created_at) FILTER (WHERE tenant_id = ${input.tenantId})))::float
                   AS last_seconds,
                 count(*) FILTER (WHERE tenant_id = ${input.tenantId}
                                    AND created_at > now() - interval '1 day')::int AS today,
                 count(*) FILTER (WHERE created_at > now() - interval '1 day')::int AS today_all_tenants
          FROM verification_codes WHERE phone = ${input.phone}`,
    )) as unknown as { rows: { last_seconds: number | null; today: number; today_all_tenants: number }[] };
    const recent = result.rows[0];
    const lastSeconds = recent?.last_seconds == null ? null : Number(recent.last_seconds);
    if (lastSeconds !== null && lastSeconds < RESEND_GUARD_SECONDS) {
      throw tooMany('sms.resendTooSoon', { seconds: Math.ceil(RESEND_GUARD_SECONDS - lastSeconds) });
    }
    if (Number(recent?.today ?? 0) >= DAILY_CAP_PER_PHONE) throw tooMany('sms.dailyCap');
    if (Number(recent?.today_all_tenants ?? 0) >= DAILY_CAP_PER_PHONE_ALL_TENANTS) {
      throw tooMany('sms.dailyCap');
    }
    await tx.insert(verificationCodes).values({
      id,
      tenantId: input.tenantId,
      phone: input.phone,
      purpose: input.purpose,
      codeHash: hashCode(id, code),
      requestedBy: input.requestedBy ?? null,
      // The database clock sets and checks expiry, so API servers with skewed clocks agree.
      expiresAt: sql`now() + make_interval(secs => ${CODE_TTL_SECONDS})`,
    });
  });
  // Sent after the commit: no transaction is held open across the provider's network call.
  try {
    const bodyKey = input.bodyKey ?? 'sms.body';
    await sms.send(
      input.tenantId,
      input.phone,
      translate(bodyKey, input.lang, { code, minutes: CODE_TTL_SECONDS / 60 }),
    );
  } catch (err) {
    // A code nobody received must not block the person's retry through the resend guard.
    await db.delete(verificationCodes).where(eq(verificationCodes.id, id));
    const failure = new AppError(502, input.failureKey ?? 'sms.sendFailed');
    failure.cause = err; // the error handler logs 5xx errors with their cause
    throw failure;
  }
  return { id };
}

export interface CheckCodeInput {
  tenantId: string;
  phone: string;
  verifyId: string;
  code: string;
  purpose: CodePurpose;
  /** codeRequester() of the caller: a code asked for by someone else is not theirs to try. */
  requestedBy?: string | null;
}

/**
 * Consumes a code once. Every try is counted before the code is compared, in one conditional
 * update, so parallel guesses cannot get more than CODE_MAX_TRIES looks at a code; after the
 * fifth wrong try it is dead. Throws a 400 with the reason (wrong, expired/used, exhausted).
 */
export async function consumeCode(db: Db, input: CheckCodeInput): Promise<void> {
  const sameCode = and(
    eq(verificationCodes.id, input.verifyId),
    eq(verificationCodes.tenantId, input.tenantId),
    eq(verificationCodes.phone, input.phone),
    eq(verificationCodes.purpose, input.purpose),
    input.requestedBy
      ? or(isNull(verificationCodes.requestedBy), eq(verificationCodes.requestedBy, input.requestedBy))
      : isNull(verificationCodes.requestedBy),
  );
  const [tried] = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(
      and(
        sameCode,
        isNull(verificationCodes.consumedAt),
        sql`${verificationCodes.expiresAt} > now()`,
        lt(verificationCodes.attempts, CODE_MAX_TRIES),
      ),
    )
    .returning({
      id: verificationCodes.id,
      codeHash: verificationCodes.codeHash,
      attempts: verificationCodes.attempts,
    });
  if (!tried) {
    // Say why: a live code whose tries are used up reads differently from a missing or dead one.
    const [row] = await db
      .select({
        live: sql<boolean>`${verificationCodes.consumedAt} IS NULL AND ${verificationCodes.expiresAt} > now()`,
      })
      .from(verificationCodes)
      .where(sameCode);
    throw badRequest(row?.live ? 'sms.codeExhausted' : 'sms.codeExpired');
  }
  const expected = Buffer.from(tried.codeHash);
  const given = Buffer.from(hashCode(tried.id, input.code.trim()));
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw badRequest(tried.attempts >= CODE_MAX_TRIES ? 'sms.codeExhausted' : 'sms.codeWrong');
  }
  // Conditional update: two requests racing with the same right code consume it once.
  const consumed = await db
    .update(verificationCodes)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(verificationCodes.id, tried.id), isNull(verificationCodes.consumedAt)))
    .returning({ id: verificationCodes.id });
  if (!consumed[0]) throw badRequest('sms.codeExpired');
}
