/**
 * Access tokens for tests of signed-in routes, issued straight from the token module so a
 * test does not depend on the sign-in flow (captcha, password grant) it is not about.
 */
import { and, eq } from 'drizzle-orm';
import { oauthLinks, users } from '../src/db/schema';
import { issueTokens } from '../src/modules/auth/tokens';
import type { TestContext } from './helpers';

/** A token for a seeded account, e.g. tokenFor(ctx, '100001', 'student1'). */
export async function tokenFor(ctx: TestContext, tenantId: string, account: string): Promise<string> {
  const [user] = await ctx.database.db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.account, account)));
  if (!user) throw new Error(`no account ${account} in tenant ${tenantId}`);
  const reply = await issueTokens(ctx.database.db, ctx.config, {
    tenantId,
    userId: user.id,
    oauthId: null,
    account: user.account,
    userName: user.realName,
    nickName: user.nickName,
    roleName: '',
    userType: user.userType,
    avatar: user.avatar,
  });
  return reply.access_token;
}

/** A token of a WeChat visitor who has not bound an account yet (user id 0). */
export async function visitorToken(ctx: TestContext, tenantId: string): Promise<string> {
  const reply = await issueTokens(ctx.database.db, ctx.config, {
    tenantId,
    userId: 0,
    oauthId: null,
    account: '',
    userName: '',
    nickName: '',
    roleName: '',
    userType: null,
    avatar: '',
  });
  return reply.access_token;
}

export const bladeAuth = (token: string) => ({ 'blade-auth': `bearer ${token}` });

/**
 * A token of a seeded account signed in through WeChat: the session carries an oauth link with this
 * openid, which WeChat Pay needs as the payer (a password sign-in has none).
 */
export async function wechatTokenFor(
  ctx: TestContext,
  tenantId: string,
  account: string,
  openId: string,
): Promise<string> {
  const db = ctx.database.db;
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.account, account)));
  if (!user) throw new Error(`no account ${account} in tenant ${tenantId}`);
  const [link] = await db
    .insert(oauthLinks)
    .values({ tenantId, source: 'wechat', openId, userId: user.id, nickname: user.nickName })
    .returning();
  const reply = await issueTokens(db, ctx.config, {
    tenantId,
    userId: user.id,
    oauthId: link!.id,
    account: user.account,
    userName: user.realName,
    nickName: user.nickName,
    roleName: '',
    userType: user.userType,
    avatar: user.avatar,
  });
  return reply.access_token;
}
