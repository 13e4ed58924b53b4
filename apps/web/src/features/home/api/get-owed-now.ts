/** GET /api/blade-finance/fee/student, read for home: what the bound student can pay now, in fen. */
import type { StudentFees } from '@cf/shared/wire/fee';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { FINANCE_QUERY_ROOT } from '@/components/finance/finance-query';
import { requestData } from '@/lib/api-client';

/**
 * What home shows (not a reply shape): what can be paid now — the figure the fee list leads with and
 * 全选 picks, computed once by the server (@cf/shared/fees payNowOf) — and what waits in unfinished orders.
 */
export interface OwedNow {
  dueFen: number;
  inOrdersFen: number;
}

export async function getOwedNow(): Promise<OwedNow> {
  const fees = await requestData<StudentFees>({
    url: '/api/blade-finance/fee/student',
    loading: false,
  });
  return { dueFen: fees.payNow.payNowFen, inOrdersFen: fees.payNow.inOrdersFen };
}

// Under the finance root: paying or cancelling an order refreshes it with the fee screens.
export const owedNowQueryOptions = (enabled: boolean) =>
  queryOptions({ queryKey: [FINANCE_QUERY_ROOT, 'home', 'owed-now'], queryFn: getOwedNow, enabled });

export const useOwedNow = (enabled: boolean) => useQuery(owedNowQueryOptions(enabled));
