/**
 * Sign-in: POST /api/blade-auth/oauth/token (password grant, as the phone app sends it: the password as
 * Base64(AES(md5(typed))) under the wire key of /api/blade-system/client-config, the captcha in headers,
 * the fields in a form body), then GET /api/blade-auth/oauth/user-info. Only a finance role gets in:
 * anyone else's fresh session is ended at once and the sign-in refused with a translated message.
 */
import type { TokenQuery, TokenReply, UserInfo } from '@cf/shared/wire/auth';
import type { ClientConfig } from '@cf/shared/wire/system';
import { useMutation } from '@tanstack/react-query';
import { ApiError, request, requestData } from '@admin/lib/api-client';
import { t } from '@admin/lib/i18n/i18n';
import { roleLevel } from '@admin/lib/roles';
import { clearSession, saveGrant, saveUser } from '@admin/lib/session';
import { logout } from './logout';

export interface SignInForm {
  tenantId: string;
  account: string;
  password: string;
  captchaKey: string;
  captchaCode: string;
}

/** The refusal of a person holding no finance role (code 403, shown by the sign-in page). */
export const NOT_FINANCE = 403;

export async function signIn(form: SignInForm): Promise<UserInfo> {
  // crypto-js loads on submit only: it stays out of the first screen's bundle.
  const [{ encryptPassword }, config] = await Promise.all([
    import('@cf/shared/wire-crypto'),
    requestData<ClientConfig>({ url: '/api/blade-system/client-config', anonymous: true }),
  ]);
  const grant = await request<TokenReply>({
    method: 'post',
    url: '/api/blade-auth/oauth/token',
    data: new URLSearchParams({
      tenantId: form.tenantId,
      username: form.account.trim(),
      password: encryptPassword(form.password, config.wireAesKey),
      grant_type: 'password',
      scope: 'all',
      type: 'account',
    } satisfies TokenQuery),
    headers: {
      'Tenant-Id': form.tenantId,
      'Captcha-Key': form.captchaKey,
      'Captcha-Code': form.captchaCode.trim(),
    },
    anonymous: true,
    silent: true,
  });
  saveGrant(grant);
  try {
    const user = await requestData<UserInfo>({ url: '/api/blade-auth/oauth/user-info', silent: true });
    if (!roleLevel(user.roles)) throw new ApiError(t('auth.notFinance'), NOT_FINANCE);
    saveUser(user);
    return user;
  } catch (error) {
    void logout(grant.access_token).catch(() => undefined);
    clearSession();
    throw error;
  }
}

export const useSignIn = () => useMutation({ mutationFn: signIn });
