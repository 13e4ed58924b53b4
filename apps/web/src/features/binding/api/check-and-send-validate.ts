/** POST /api/blade-user/check-and-send-validate: checks the bind form and texts a code; data.id is the verify id. */
import type { BindCodeReply } from '@cf/shared/wire/user';
import { useMutation } from '@tanstack/react-query';
import { requestData } from '@/lib/api-client';
import type { BindPayload } from './bind-payload';

/** The reply says where the code went: the phone the finance office holds for the person (masked), else the typed one. */
export const checkAndSendValidate = (payload: BindPayload): Promise<BindCodeReply> =>
  requestData<BindCodeReply>({
    method: 'post',
    url: '/api/blade-user/check-and-send-validate',
    params: payload,
    loading: 'submitting',
  });

export const useCheckAndSendValidate = () => useMutation({ mutationFn: checkAndSendValidate });
