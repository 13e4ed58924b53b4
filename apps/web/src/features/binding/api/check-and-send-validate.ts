/** POST /api/blade-user/check-and-send-validate: checks the bind form and texts a code; data.id is the verify id. */
import { useMutation } from '@tanstack/react-query';
import { requestData } from '@/lib/api-client';
import type { BindPayload } from './bind-payload';

/** Where the code went: the phone the finance office holds for the person (masked), else the typed one. */
export interface BindCodeSent {
  id: string;
  phoneMasked: string;
  heldPhone: boolean;
}

export const checkAndSendValidate = (payload: BindPayload): Promise<BindCodeSent> =>
  requestData<BindCodeSent>({
    method: 'post',
    url: '/api/blade-user/check-and-send-validate',
    params: payload,
    loading: 'submitting',
  });

export const useCheckAndSendValidate = () => useMutation({ mutationFn: checkAndSendValidate });
