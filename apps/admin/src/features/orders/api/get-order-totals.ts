/** GET /api/blade-finance/admin/order/totals: what the search adds up to (count, paid, refunded). */
import type { OrderTotals } from '@cf/shared/wire/admin-orders';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';
import type { OrderSearch } from './list-orders';

export const useOrderTotals = (search: OrderSearch) =>
  useQuery({
    queryKey: ['admin', 'orders', 'totals', search],
    queryFn: () =>
      requestData<OrderTotals>({ url: '/api/blade-finance/admin/order/totals', params: { ...search } }),
    placeholderData: keepPreviousData,
  });
