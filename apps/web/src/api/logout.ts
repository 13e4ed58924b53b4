/** GET /api/blade-auth/oauth/logout revokes the session on the server; quitting never waits for it. */
import { request } from '../lib/api-client';
import { clearSession, getAccessToken } from '../lib/session';

/** Takes the token up front: the session is cleared locally before the call goes out. */
export const logout = (accessToken: string): Promise<unknown> =>
  request({
    url: '/api/blade-auth/oauth/logout',
    headers: { 'Blade-Auth': `bearer ${accessToken}` },
    anonymous: true,
    loading: false,
    silent: true,
  });

/** Quit (spec §2): clears the session locally and goes to /login; the server is told, unawaited. */
export function quit(): void {
  const token = getAccessToken();
  if (token) void logout(token).catch(() => undefined);
  clearSession();
  window.location.hash = '#/login';
}
