/** GET /api/blade-auth/oauth/captcha: raw {key, image}; a new one on every click and after a failed sign-in. */
import type { Captcha } from '@cf/shared/wire/auth';
import { useQuery } from '@tanstack/react-query';
import { request } from '@admin/lib/api-client';

const getCaptcha = (): Promise<Captcha> =>
  request<Captcha>({ url: '/api/blade-auth/oauth/captcha', anonymous: true });

export const useCaptcha = () =>
  useQuery({ queryKey: ['captcha'], queryFn: getCaptcha, staleTime: Infinity, gcTime: 0, retry: false });
