/**
 * The console's session: the tokens of the Blade token endpoint and the signed-in person (user-info),
 * kept in local storage under the console's own prefix (the phone app on the same origin keeps its own).
 * Components read it through useSession (use-session.ts).
 */
import type { TokenReply, UserInfo } from '@cf/shared/wire/auth';
import { readRawStore, readStore, removeStore, writeStore } from './storage';

export interface Session {
  accessToken: string;
  refreshToken: string;
  tenantId: string;
  /** When the tokens were issued (ms) and how long the access token lives (s). */
  issuedAt: number;
  expiresIn: number;
  /** The person, once user-info has answered (sign-in waits for it). */
  user?: UserInfo;
}

const KEY = 'session';
const listeners = new Set<() => void>();

function changed(): void {
  listeners.forEach((listener) => listener());
}

/** Also told when another tab of the console signs in or out (the storage event). */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

let cached: { raw: string | null; session: Session | undefined } = { raw: null, session: undefined };

/** The same object until the stored session changes (useSyncExternalStore compares snapshots). */
export function getSession(): Session | undefined {
  const raw = readRawStore(KEY);
  if (raw !== cached.raw) cached = { raw, session: readStore<Session>(KEY) };
  return cached.session;
}

export function saveGrant(grant: TokenReply, now = Date.now()): void {
  const user = getSession()?.user;
  writeStore(KEY, {
    accessToken: grant.access_token,
    refreshToken: grant.refresh_token,
    tenantId: grant.tenant_id,
    issuedAt: now,
    expiresIn: grant.expires_in,
    // A refreshed grant keeps the person; a new sign-in reads user-info again (saveUser).
    ...(user && user.userId === grant.user_id ? { user } : {}),
  } satisfies Session);
  changed();
}

export function saveUser(user: UserInfo): void {
  const session = getSession();
  if (!session) return;
  writeStore(KEY, { ...session, user } satisfies Session);
  changed();
}

export function clearSession(): void {
  removeStore(KEY);
  changed();
}

export const getAccessToken = (): string | undefined => getSession()?.accessToken;
