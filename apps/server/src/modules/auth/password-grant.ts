/**
 * Password grant: tenant, captcha, wire-decrypted password, then the account's lock and
 * counter. Five wrong passwords in a row lock the account for 30 minutes.
 */
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, or, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { AppError, OAuthError } from '../../http/errors';
import { aesDecryptBase64 } from '../../http/wire-crypto';
import { consumeCaptcha } from './captcha';
import { checkPassword, hashPassword } from './password';
import { userSubject, type UserRow } from './subject';
import { signInTenant } from './tenant';
import type { TokenParams } from './token-params';
import { issueTokens, type TokenReply } from './tokens';

export const MAX_WRONG_PASSWORDS = 5;
export const LOCK_MINUTES = 30;

const MD5_HEX = /^[0-9a-f]{32}$/i;

/** The MD5 hex the client encrypted; a raw 400 saying what is wrong with a malformed value. */
export function decodeWirePassword(cipherText: string, wireKey: string): string {
  let plain: string;
  try {
    // A '+' sent unencoded in a query string arrives as a space; Base64 never holds spaces.
    plain = aesDecryptBase64(cipherText.replace(/ /g, '+'), wireKey);
  } catch (err) {
    if (err instanceof AppError) throw new OAuthError(400, err.messageKey);
    throw err;
  }
  if (!MD5_HEX.test(plain)) throw new OAuthError(400, 'auth.passwordFormat');
  return plain.toLowerCase();
}

async function findByAccountOrPhone(db: Db, tenantId: string, username: string) {
  const rows = await db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), or(eq(users.account, username), eq(users.phone, username))));
  // An account name wins over somebody else's phone number that happens to look the same.
  return rows.find((u) => u.account === username) ?? rows[0];
}

/** Counts a wrong password; the fifth locks the account and restarts the count for afterwards. */
async function recordWrongPassword(db: Db, userId: number): Promise<{ locked: boolean; left: number }> {
  const reachesLimit = sql`${users.failedLogins} + 1 >= ${sql.raw(String(MAX_WRONG_PASSWORDS))}`;
  const [row] = await db
    .update(users)
    .set({
      failedLogins: sql`CASE WHEN ${reachesLimit} THEN 0 ELSE ${users.failedLogins} + 1 END`,
      lockedUntil: sql`CASE WHEN ${reachesLimit} THEN now() + interval '${sql.raw(String(LOCK_MINUTES))} minutes' ELSE ${users.lockedUntil} END`,
    })
    .where(eq(users.id, userId))
    .returning({ failedLogins: users.failedLogins });
  const count = row?.failedLogins ?? 0;
  return { locked: count === 0, left: MAX_WRONG_PASSWORDS - count };
}

function lockedMinutesLeft(user: UserRow): number {
  if (!user.lockedUntil) return 0;
  const ms = user.lockedUntil.getTime() - Date.now();
  return ms > 0 ? Math.ceil(ms / 60_000) : 0;
}

export async function passwordGrant(
  deps: { db: Db; config: Config; log: FastifyBaseLogger },
  params: TokenParams,
): Promise<TokenReply> {
  const { db, config, log } = deps;
  const tenant = await signInTenant(db, params.tenantId);
  if (!params.username) throw new OAuthError(400, 'auth.accountRequired');
  if (!params.password) throw new OAuthError(400, 'auth.passwordRequired');
  if (!params.captchaKey || !params.captchaCode) throw new OAuthError(400, 'auth.captchaRequired');
  const captcha = await consumeCaptcha(db, params.captchaKey, params.captchaCode);
  if (captcha === 'expired') throw new OAuthError(400, 'auth.captchaExpired');
  if (captcha === 'wrong') throw new OAuthError(400, 'auth.captchaWrong');
  const md5 = decodeWirePassword(params.password, config.wireAesKey);

  const user = await findByAccountOrPhone(db, tenant.tenantId, params.username);
  if (!user) throw new OAuthError(400, 'auth.wrongPassword');
  const lockedFor = lockedMinutesLeft(user);
  if (lockedFor > 0) throw new OAuthError(400, 'auth.locked', { minutes: lockedFor });

  const check = await checkPassword(user.passwordHash, md5);
  if (!check.ok) {
    const outcome = await recordWrongPassword(db, user.id);
    if (outcome.locked) {
      log.warn({ tenantId: tenant.tenantId, userId: user.id }, 'account locked after wrong passwords');
      throw new OAuthError(400, 'auth.locked', { minutes: LOCK_MINUTES });
    }
    throw new OAuthError(400, 'auth.wrongPasswordLeft', { left: outcome.left });
  }
  if (user.status !== 1) throw new OAuthError(400, 'auth.userDisabled');

  await db
    .update(users)
    .set({
      failedLogins: 0,
      lockedUntil: null,
      ...(check.upgrade ? { passwordHash: await hashPassword(md5) } : {}),
    })
    .where(eq(users.id, user.id));
  if (check.upgrade) log.info({ userId: user.id }, 'legacy password hash upgraded to argon2id');
  return issueTokens(db, config, await userSubject(db, user, null));
}
