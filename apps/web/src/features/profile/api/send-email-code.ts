/** POST /api/blade-user/send-email-validate: mails a code to the new address (the finance proof shown). */
import type { VerifyId } from '@cf/shared/wire/sms';
import type { SendEmailValidateInput } from '@cf/shared/wire/user';
import { useMutation } from '@tanstack/react-query';
import { requestData } from '@/lib/api-client';

export const sendEmailCode = (form: Required<SendEmailValidateInput>): Promise<VerifyId> =>
  requestData<VerifyId>({ method: 'post', url: '/api/blade-user/send-email-validate', data: form });

export const useSendEmailCode = () => useMutation({ mutationFn: sendEmailCode });
