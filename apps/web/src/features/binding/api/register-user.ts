/** POST /api/blade-user/register-user: a WeChat visitor (user_id 0) binds; data is a fresh token. */
import type { TokenReply } from '@cf/shared/wire/auth';
import { useMutation } from '@tanstack/react-query';
import { requestData } from '@/lib/api-client';
import type { BindPayload } from './bind-payload';

export const registerUser = (payload: BindPayload & { oauthId: string }): Promise<TokenReply> =>
  requestData<TokenReply>({
    method: 'post',
    url: '/api/blade-user/register-user',
    params: payload,
    loading: 'submitting',
  });

export const useRegisterUser = () => useMutation({ mutationFn: registerUser });
