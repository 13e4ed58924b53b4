/** POST /api/blade-user/verify-phone (purpose 'phone'): the held phone's code buys a one-use verifyToken. */
import { useMutation } from '@tanstack/react-query';
import { requestData } from '@/lib/api-client';

export const verifyHeldPhone = (form: { verifyId: string; verifyCode: string }): Promise<string> =>
  requestData<{ verifyToken: string }>({
    method: 'post',
    url: '/api/blade-user/verify-phone',
    data: { ...form, purpose: 'phone' },
  }).then((reply) => reply.verifyToken);

export const useVerifyHeldPhone = () => useMutation({ mutationFn: verifyHeldPhone });
