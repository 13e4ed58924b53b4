/** GET /api/blade-finance/fee/other: manual items, the caller's receivables and top-ups. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestData } from '@/lib/api-client';
import { FINANCE_QUERY_ROOT } from '@/components/finance/finance-query';
import type { OtherFees } from '@cf/shared/wire/fee';

export type { OtherFees };

export const getOtherFees = (): Promise<OtherFees> =>
  requestData<OtherFees>({ url: '/api/blade-finance/fee/other', loading: false });

export const otherFeesQueryOptions = () =>
  queryOptions({ queryKey: [FINANCE_QUERY_ROOT, 'fees', 'other'], queryFn: getOtherFees, staleTime: 0 });

export const useOtherFees = () => useQuery(otherFeesQueryOptions());
