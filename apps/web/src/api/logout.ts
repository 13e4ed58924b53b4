/** GET /api/blade-auth/oauth/logout revokes the session on the server; quitting never waits for it. */
import { request } from '../lib/api-client';

/** Takes the token up front: the session is cleared locally before the call goes out. */
export const logout = (accessToken: string): Promise<unknown> =>
  request({
    url: '/api/blade-auth/oauth/logout',
    headers: { 'Blade-Auth': `bearer ${accessToken}` },
    anonymous: true,
    loading: false,
    silent: true,
  });
