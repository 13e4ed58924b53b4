/**
 * Test support for the user module: tokens for the demo accounts and for WeChat visitors minted
 * with issueTokens (as the token endpoint would), calls with the client and language headers, and
 * the SMS codes the stand-in "sent".
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { captchas, oauthLinks, rateLimits, users, verificationCodes } from '@server/db/schema';
import { basicAuth, type TestContext } from './helpers';
import { userSubject, visitorSubject } from '@server/modules/auth/subject';
import { issueTokens, type TokenReply } from '@server/modules/auth/tokens';

export { lastCode } from './sms-outbox';

export async function userId(db: Db, tenantId: string, account: string): Promise<number> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.account, account)));
  if (!row) throw new Error(`no user ${account} in ${tenantId}`);
  return row.id;
}

/** A token pair for a seeded account, as a password sign-in would give it. */
export async function signIn(ctx: TestContext, tenantId: string, account: string): Promise<TokenReply> {
  const db = ctx.database.db;
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.account, account)));
  if (!user) throw new Error(`no user ${account} in ${tenantId}`);
  return issueTokens(db, ctx.config, await userSubject(db, user, null));
}

/** A WeChat visitor: a fresh open id with no user yet, and its token (user id 0 + oauth id). */
export async function visitorSignIn(ctx: TestContext, tenantId: string, openId: string) {
  const db = ctx.database.db;
  const [link] = await db
    .insert(oauthLinks)
    .values({ tenantId, source: 'wechat', openId, nickname: `nick-${openId}` })
    .returning();
  return { link: link!, tokens: await issueTokens(db, ctx.config, visitorSubject(link!)) };
}

export interface CallOptions {
  token?: string;
  query?: Record<string, string | undefined>;
  body?: Record<string, unknown>;
  lang?: 'zh' | 'en';
}

/** Calls the API as the browser client does: Basic client header, Blade-Auth, language. */
export function call(ctx: TestContext, method: 'GET' | 'POST', path: string, options: CallOptions = {}) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(options.query ?? {}))
    if (value !== undefined) query.set(key, value);
  const qs = query.toString();
  return ctx.app.inject({
    method,
    url: qs ? `${path}?${qs}` : path,
    headers: {
      authorization: basicAuth(ctx.config),
      'accept-language': options.lang ?? 'en',
      ...(options.token ? { 'blade-auth': `bearer ${options.token}` } : {}),
    },
    ...(options.body ? { payload: options.body } : {}),
  });
}

/** Lets a phone get a new code at once (the 60-second resend guard is tested in the sms module). */
export async function allowResend(db: Db, phone: string): Promise<void> {
  await db
    .update(verificationCodes)
    .set({ createdAt: sql`now() - interval '2 minutes'` })
    .where(eq(verificationCodes.phone, phone));
}

/** Tests make more calls than a person would: start each one with fresh rate-limit windows. */
export async function resetRateLimits(db: Db): Promise<void> {
  await db.delete(rateLimits);
}

/** A captcha as the auth module's endpoint stores it, with known text. */
export async function captchaWithText(db: Db, text: string): Promise<string> {
  const key = `test-${Math.random().toString(36).slice(2)}`;
  await db.insert(captchas).values({ key, text, expiresAt: new Date(Date.now() + 300_000) });
  return key;
}
