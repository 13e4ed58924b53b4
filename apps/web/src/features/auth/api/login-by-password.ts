/**
 * POST /api/blade-auth/oauth/token, password grant (spec §7): the password goes out as
 * Base64(AES(md5(typed))) under the wire key; the captcha travels in headers. The parameters go
 * in a form body, not the query string, so the password never lands in a URL (logs, proxies).
 * Crypto is loaded only on submit, so it stays out of the first screen's bundle.
 */
import { useMutation } from '@tanstack/react-query';
import { loadClientConfig } from '@/api/get-client-config';
import { request } from '@/lib/api-client';
import type { TokenGrant } from '@/lib/session';

export interface PasswordLogin {
  tenantId: string;
  username: string;
  password: string;
  captchaKey: string;
  captchaCode: string;
}

export async function loginByPassword(form: PasswordLogin): Promise<TokenGrant> {
  const [{ encryptPassword }, config] = await Promise.all([
    import('@cf/shared/wire-crypto'),
    loadClientConfig(),
  ]);
  return request<TokenGrant>({
    method: 'post',
    url: '/api/blade-auth/oauth/token',
    data: new URLSearchParams({
      tenantId: form.tenantId,
      username: form.username.trim(),
      password: encryptPassword(form.password, config.wireAesKey),
      grant_type: 'password',
      scope: 'all',
      type: 'account',
    }),
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
