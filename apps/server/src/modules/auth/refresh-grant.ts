/**
 * Refresh grant: the refresh token is used once and replaced in the same session. The subject is
 * rebuilt from the session, which binding may have moved from a visitor to a user since.
 */
import { OAuthError } from '@server/http/errors';
import type { Config } from '@server/config';
import type { Db } from '@server/db/client';
import { findOauthLink, findUser, userSubject, visitorSubject } from './subject';
import { signInTenant } from './tenant';
import type { TokenParams } from './token-params';
import {
  attachSessionUser,
  consumeRefreshToken,
  revokeSession,
  rotateTokens,
  type TokenReply,
  type TokenSubject,
} from './tokens';

async function sessionSubject(
  db: Db,
  session: { sessionId: string; tenantId: string; userId: number | null; oauthId: number | null },
): Promise<TokenSubject> {
  const link = session.oauthId ? await findOauthLink(db, session.tenantId, session.oauthId) : undefined;
  const userId = session.userId ?? link?.userId ?? null;
  if (userId) {
    const user = await findUser(db, session.tenantId, userId);
    if (!user) throw new OAuthError(400, 'auth.refreshInvalid');
    if (user.status !== 1) throw new OAuthError(400, 'auth.userDisabled');
    // The visitor bound in another session: this one now belongs to the user too.
    if (!session.userId) await attachSessionUser(db, session.sessionId, user.id, user.userType);
    return userSubject(db, user, session.oauthId);
  }
  if (!link) throw new OAuthError(400, 'auth.refreshInvalid');
  return visitorSubject(link);
}

export async function refreshGrant(
  deps: { db: Db; config: Config },
  params: TokenParams,
): Promise<TokenReply> {
  const { db, config } = deps;
  if (!params.refreshToken) throw new OAuthError(400, 'auth.refreshInvalid');
  const session = await consumeRefreshToken(db, params.refreshToken);
  if (!session.ok) throw new OAuthError(400, 'auth.refreshInvalid');
  try {
    if (params.tenantId && params.tenantId !== session.tenantId)
      throw new OAuthError(400, 'auth.refreshInvalid');
    await signInTenant(db, session.tenantId);
    const subject = await sessionSubject(db, session);
    return await rotateTokens(db, config, session.sessionId, subject);
  } catch (err) {
    // The token is spent: a session that may not go on is ended rather than left half-alive.
    await revokeSession(db, session.sessionId);
    throw err;
  }
}
