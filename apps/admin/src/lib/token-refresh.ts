/**
 * Token life: before a call, a session past half its access token's life is renewed with the
 * refresh_token grant, one renewal at a time (calls made meanwhile wait for it). A failed renewal
 * ends the session (the 401 handler sends the clerk to sign in). The grant call itself is injected.
 */
import type { TokenReply } from '@cf/shared/wire/auth';
import { clearSession, getSession, saveGrant } from './session';

export const REFRESH_AT_LIFE_FRACTION = 0.5;

export function createTokenRefresher(
  refresh: (refreshToken: string, tenantId: string) => Promise<TokenReply>,
  now: () => number = () => Date.now(),
): () => Promise<void> {
  let inFlight: Promise<void> | null = null;
  return () => {
    if (inFlight) return inFlight;
    const session = getSession();
    if (!session) return Promise.resolve();
    const ageSeconds = (now() - session.issuedAt) / 1000;
    if (ageSeconds < session.expiresIn * REFRESH_AT_LIFE_FRACTION) return Promise.resolve();
    inFlight = refresh(session.refreshToken, session.tenantId)
      .then((grant) => saveGrant(grant, now()))
      .catch(() => clearSession())
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  };
}
