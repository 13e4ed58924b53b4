/** GET /api/blade-auth/oauth/logout: the server revokes the session's tokens; signing out never waits for it. */
import { request } from '@admin/lib/api-client';

export const logout = (accessToken: string): Promise<unknown> =>
  request({
    url: '/api/blade-auth/oauth/logout',
    headers: { 'Blade-Auth': `bearer ${accessToken}` },
    anonymous: true,
    silent: true,
  });
