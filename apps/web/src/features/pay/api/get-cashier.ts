/**
 * GET /api/blade-finance/pay/cashier?orderNo&place: what is paid, until when, and the ways to pay
 * where the payer is (offers).
 */
import type { PayerPlace } from '@cf/shared/pay-offers';
import type { Cashier, PayOffer } from '@cf/shared/wire/pay';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { FINANCE_QUERY_ROOT } from '@/components/finance/finance-query';
import { requestData } from '@/lib/api-client';
import { payAuthHeaders } from './pay-auth';

import { payerPlaceHere } from '../payer-place';

export type { Cashier, PayOffer };

export const getCashier = (
  orderNo: string,
  payAuthToken?: string,
  place: PayerPlace = payerPlaceHere(),
): Promise<Cashier> =>
  requestData<Cashier>({
    url: '/api/blade-finance/pay/cashier',
    params: { orderNo, place },
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
