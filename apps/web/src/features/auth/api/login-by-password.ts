/**
 * POST /api/blade-auth/oauth/token, password grant (spec §7): the password goes out as
 * Base64(AES(md5(typed))) under the wire key; the captcha travels in headers. The parameters go
 * in a form body, not the query string, so the password never lands in a URL (logs, proxies).
 * Crypto is loaded only on submit, so it stays out of the first screen's bundle.
 */
import type { TokenQuery, TokenReply } from '@cf/shared/wire/auth';
import { useMutation } from '@tanstack/react-query';
import { loadClientConfig } from '@/api/get-client-config';
import { request } from '@/lib/api-client';

/** The sign-in form: the token query's fields, the captcha's key and the typed code (sent as headers). */
export type PasswordLogin = Required<Pick<TokenQuery, 'tenantId' | 'username' | 'password'>> & {
  captchaKey: string;
  captchaCode: string;
};

export async function loginByPassword(form: PasswordLogin): Promise<TokenReply> {
  const [{ encryptPassword }, config] = await Promise.all([
    import('@cf/shared/wire-crypto'),
    loadClientConfig(),
  ]);
  return request<TokenReply>({
    method: 'post',
    url: '/api/blade-auth/oauth/token',
    data: new URLSearchParams({
      tenantId: form.tenantId,
      username: form.username.trim(),
      password: encryptPassword(form.password, config.wireAesKey),
      grant_type: 'password',
      scope: 'all',
      type: 'account',
    } satisfies TokenQuery),
    headers: {
      'Tenant-Id': form.tenantId,
      'Captcha-Key': form.captchaKey,
      'Captcha-Code': form.captchaCode.trim(),
      'User-Type': 'app',
    },
    loading: false,
    anonymous: true,
  });
}

export const useLoginByPassword = () => useMutation({ mutationFn: loginByPassword });
