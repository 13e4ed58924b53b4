/** POST /api/blade-user/send-validate with a phone and a captcha: texts a code to a new phone. */
import type { VerifyId } from '@cf/shared/wire/sms';
import type { SendValidateInput } from '@cf/shared/wire/user';
import { useMutation } from '@tanstack/react-query';
import { requestData } from '@/lib/api-client';

export const sendNewPhoneCode = (form: Required<SendValidateInput>): Promise<VerifyId> =>
  requestData<VerifyId>({ method: 'post', url: '/api/blade-user/send-validate', data: form });

export const useSendNewPhoneCode = () => useMutation({ mutationFn: sendNewPhoneCode });
