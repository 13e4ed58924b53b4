/**
 * Password grant: tenant, this address's failures for the account, captcha, wire-decrypted
 * password, the account's slow-down, then one argon2 verification (a dummy one for an unknown
 * account): an unknown account and a wrong password get the same answer in the same time.
 * The limits are in sign-in-limits.ts.
 */
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, or } from 'drizzle-orm';
import type { Config } from '@server/config';
import type { Db } from '@server/db/client';
import { users } from '@server/db/schema';
import { AppError, OAuthError } from '@server/http/errors';
import { aesDecryptBase64 } from '@server/http/wire-crypto';
import { consumeCaptcha } from './captcha';
import { checkPassword, hashPassword } from './password';
import {
  addressRefusedFor,
  clearAddressFailures,
  recordFailure,
  slowDown,
  type SignInAttempt,
} from './sign-in-limits';
import { userSubject } from './subject';
import { signInTenant } from './tenant';
import type { TokenParams } from './token-params';
import { issueTokens, type TokenReply } from './tokens';

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

export async function passwordGrant(
  deps: { db: Db; config: Config; log: FastifyBaseLogger; ip: string },
  params: TokenParams,
): Promise<TokenReply> {
  const { db, config, log } = deps;
  const tenant = await signInTenant(db, params.tenantId);
  if (!params.username) throw new OAuthError(400, 'auth.accountRequired');
  if (!params.password) throw new OAuthError(400, 'auth.passwordRequired');
  const attempt: SignInAttempt = { tenantId: tenant.tenantId, username: params.username, ip: deps.ip };
  const refusedFor = await addressRefusedFor(db, attempt);
  if (refusedFor > 0) throw new OAuthError(429, 'auth.tooManyWrongPasswords', { minutes: refusedFor });
  if (!params.captchaKey || !params.captchaCode) throw new OAuthError(400, 'auth.captchaRequired');
  const captcha = await consumeCaptcha(db, params.captchaKey, params.captchaCode);
  if (captcha === 'expired') throw new OAuthError(400, 'auth.captchaExpired');
  if (captcha === 'wrong') throw new OAuthError(400, 'auth.captchaWrong');
  const md5 = decodeWirePassword(params.password, config.wireAesKey);
  await slowDown(db, attempt);

  const user = await findByAccountOrPhone(db, tenant.tenantId, params.username);
  const check = await checkPassword(user?.passwordHash ?? null, md5);
  if (!user || !check.ok) {
    await recordFailure(db, attempt);
    throw new OAuthError(400, 'auth.wrongPassword');
  }
  if (user.status !== 1) throw new OAuthError(400, 'auth.userDisabled');

  await clearAddressFailures(db, attempt);
  if (check.upgrade) {
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(md5) })
      .where(eq(users.id, user.id));
    log.info({ userId: user.id }, 'legacy password hash upgraded to argon2id');
  }
  return issueTokens(db, config, await userSubject(db, user, null));
}
