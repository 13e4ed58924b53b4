/**
 * GET /api/blade-auth/oauth/user-info: the signed-in person and their roles, read again when the
 * console opens (a role taken away shows at once) and saved with the session.
 */
import type { UserInfo } from '@cf/shared/wire/auth';
import { useQuery } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';
import { saveUser } from '@admin/lib/session';

const getUserInfo = async (): Promise<UserInfo> => {
  const user = await requestData<UserInfo>({ url: '/api/blade-auth/oauth/user-info' });
  saveUser(user);
  return user;
};

export const useUserInfo = (userId: string | undefined) =>
  useQuery({ queryKey: ['user-info', userId], queryFn: getUserInfo, enabled: !!userId, staleTime: 60_000 });
