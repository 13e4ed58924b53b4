/** GET /api/blade-finance/fee/receivable/{id}: one of my receivables with its charge and refund bills. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestData } from '@/lib/api-client';
import { FINANCE_QUERY_ROOT } from '@/components/finance/finance-query';
import type { ReceivableDetail } from '@cf/shared/wire/fee';

export type { ReceivableDetail };

export const getReceivable = (id: string): Promise<ReceivableDetail> =>
  requestData<ReceivableDetail>({
    url: `/api/blade-finance/fee/receivable/${encodeURIComponent(id)}`,
    loading: false,
  });

export const receivableQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [FINANCE_QUERY_ROOT, 'receivable', id],
    queryFn: () => getReceivable(id),
    staleTime: 0,
  });

export const useReceivable = (id: string) => useQuery(receivableQueryOptions(id));
