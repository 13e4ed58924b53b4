/** POST /api/blade-resource/sms/endpoint/send-validate?tenantId&phone: data.id is the verify id. */
import { useMutation } from '@tanstack/react-query';
import { requestData } from '@/lib/api-client';

export const sendPhoneCode = (input: { tenantId: string; phone: string }): Promise<{ id: string }> =>
  requestData<{ id: string }>({
    method: 'post',
    url: '/api/blade-resource/sms/endpoint/send-validate',
    params: input,
  });

export const useSendPhoneCode = () => useMutation({ mutationFn: sendPhoneCode });
