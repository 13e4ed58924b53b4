/** GET /api/blade-finance/fee/history?category&current&size: my charge and refund bills, paged. */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Bill, FeeCategory } from '@cf/shared/wire/fee';
import { requestData } from '@/lib/api-client';
import { nextPageOf, PAGE_SIZE, type Page } from '@/lib/paging';
import { FINANCE_QUERY_ROOT } from '@/components/finance/finance-query';

export type { FeeCategory };

export const getFeeHistory = (category: FeeCategory, current: number): Promise<Page<Bill>> =>
  requestData<Page<Bill>>({
    url: '/api/blade-finance/fee/history',
    params: { category, current, size: PAGE_SIZE },
    loading: false,
  });

export const feeHistoryQueryOptions = (category: FeeCategory) =>
  infiniteQueryOptions({
    queryKey: [FINANCE_QUERY_ROOT, 'fee-history', category],
    queryFn: ({ pageParam }) => getFeeHistory(category, pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });

export const useFeeHistory = (category: FeeCategory) => useInfiniteQuery(feeHistoryQueryOptions(category));
