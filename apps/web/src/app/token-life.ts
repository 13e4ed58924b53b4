/**
 * Wires the token refresher (lib/token-refresh.ts) to the session and the api client: requests
 * wait while a refresh runs; a failed refresh logs out and goes home (the guard then signs in).
 */
import { refreshToken } from '../features/auth/api/refresh-token';
import { setRequestGate } from '../lib/api-client';
import {
  clearSession,
  getAccessToken,
  getRefreshToken,
  getSessionUser,
  saveSession,
  tokenIssuedAt,
} from '../lib/session';
import { createTokenRefresher, type TokenRefresher } from '../lib/token-refresh';

export function startTokenLife(): TokenRefresher {
  const refresher = createTokenRefresher({
    tokenIssuedAt,
    hasRefreshToken: () => !!getRefreshToken(),
    hasAccessToken: () => !!getAccessToken(),
    async refresh() {
      const grant = await refreshToken(getRefreshToken() ?? '', getSessionUser()?.tenantId ?? '');
      saveSession(grant);
    },
    onFailure() {
      clearSession();
      window.location.hash = '#/home';
    },
  });
  setRequestGate(() => refresher.waitForRefresh());
  refresher.start();
  return refresher;
}
