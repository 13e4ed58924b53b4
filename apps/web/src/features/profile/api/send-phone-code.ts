/** POST /api/blade-resource/sms/endpoint/send-validate?tenantId&phone: data.id is the verify id. */
import type { SmsSendQuery, VerifyId } from '@cf/shared/wire/sms';
import { useMutation } from '@tanstack/react-query';
import { requestData } from '@/lib/api-client';

export const sendPhoneCode = (input: Required<SmsSendQuery>): Promise<VerifyId> =>
  requestData<VerifyId>({
    method: 'post',
    url: '/api/blade-resource/sms/endpoint/send-validate',
    params: input,
  });

export const useSendPhoneCode = () => useMutation({ mutationFn: sendPhoneCode });
