/**
 * POST /api/blade-auth/oauth/token, social grant: the WeChat code back from the authorize page,
 * in a form body so the code never lands in a URL.
 */
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import type { TokenGrant } from '@/lib/session';
import type { WechatSource } from '@/lib/wechat';

export interface SocialLogin {
  tenantId: string;
  source: WechatSource;
  code: string;
  state: string;
}

export const loginBySocial = (form: SocialLogin): Promise<TokenGrant> =>
  request<TokenGrant>({
    method: 'post',
    url: '/api/blade-auth/oauth/token',
    data: new URLSearchParams({
      tenantId: form.tenantId,
      source: form.source,
      code: form.code,
      state: form.state,
      auth_code: form.code,
      grant_type: 'social',
      scope: 'all',
    }),
    headers: { 'Tenant-Id': form.tenantId, 'User-Type': 'app' },
    loading: false,
    anonymous: true,
  });

export const useLoginBySocial = () => useMutation({ mutationFn: loginBySocial });
