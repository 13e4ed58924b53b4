/** POST /api/blade-user/verify-phone (purpose 'salary'): the code buys a 15-minute salary proof. */
import type { VerifyPhoneInput, VerifyTokenReply } from '@cf/shared/wire/user';
import { useMutation } from '@tanstack/react-query';
import { requestData } from '@/lib/api-client';

export const verifySalaryPhone = (
  form: Required<Pick<VerifyPhoneInput, 'verifyId' | 'verifyCode'>>,
): Promise<string> =>
  requestData<VerifyTokenReply>({
    method: 'post',
    url: '/api/blade-user/verify-phone',
    data: { ...form, purpose: 'salary' } satisfies VerifyPhoneInput,
  }).then((reply) => reply.verifyToken);

export const useVerifySalaryPhone = () => useMutation({ mutationFn: verifySalaryPhone });
