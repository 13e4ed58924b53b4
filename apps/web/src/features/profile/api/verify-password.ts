/**
 * POST /api/blade-user/verify-password: for a caller holding no phone, the password (sent as
 * Base64(AES(md5(typed))) under the wire key, like the sign-in) buys a one-use verifyToken.
 */
import type { VerifyPasswordInput, VerifyTokenReply } from '@cf/shared/wire/user';
import { useMutation } from '@tanstack/react-query';
import { loadClientConfig } from '@/api/get-client-config';
import { requestData } from '@/lib/api-client';

export async function verifyPassword(password: string): Promise<string> {
  const [{ encryptPassword }, config] = await Promise.all([
    import('@cf/shared/wire-crypto'),
    loadClientConfig(),
  ]);
  const reply = await requestData<VerifyTokenReply>({
    method: 'post',
    url: '/api/blade-user/verify-password',
    data: { password: encryptPassword(password, config.wireAesKey) } satisfies VerifyPasswordInput,
  });
  return reply.verifyToken;
}

export const useVerifyPassword = () => useMutation({ mutationFn: verifyPassword });
