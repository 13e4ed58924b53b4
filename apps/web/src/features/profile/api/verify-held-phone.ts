/** POST /api/blade-user/verify-phone (purpose 'phone'): the held phone's code buys a one-use verifyToken. */
import type { VerifyPhoneInput, VerifyTokenReply } from '@cf/shared/wire/user';
import { useMutation } from '@tanstack/react-query';
import { requestData } from '@/lib/api-client';

export const verifyHeldPhone = (
  form: Required<Pick<VerifyPhoneInput, 'verifyId' | 'verifyCode'>>,
): Promise<string> =>
  requestData<VerifyTokenReply>({
    method: 'post',
    url: '/api/blade-user/verify-phone',
    data: { ...form, purpose: 'phone' } satisfies VerifyPhoneInput,
  }).then((reply) => reply.verifyToken);

export const useVerifyHeldPhone = () => useMutation({ mutationFn: verifyHeldPhone });
