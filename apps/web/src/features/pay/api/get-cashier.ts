/** GET /api/blade-finance/pay/cashier?orderNo: what is paid, until when, and with which channels. */
import type { Cashier, PayChannelName } from '@cf/shared/wire/pay';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { FINANCE_QUERY_ROOT } from '@/components/finance/finance-query';
import { requestData } from '@/lib/api-client';
import { payAuthHeaders } from './pay-auth';

export type { Cashier, PayChannelName };

export const getCashier = (orderNo: string, payAuthToken?: string): Promise<Cashier> =>
  requestData<Cashier>({
    url: '/api/blade-finance/pay/cashier',
    params: { orderNo },
    headers: payAuthHeaders(payAuthToken),
    loading: false,
  });

export const cashierQueryOptions = (orderNo: string, payAuthToken?: string) =>
  queryOptions({
    queryKey: [FINANCE_QUERY_ROOT, 'cashier', orderNo, payAuthToken ?? ''],
    queryFn: () => getCashier(orderNo, payAuthToken),
    staleTime: 0,
    enabled: !!orderNo,
  });

export const useCashier = (orderNo: string, payAuthToken?: string) =>
  useQuery(cashierQueryOptions(orderNo, payAuthToken));
