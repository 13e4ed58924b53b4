/** POST /api/blade-user/bind-user: binds (or rebinds) the signed-in user; data is a fresh token. */
import type { TokenReply } from '@cf/shared/wire/auth';
import { useMutation } from '@tanstack/react-query';
import { requestData } from '@/lib/api-client';
import type { BindPayload } from './bind-payload';

export const bindUser = (payload: BindPayload): Promise<TokenReply> =>
  requestData<TokenReply>({
    method: 'post',
    url: '/api/blade-user/bind-user',
    params: payload,
    loading: 'submitting',
  });

export const useBindUser = () => useMutation({ mutationFn: bindUser });
