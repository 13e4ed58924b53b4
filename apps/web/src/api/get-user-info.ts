/** GET /api/blade-auth/oauth/user-info: the signed-in user with roles (spec §3). */
import type { UserInfo } from '@cf/shared/wire/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestData } from '../lib/api-client';

export const getUserInfo = (): Promise<UserInfo> =>
  requestData<UserInfo>({ url: '/api/blade-auth/oauth/user-info', loading: false });

export const userInfoQueryOptions = (userId: string) =>
  queryOptions({ queryKey: ['user-info', userId], queryFn: getUserInfo, enabled: !!userId });

export const useUserInfo = (userId: string | undefined) => useQuery(userInfoQueryOptions(userId ?? ''));
