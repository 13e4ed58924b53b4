/** POST /api/blade-user/send-validate without a phone: texts a code to the phone the caller holds now. */
import { useMutation } from '@tanstack/react-query';
import { requestData } from '@/lib/api-client';

export const sendHeldPhoneCode = (): Promise<{ id: string }> =>
  requestData<{ id: string }>({ method: 'post', url: '/api/blade-user/send-validate', data: {} });

export const useSendHeldPhoneCode = () => useMutation({ mutationFn: sendHeldPhoneCode });
