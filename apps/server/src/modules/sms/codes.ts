/**
 * SMS verification codes: 6 digits, stored hashed, 10 minutes, 5 tries, one send per phone
 * per 60 seconds and a daily cap. All state is in PostgreSQL so several processes agree.
 */
import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Language } from '@cf/shared/messages';
import { translate } from '@cf/shared/messages';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/client';
import { verificationCodes } from '../../db/schema';
import type { SmsGateway } from '../../gateways/types';
import { AppError, badRequest, tooMany } from '../../http/errors';

export const CODE_TTL_SECONDS = 600;
export const CODE_MAX_TRIES = 5;
export const RESEND_GUARD_SECONDS = 60;
export const DAILY_CAP_PER_PHONE = 10;

export type CodePurpose = 'bind' | 'phone' | 'verify';

const hashCode = (id: string, code: string) => createHash('sha256').update(`${id}:${code}`).digest('hex');

export interface SendCodeInput {
  tenantId: string;
  phone: string;
  purpose: CodePurpose;
  lang: Language;
}

/** Sends a new code and answers its verify id. */
export async function sendCode(db: Db, sms: SmsGateway, input: SendCodeInput): Promise<{ id: string }> {
  const [recent] = await queryRows<{ last_seconds: number | null; today: number }>(
    db,
    sql`SELECT EXTRACT(EPOCH FROM (now() - max(created_at)))::float AS last_seconds,
               count(*) FILTER (WHERE created_at > now() - interval '1 day')::int AS today
        FROM verification_codes WHERE tenant_id = ${input.tenantId} AND phone = ${input.phone}`,
  );
  if (
    recent?.last_seconds !== null &&
    recent?.last_seconds !== undefined &&
    recent.last_seconds < RESEND_GUARD_SECONDS
  ) {
    throw tooMany('sms.resendTooSoon', { seconds: Math.ceil(RESEND_GUARD_SECONDS - recent.last_seconds) });
  }
  if ((recent?.today ?? 0) >= DAILY_CAP_PER_PHONE) throw tooMany('sms.dailyCap');

  const id = randomUUID();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.insert(verificationCodes).values({
    id,
    tenantId: input.tenantId,
    phone: input.phone,
    purpose: input.purpose,
    codeHash: hashCode(id, code),
    expiresAt: new Date(Date.now() + CODE_TTL_SECONDS * 1000),
  });
  try {
    await sms.send(input.phone, translate('sms.body', input.lang, { code, minutes: CODE_TTL_SECONDS / 60 }));
  } catch {
    await db.delete(verificationCodes).where(eq(verificationCodes.id, id));
    throw new AppError(502, 'sms.sendFailed');
  }
  return { id };
}

export interface CheckCodeInput {
  tenantId: string;
  phone: string;
  verifyId: string;
  code: string;
  purpose: CodePurpose;
}

/**
 * Consumes a code once. Wrong codes count against the code's tries; after the fifth it is dead.
 * Throws a 400 with the reason (wrong, expired/used, exhausted).
 */
export async function consumeCode(db: Db, input: CheckCodeInput): Promise<void> {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.id, input.verifyId),
        eq(verificationCodes.tenantId, input.tenantId),
        eq(verificationCodes.phone, input.phone),
        eq(verificationCodes.purpose, input.purpose),
      ),
    );
  if (!row || row.consumedAt || row.expiresAt.getTime() <= Date.now()) throw badRequest('sms.codeExpired');
  if (row.attempts >= CODE_MAX_TRIES) throw badRequest('sms.codeExhausted');
  const expected = Buffer.from(row.codeHash);
  const given = Buffer.from(hashCode(row.id, input.code.trim()));
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    const [after] = await db
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(eq(verificationCodes.id, row.id))
      .returning({ attempts: verificationCodes.attempts });
    throw badRequest(
      (after?.attempts ?? CODE_MAX_TRIES) >= CODE_MAX_TRIES ? 'sms.codeExhausted' : 'sms.codeWrong',
    );
  }
  // Conditional update: two requests racing with the same right code consume it once.
  const consumed = await db
    .update(verificationCodes)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(verificationCodes.id, row.id), sql`${verificationCodes.consumedAt} IS NULL`))
    .returning({ id: verificationCodes.id });
  if (!consumed[0]) throw badRequest('sms.codeExpired');
}
