/**
 * POST /api/blade-user/verify-password: for a caller holding no phone, the password (sent as
 * Base64(AES(md5(typed))) under the wire key, like the sign-in) buys a one-use verifyToken.
 */
import { useMutation } from '@tanstack/react-query';
import { loadClientConfig } from '@/api/get-client-config';
import { requestData } from '@/lib/api-client';

export async function verifyPassword(password: string): Promise<string> {
  const [{ encryptPassword }, config] = await Promise.all([
    import('@cf/shared/wire-crypto'),
    loadClientConfig(),
  ]);
  const reply = await requestData<{ verifyToken: string }>({
    method: 'post',
    url: '/api/blade-user/verify-password',
    data: { password: encryptPassword(password, config.wireAesKey) },
  });
  return reply.verifyToken;
}

export const useVerifyPassword = () => useMutation({ mutationFn: verifyPassword });
