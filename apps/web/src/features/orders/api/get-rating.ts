/** GET /api/blade-finance/rating/detail/{id}: the order's rating and whether I may rate it now. */
import type { OrderRating } from '@cf/shared/wire/rating';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { FINANCE_QUERY_ROOT } from '@/components/finance/finance-query';
import { requestData } from '@/lib/api-client';

export type { OrderRating };

export const getRating = (orderId: number): Promise<OrderRating> =>
  requestData<OrderRating>({ url: `/api/blade-finance/rating/detail/${orderId}`, loading: false });

export const ratingQueryOptions = (orderId: number) =>
  queryOptions({
    queryKey: [FINANCE_QUERY_ROOT, 'rating', orderId],
    queryFn: () => getRating(orderId),
    staleTime: 0,
  });

export const useRating = (orderId: number) => useQuery(ratingQueryOptions(orderId));
