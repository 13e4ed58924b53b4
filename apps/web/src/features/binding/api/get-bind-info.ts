/**
 * GET /api/blade-user/bind-info: the caller's binding; the shell reads its status (a pending or refused
 * binding reads nothing, so every screen says so) and the office's reason for refusing.
 */
import type { BindInfo } from '@cf/shared/wire/user';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestData } from '@/lib/api-client';

export const getBindInfo = (): Promise<BindInfo> =>
  requestData<BindInfo>({ url: '/api/blade-user/bind-info', loading: false });

export const bindInfoQueryOptions = (userId: string) =>
  queryOptions({ queryKey: ['bind-info', userId], queryFn: getBindInfo, enabled: !!userId });

/** Off for a visitor (no user id): nothing is bound, pending or not. */
export const useBindInfo = (userId: string | undefined) => useQuery(bindInfoQueryOptions(userId ?? ''));
