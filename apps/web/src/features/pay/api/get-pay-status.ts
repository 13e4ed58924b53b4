/** GET /api/blade-finance/pay/status?orderNo: the pay status the result page polls. */
import type { PayStatusReply } from '@cf/shared/wire/pay';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestData } from '@/lib/api-client';
import { nextPollDelay } from '../pay-result';
import { payAuthHeaders } from './pay-auth';

export type { PayStatusReply };

export const getPayStatus = (orderNo: string, payAuthToken?: string): Promise<PayStatusReply> =>
  requestData<PayStatusReply>({
    url: '/api/blade-finance/pay/status',
    params: { orderNo },
    headers: payAuthHeaders(payAuthToken),
    loading: false,
    // Polled every few seconds: a failure shows on the page, not as a toast each time.
    silent: true,
  });

/** Polls from `pollingSince` (ms) until the result is final or the time limit passes. */
export const payStatusQueryOptions = (
  orderNo: string,
  payAuthToken: string | undefined,
  pollingSince: number,
) =>
  queryOptions({
    // Not under FINANCE_QUERY_ROOT: refreshing money after a final result must not poll again.
    queryKey: ['pay-status', orderNo, pollingSince],
    queryFn: () => getPayStatus(orderNo, payAuthToken),
    staleTime: 0,
    refetchInterval: (query) => nextPollDelay(query.state.data?.result, pollingSince, Date.now()),
    enabled: !!orderNo,
  });

export const usePayStatus = (orderNo: string, payAuthToken: string | undefined, pollingSince: number) =>
  useQuery(payStatusQueryOptions(orderNo, payAuthToken, pollingSince));
