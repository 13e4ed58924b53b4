/**
 * POST /api/blade-auth/oauth/token, refresh_token grant: rotates the tokens (spec §4). The
 * refresh token goes in a form body, never in a URL.
 */
import { request } from '@/lib/api-client';
import type { TokenGrant } from '@/lib/session';

export const refreshToken = (refresh: string, tenantId: string): Promise<TokenGrant> =>
  request<TokenGrant>({
    method: 'post',
    url: '/api/blade-auth/oauth/token',
    data: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: refresh,
      tenantId,
      scope: 'all',
    }),
    headers: { 'Tenant-Id': tenantId },
    loading: false,
    silent: true,
    anonymous: true,
    skipRefreshWait: true,
  });
