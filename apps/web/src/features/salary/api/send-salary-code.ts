/** POST /api/blade-user/send-validate without a phone: texts a code to the finance-reserved phone. */
import type { VerifyId } from '@cf/shared/wire/sms';
import type { SendValidateInput } from '@cf/shared/wire/user';
import { useMutation } from '@tanstack/react-query';
import { requestData } from '@/lib/api-client';

export const sendSalaryCode = (): Promise<VerifyId> =>
  requestData<VerifyId>({
    method: 'post',
    url: '/api/blade-user/send-validate',
    data: {} satisfies SendValidateInput,
  });

export const useSendSalaryCode = () => useMutation({ mutationFn: sendSalaryCode });
