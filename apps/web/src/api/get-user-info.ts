/** GET /api/blade-auth/oauth/user-info: the signed-in user with roles (spec §3). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestData } from '../lib/api-client';

export interface UserInfo {
  userId: string;
  tenantId: string;
  account: string;
  realName: string;
  nickName: string;
  phone: string;
  email: string;
  avatar: string;
  userType: string;
  roleName: string;
  roles: { roleAlias: string; roleName: string }[];
  oauthId: string;
  bound: boolean;
  /** pending: the finance office has not approved the binding yet, so nothing of the person reads. */
  bindingStatus: 'active' | 'pending' | 'refused' | null;
}

export const getUserInfo = (): Promise<UserInfo> =>
  requestData<UserInfo>({ url: '/api/blade-auth/oauth/user-info', loading: false });

export const userInfoQueryOptions = (userId: string) =>
  queryOptions({ queryKey: ['user-info', userId], queryFn: getUserInfo, enabled: !!userId });

export const useUserInfo = (userId: string | undefined) => useQuery(userInfoQueryOptions(userId ?? ''));
