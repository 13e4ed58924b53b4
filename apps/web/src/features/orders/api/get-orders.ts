/**
 * GET /api/blade-finance/order/list (my orders) and /order/other-list (other people's orders)
 * ?tab&current&size, newest first, one page at a time.
 */
import type { OrderTab } from '@cf/shared/fees';
import type { OrderRecord } from '@cf/shared/wire/order';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { FINANCE_QUERY_ROOT } from '@/components/finance/finance-query';
import { requestData } from '@/lib/api-client';
import { nextPageOf, type Page } from '@/lib/paging';
import { ORDER_LIST_URL, orderListParams, type OrderScope } from '../order-tabs';

export type { OrderRecord };

export const getOrders = (scope: OrderScope, tab: OrderTab, current: number): Promise<Page<OrderRecord>> =>
  requestData<Page<OrderRecord>>({
    url: ORDER_LIST_URL[scope],
    params: orderListParams(tab, current),
    loading: false,
  });

export const ordersQueryOptions = (scope: OrderScope, tab: OrderTab) =>
  infiniteQueryOptions({
    queryKey: [FINANCE_QUERY_ROOT, 'orders', scope, tab],
    queryFn: ({ pageParam }) => getOrders(scope, tab, pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    staleTime: 0,
  });

export const useOrders = (scope: OrderScope, tab: OrderTab) =>
  useInfiniteQuery(ordersQueryOptions(scope, tab));
