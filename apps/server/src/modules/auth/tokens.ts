/**
 * Access tokens are HS256 JWTs with BladeX's claims plus the session id; each sign-in is a
 * session whose refresh tokens rotate. A refresh token used twice revokes the whole session.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { TokenReply } from '@cf/shared/wire/auth';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Config } from '@server/config';
import type { Db } from '@server/db/client';
import { authSessions, refreshTokens, users } from '@server/db/schema';
import type { AuthContext } from '@server/http/context';
import { verifiedJwtCaches } from './verified-jwt';

export interface TokenSubject {
  tenantId: string;
  userId: number;
  oauthId: number | null;
  account: string;
  userName: string;
  nickName: string;
  roleName: string;
  userType: string | null;
  avatar: string;
}

/** BladeX's raw token JSON (its schema: @cf/shared/wire/auth). */
export type { TokenReply };

/** A transaction or the database itself. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Every signed-in request verifies its token and checks its session and its user's status.
 * Verified claims are kept until the token expires, and a session's state for SESSION_RECHECK_MS:
 * logout, binding and disabling in this process forget it at once; another process sees a
 * revocation or a disabled user within that time.
 */
export const SESSION_RECHECK_MS = 1000;
const CACHE_LIMIT = 20_000;
interface SessionState {
  checkedAt: number;
  tenantId: string;
  userId: number | null;
  revoked: boolean;
}
const sessionStates = new Map<string, SessionState>();
const verifiedClaims = verifiedJwtCaches(CACHE_LIMIT);

function remember<K, V>(map: Map<K, V>, key: K, value: V) {
  if (map.size >= CACHE_LIMIT) map.delete(map.keys().next().value as K);
  map.set(key, value);
}

export function forgetSession(sessionId: string): void {
  sessionStates.delete(sessionId);
  sessionReads.delete(sessionId);
}

async function verifiedPayload(config: Config, token: string): Promise<Record<string, unknown> | null> {
  try {
    return await verifiedClaims(config)(token, async (t) => {
      const { jwtVerify } = await import('jose');
      const { payload } = await jwtVerify(t, keyOf(config), {
        algorithms: ['HS256'],
        issuer: 'campus-finance',
      });
      return payload;
    });
  } catch {
    return null;
  }
}

/** Reads of a session in flight: requests arriving meanwhile share one read instead of each asking. */
const sessionReads = new Map<string, Promise<SessionState | null>>();

async function sessionState(db: Db, sessionId: string): Promise<SessionState | null> {
  const known = sessionStates.get(sessionId);
  if (known && Date.now() - known.checkedAt < SESSION_RECHECK_MS) return known;
  let read = sessionReads.get(sessionId);
  if (!read) {
    read = readSessionState(db, sessionId).finally(() => sessionReads.delete(sessionId));
    sessionReads.set(sessionId, read);
  }
  return read;
}

async function readSessionState(db: Db, sessionId: string): Promise<SessionState | null> {
  const [row] = await db
    .select({
      revokedAt: authSessions.revokedAt,
      tenantId: authSessions.tenantId,
      userId: authSessions.userId,
      userStatus: users.status,
    })
    .from(authSessions)
    .leftJoin(users, eq(users.id, authSessions.userId))
    .where(eq(authSessions.id, sessionId));
  if (!row) return null;
  const state = {
    checkedAt: Date.now(),
    tenantId: row.tenantId,
    userId: row.userId,
    // The user's status too: a user disabled without the sessions revoked (by hand, an import) stops.
    revoked: !!row.revokedAt || (row.userId !== null && row.userStatus !== 1),
  };
  remember(sessionStates, sessionId, state);
  return state;
}
const keyOf = (config: Config) => new TextEncoder().encode(config.jwtSecret);

