/** GET /api/blade-user/bind-info: the caller's binding; here, its status and the office's reason for refusing. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestData } from '../../../lib/api-client';

export interface BindStatusInfo {
  bound: boolean;
  bindingStatus: 'active' | 'pending' | 'refused' | null;
  refuseReason: string | null;
}

export const getBindInfo = (): Promise<BindStatusInfo> =>
  requestData<BindStatusInfo>({ url: '/api/blade-user/bind-info', loading: false });

export const bindInfoQueryOptions = (userId: string) =>
  queryOptions({ queryKey: ['bind-info', userId], queryFn: getBindInfo });

export const useBindInfo = (userId: string) => useQuery(bindInfoQueryOptions(userId));
