/**
 * POST /api/blade-auth/oauth/token, social grant: the WeChat code back from the authorize page,
 * in a form body so the code never lands in a URL.
 */
import type { TokenQuery, TokenReply } from '@cf/shared/wire/auth';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import type { WechatSource } from '@/lib/wechat';

/** The WeChat code back from the authorize page, and where it came from. */
export type SocialLogin = Required<Pick<TokenQuery, 'tenantId' | 'code' | 'state'>> & {
  source: WechatSource;
};

export const loginBySocial = (form: SocialLogin): Promise<TokenReply> =>
  request<TokenReply>({
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
    } satisfies TokenQuery),
    headers: { 'Tenant-Id': form.tenantId, 'User-Type': 'app' },
    loading: false,
    anonymous: true,
  });

export const useLoginBySocial = () => useMutation({ mutationFn: loginBySocial });