async function signAccess(config: Config, subject: TokenSubject, sessionId: string, jti: string) {
  const { SignJWT } = await import('jose');
  return new SignJWT({
    tenant_id: subject.tenantId,
    user_id: String(subject.userId),
    oauth_id: subject.oauthId ? String(subject.oauthId) : '',
    account: subject.account,
    user_name: subject.userName,
    nick_name: subject.nickName,
    role_name: subject.roleName,
    user_type: subject.userType ?? '',
    client_id: config.clientId,
    token_type: 'access_token',
    sid: sessionId,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setJti(jti)
    .setIssuer('campus-finance')
    .setExpirationTime(Math.floor(Date.now() / 1000) + config.accessTokenTtl)
    .sign(keyOf(config));
}

async function newRefreshToken(db: Db, config: Config, sessionId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(refreshTokens).values({
    tokenHash: sha256(token),
    sessionId,
    expiresAt: new Date(Date.now() + config.refreshTokenTtl * 1000),
  });
  return token;
}

function reply(
  subject: TokenSubject,
  accessToken: string,
  refreshToken: string,
  config: Config,
  jti: string,
): TokenReply {
  return {
    access_token: accessToken,
    refresh_token: refreshToken,
    token_type: 'bearer',
    expires_in: config.accessTokenTtl,
    tenant_id: subject.tenantId,
    user_id: String(subject.userId),
    oauth_id: subject.oauthId ? String(subject.oauthId) : '',
    account: subject.account,
    user_name: subject.userName,
    nick_name: subject.nickName,
    role_name: subject.roleName,
    avatar: subject.avatar,
    user_type: subject.userType ?? '',
    license: 'powered by campus-finance',
    jti,
  };
}

/** Starts a session (a sign-in) and answers its first token pair. */
export async function issueTokens(db: Db, config: Config, subject: TokenSubject): Promise<TokenReply> {
  const sessionId = randomUUID();
  await db.insert(authSessions).values({
    id: sessionId,
    tenantId: subject.tenantId,
    userId: subject.userId || null,
    oauthId: subject.oauthId,
    userType: subject.userType,
  });
  const jti = randomUUID();
  const access = await signAccess(config, subject, sessionId, jti);
  const refresh = await newRefreshToken(db, config, sessionId);
  return reply(subject, access, refresh, config, jti);
}

export type RefreshOutcome =
  | { ok: true; sessionId: string; tenantId: string; userId: number | null; oauthId: number | null }
  | { ok: false };

/**
 * Consumes a refresh token once. A token already used (a stolen copy replayed, or a client
 * that lost the rotation) revokes the session it belongs to.
 */
export async function consumeRefreshToken(db: Db, token: string): Promise<RefreshOutcome> {
  const hash = sha256(token);
  const used = await db
    .update(refreshTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(refreshTokens.tokenHash, hash),
        isNull(refreshTokens.usedAt),
        sql`${refreshTokens.expiresAt} > now()`,
      ),
    )
    .returning({ sessionId: refreshTokens.sessionId });
  if (!used[0]) {
    const [known] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hash));
    if (known?.usedAt) await revokeSession(db, known.sessionId);
    return { ok: false };
  }
  const [session] = await db
    .select()
    .from(authSessions)
    .where(and(eq(authSessions.id, used[0].sessionId), isNull(authSessions.revokedAt)));
  if (!session) return { ok: false };
  return {
    ok: true,
    sessionId: session.id,
    tenantId: session.tenantId,
    userId: session.userId,
    oauthId: session.oauthId,
  };
}

/** Answers a new token pair in an existing session (refresh grant). */
export async function rotateTokens(
  db: Db,
  config: Config,
  sessionId: string,
  subject: TokenSubject,
): Promise<TokenReply> {
  const jti = randomUUID();
  const access = await signAccess(config, subject, sessionId, jti);
  const refresh = await newRefreshToken(db, config, sessionId);
  return reply(subject, access, refresh, config, jti);
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  forgetSession(sessionId);
  await db
    .update(authSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
}

/** Ends every live session of a user (disabled), in the caller's transaction: refresh tokens stop. */
export async function revokeUserSessions(db: Tx, tenantId: string, userId: number): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(authSessions.tenantId, tenantId),
        eq(authSessions.userId, userId),
        isNull(authSessions.revokedAt),
      ),
    );
}

/** This process forgets a user's cached session states (after the change committed). */
export function forgetUserSessions(tenantId: string, userId: number): void {
  for (const [sessionId, state] of sessionStates)
    if (state.userId === userId && state.tenantId === tenantId) sessionStates.delete(sessionId);
}

/** Verifies an access token and that its session is still alive; null when not valid. */
export async function verifyAccessToken(db: Db, config: Config, token: string): Promise<AuthContext | null> {
  const payload = await verifiedPayload(config, token);
  if (!payload) return null;
  const sessionId = typeof payload.sid === 'string' ? payload.sid : '';
  if (!sessionId) return null;
  const session = await sessionState(db, sessionId);
  if (!session || session.revoked || session.tenantId !== payload.tenant_id) return null;
  // The session, not the token, says who is signed in: binding a WeChat visitor updates it in place.
  return {
    tenantId: session.tenantId,
    userId: session.userId ?? 0,
    oauthId: payload.oauth_id ? Number(payload.oauth_id) : null,
    sessionId,
    account: String(payload.account ?? ''),
    userType: payload.user_type ? String(payload.user_type) : null,
    roleName: String(payload.role_name ?? ''),
  };
}

/** After a WeChat visitor registers or binds, the session now belongs to that user. */
export async function attachSessionUser(db: Db, sessionId: string, userId: number, userType: string | null) {
  forgetSession(sessionId);
  await db.update(authSessions).set({ userId, userType }).where(eq(authSessions.id, sessionId));
}
