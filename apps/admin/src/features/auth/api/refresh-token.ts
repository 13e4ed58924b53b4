/** POST /api/blade-auth/oauth/token, refresh_token grant: renews the tokens (lib/token-refresh.ts calls it). */
import type { TokenQuery, TokenReply } from '@cf/shared/wire/auth';
import { request } from '@admin/lib/api-client';

export const refreshToken = (refresh: string, tenantId: string): Promise<TokenReply> =>
  request<TokenReply>({
    method: 'post',
    url: '/api/blade-auth/oauth/token',
    data: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: refresh,
      tenantId,
      scope: 'all',
    } satisfies TokenQuery),
    headers: { 'Tenant-Id': tenantId },
    anonymous: true,
    silent: true,
  });
