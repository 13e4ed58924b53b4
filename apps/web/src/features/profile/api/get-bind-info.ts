/**
 * GET /api/blade-user/bind-info: who the caller is bound to (student / staff number, masked ID card)
 * and what the finance office holds for them (phone, e-mail, masked bank card, bank, region).
 */
import type { BindInfo } from '@cf/shared/wire/user';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestData } from '@/lib/api-client';

export const getBindInfo = (): Promise<BindInfo> =>
  requestData<BindInfo>({ url: '/api/blade-user/bind-info', loading: false });

export const bindInfoQuery = (userId: string) =>
  queryOptions({ queryKey: ['bind-info', userId], queryFn: getBindInfo, enabled: !!userId });

export const useBindInfo = (userId: string | undefined) => useQuery(bindInfoQuery(userId ?? ''));
