/** GET /api/blade-finance/fee/item/{id}: one manual, top-up or enrolment item of the catalogue. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestData } from '@/lib/api-client';
import { FINANCE_QUERY_ROOT } from '@/components/finance/finance-query';
import type { FeeItem } from './fee-types';

export const getFeeItem = (id: string): Promise<FeeItem> =>
  requestData<FeeItem>({ url: `/api/blade-finance/fee/item/${encodeURIComponent(id)}`, loading: false });

export const feeItemQueryOptions = (id: string) =>
  queryOptions({ queryKey: [FINANCE_QUERY_ROOT, 'fee-item', id], queryFn: () => getFeeItem(id) });

export const useFeeItem = (id: string) => useQuery(feeItemQueryOptions(id));
