/** GET /api/blade-auth/oauth/captcha: raw {key, image}; a new one on every tap (and after a failed sign-in). */
import type { Captcha } from '@cf/shared/wire/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';

export const getCaptcha = (): Promise<Captcha> =>
  request<Captcha>({ url: '/api/blade-auth/oauth/captcha', loading: false, anonymous: true });

export const captchaQueryOptions = () =>
  queryOptions({ queryKey: ['captcha'], queryFn: getCaptcha, staleTime: Infinity, gcTime: 0 });

export const useCaptcha = () => useQuery(captchaQueryOptions());
