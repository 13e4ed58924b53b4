/**
 * POST /api/blade-auth/oauth/token, refresh_token grant: rotates the tokens (spec §4). The
 * refresh token goes in a form body, never in a URL.
 */
import type { TokenQuery, TokenReply } from '@cf/shared/wire/auth';
import { request } from '@/lib/api-client';

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
    loading: false,
    silent: true,
    anonymous: true,
    skipRefreshWait: true,
  });
