/** The auth area's rules behind the routes: which grant answers, rate limits, user info. */
import type { UserInfo } from '@cf/shared/wire/auth';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { Config } from '@server/config';
import type { Db } from '@server/db/client';
import { roles, userBindings } from '@server/db/schema';
import type { Gateways } from '@server/gateways';
import type { AuthContext } from '@server/http/context';
import { OAuthError } from '@server/http/errors';
import { hit } from '@server/http/rate-limit';
import { passwordGrant } from './password-grant';
import { refreshGrant } from './refresh-grant';
import { socialGrant } from './social-grant';
import { displayName, findOauthLink, findUser, roleNameOf, rolesOf, VISITOR_ROLE } from './subject';
import type { TokenParams } from './token-params';
import type { TokenReply } from './tokens';

export interface AuthDeps {
  db: Db;
  config: Config;
  gateways: Gateways;
  log: FastifyBaseLogger;
  /** The caller's address (req.ip: the socket's, or X-Forwarded-For's as TRUST_PROXY allows). */
  ip: string;
}

/**
 * Generous for people and tests, tight for a script: a minute's worth per IP and per account from
 * one address. Never per account alone: a stranger's requests must not shut the owner out.
 */
export const TOKEN_LIMIT_PER_IP = 120;
export const TOKEN_LIMIT_PER_ACCOUNT = 30;
export const CAPTCHA_LIMIT_PER_IP = 120;
const WINDOW_SECONDS = 60;

/** Token endpoint limits answer BladeX's raw error shape, not the envelope. */
async function limit(db: Db, key: string, max: number): Promise<void> {
  if ((await hit(db, key, max, WINDOW_SECONDS)) > max) throw new OAuthError(429, 'common.tooManyRequests');
}

export async function limitTokenCalls(db: Db, ip: string): Promise<void> {
  await limit(db, `token:ip:${ip}`, TOKEN_LIMIT_PER_IP);
}

export async function grantToken(deps: AuthDeps, params: TokenParams): Promise<TokenReply> {
  switch (params.grantType) {
    case 'password':
      if (params.tenantId && params.username)
        await limit(
          deps.db,
          `token:account:${params.tenantId}:${params.username.toLowerCase()}:${deps.ip}`,
          TOKEN_LIMIT_PER_ACCOUNT,
        );
      return passwordGrant(deps, params);
    case 'social':
      return socialGrant(deps, params);
    case 'refresh_token':
      return refreshGrant(deps, params);
    default:
      throw new OAuthError(400, 'auth.unsupportedGrant');
  }
}

/** The signed-in person: a user with roles and binding state, or a WeChat visitor not bound yet. */
export async function userInfo(db: Db, auth: AuthContext): Promise<UserInfo | null> {
  const oauthId = auth.oauthId ? String(auth.oauthId) : '';
  if (auth.userId > 0) {
    const user = await findUser(db, auth.tenantId, auth.userId);
    if (!user) return null;
    const userRoles = await rolesOf(db, auth.tenantId, user.roleIds);
    const [binding] = await db
      .select({ status: userBindings.status })
      .from(userBindings)
      .where(and(eq(userBindings.tenantId, auth.tenantId), eq(userBindings.userId, user.id)));
    return {
      userId: String(user.id),
      tenantId: user.tenantId,
      account: user.account,
      realName: user.realName,
      nickName: displayName(user),
      phone: user.phone ?? '',
      email: user.email ?? '',
      avatar: user.avatar,
      userType: user.userType ?? '',
      roleName: roleNameOf(userRoles),
      roles: userRoles,
      oauthId,
      // Only an active binding counts; a pending one waits for the finance office (user/binding-status.ts).
      bound: binding?.status === 'active',
      bindingStatus: (binding?.status ?? null) as UserInfo['bindingStatus'],
    };
  }
  const link = auth.oauthId ? await findOauthLink(db, auth.tenantId, auth.oauthId) : undefined;
  if (!link) return null;
  const visitorRoles = await db
    .select({ roleAlias: roles.roleAlias, roleName: roles.roleName })
    .from(roles)
    .where(and(eq(roles.tenantId, auth.tenantId), eq(roles.roleAlias, VISITOR_ROLE)));
  return {
    userId: '0',
    tenantId: auth.tenantId,
    account: '',
    realName: '',
    nickName: link.nickname,
    phone: '',
    email: '',
    avatar: link.avatar,
    userType: '',
    roleName: VISITOR_ROLE,
    roles: visitorRoles,
    oauthId,
    bound: false,
    bindingStatus: null,
  };
}
