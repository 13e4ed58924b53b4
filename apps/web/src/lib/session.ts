/**
 * The signed-in session (spec §3): the access token as a cookie living 3200/86400 of a day
 * (spec §9), the refresh token and the login response in local storage. The refresh token's
 * entry time is the token's issue time, which the refresher uses to measure the token's age.
 */
import type { TokenReply } from '@cf/shared/wire/auth';
import { getCookie, removeCookie, setCookie } from './cookie';
import { SITE_KEY } from './env';
import { getStore, getStoreEntry, removeStore, setStore } from './storage';

/**
 * The raw token JSON of POST /api/blade-auth/oauth/token (also `data` of register/bind: TokenReply
 * of @cf/shared/wire/auth), as the session keeps it:
 * the tokens, tenant and user are sure to be there; the rest is read when present.
 */
export type TokenGrant = Pick<TokenReply, 'access_token' | 'refresh_token' | 'tenant_id' | 'user_id'> &
  Partial<TokenReply>;

export interface SessionUser {
  tenantId: string;
  userId: string;
  oauthId: string;
  account: string;
  userName: string;
  nickName: string;
  roleName: string;
  avatar: string;
  userType: string;
}

/** 3200/86400 of a day, in seconds. */
export const ACCESS_COOKIE_SECONDS = (3200 / 86400) * 86400;
export const accessCookieName = (): string => `${SITE_KEY}-access-token`;

const listeners = new Set<() => void>();
let version = 0;

function changed(): void {
  version++;
  listeners.forEach((listener) => listener());
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Changes whenever the session is saved or cleared (for useSyncExternalStore). */
export const sessionVersion = (): number => version;

export function saveSession(grant: TokenGrant, now = Date.now()): void {
  setCookie(accessCookieName(), grant.access_token, ACCESS_COOKIE_SECONDS);
  setStore('refresh-token', grant.refresh_token, 'local', now);
  // The access token itself lives only in the cookie, so it ends with the cookie.
  const { access_token: _accessToken, ...userInfo } = grant;
  setStore('user-info', userInfo, 'local', now);
  changed();
}

export function clearSession(): void {
  removeCookie(accessCookieName());
  removeStore('refresh-token');
  removeStore('user-info');
  removeStore('button-permissions');
  changed();
}

export const getAccessToken = (): string | undefined => getCookie(accessCookieName()) || undefined;
export const getRefreshToken = (): string | undefined => getStore<string>('refresh-token');

/** When the current tokens were issued (ms), or undefined without a session. */
export const tokenIssuedAt = (): number | undefined => getStoreEntry('refresh-token')?.datetime;

export function getSessionUser(): SessionUser | undefined {
  const grant = getStore<Omit<TokenGrant, 'access_token'>>('user-info');
  if (!grant || typeof grant !== 'object') return undefined;
  return {
    tenantId: String(grant.tenant_id ?? ''),
    userId: String(grant.user_id ?? ''),
    oauthId: String(grant.oauth_id ?? ''),
    account: grant.account ?? '',
    userName: grant.user_name ?? '',
    nickName: grant.nick_name ?? '',
    roleName: grant.role_name ?? '',
    avatar: grant.avatar ?? '',
    userType: grant.user_type ?? '',
  };
}

/** Spec §2: a user id is valid when present and greater than 0. */
export function hasValidUserId(user: { userId?: string } | undefined): boolean {
  const id = Number(user?.userId);
  return Number.isFinite(id) && id > 0;
}
