/** GET /api/blade-finance/order/detail/{id}: every field of an order, its items and its bills. */
import type { OrderDetail } from '@cf/shared/wire/order';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { FINANCE_QUERY_ROOT } from '@/components/finance/finance-query';
import { requestData } from '@/lib/api-client';

export type { OrderDetail };

export const getOrderDetail = (id: string): Promise<OrderDetail> =>
  requestData<OrderDetail>({
    url: `/api/blade-finance/order/detail/${encodeURIComponent(id)}`,
    loading: false,
  });

export const orderDetailQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [FINANCE_QUERY_ROOT, 'order', id],
    queryFn: () => getOrderDetail(id),
    staleTime: 0,
  });

export const useOrderDetail = (id: string) => useQuery(orderDetailQueryOptions(id));
