/** POST /api/blade-user/check-and-send-validate: checks the bind form and texts a code; data.id is the verify id. */
import { useMutation } from '@tanstack/react-query';
import { requestData } from '../../../lib/api-client';
import type { BindPayload } from './bind-payload';

export const checkAndSendValidate = (payload: BindPayload): Promise<{ id: string }> =>
  requestData<{ id: string }>({
    method: 'post',
    url: '/api/blade-user/check-and-send-validate',
    params: payload,
    loading: 'submitting',
  });

export const useCheckAndSendValidate = () => useMutation({ mutationFn: checkAndSendValidate });
