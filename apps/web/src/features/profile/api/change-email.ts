/** POST /api/blade-user/change-email: the new address, the code mailed to it and a finance verifyToken. */
import type { ChangeEmailInput } from '@cf/shared/wire/user';
import { useMutation } from '@tanstack/react-query';
import { requestData } from '@/lib/api-client';

export const changeEmail = (form: Required<ChangeEmailInput>): Promise<true> =>
  requestData<true>({ method: 'post', url: '/api/blade-user/change-email', data: form });

export const useChangeEmail = () => useMutation({ mutationFn: changeEmail });
