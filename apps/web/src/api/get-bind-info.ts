/**
 * GET /api/blade-user/bind-info: the caller's binding — whom it points at (student, staff or other:
 * home's entries follow it), its status (the shell says so while the finance office has not approved
 * it, and gives the office's reason for refusing), the student / staff number, the masked ID card and
 * what the finance office holds (phone, e-mail, masked bank card, bank, region).
 */
import type { BindInfo } from '@cf/shared/wire/user';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestData } from '@/lib/api-client';

export const getBindInfo = (): Promise<BindInfo> =>
  requestData<BindInfo>({ url: '/api/blade-user/bind-info', loading: false });

export const bindInfoQuery = (userId: string) =>
  queryOptions({ queryKey: ['bind-info', userId], queryFn: getBindInfo, enabled: !!userId });

/** Off for a visitor (no user id): nothing is bound, pending or not. */
export const useBindInfo = (userId: string | undefined) => useQuery(bindInfoQuery(userId ?? ''));
