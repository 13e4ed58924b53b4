/**
 * POST /api/blade-user/verify-phone: the held phone's code buys a one-use verifyToken, for a phone
 * change (purpose 'phone') or a bank card / e-mail change ('finance').
 */
import type { VerifyPhoneInput, VerifyTokenReply } from '@cf/shared/wire/user';
import { useMutation } from '@tanstack/react-query';
import { requestData } from '@/lib/api-client';

export type ProofPurpose = 'phone' | 'finance';

export const verifyHeldPhone = (
  form: Required<Pick<VerifyPhoneInput, 'verifyId' | 'verifyCode'>> & { purpose: ProofPurpose },
): Promise<string> =>
  requestData<VerifyTokenReply>({
    method: 'post',
    url: '/api/blade-user/verify-phone',
    data: form satisfies VerifyPhoneInput,
  }).then((reply) => reply.verifyToken);

export const useVerifyHeldPhone = () => useMutation({ mutationFn: verifyHeldPhone });
