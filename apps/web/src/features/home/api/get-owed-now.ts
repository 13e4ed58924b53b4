/** GET /api/blade-finance/fee/student, read for home: what the bound student owes now, in fen. */
import type { StudentFees } from '@cf/shared/wire/fee';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { FINANCE_QUERY_ROOT } from '@/components/finance/finance-query';
import { requestData } from '@/lib/api-client';

/** What home shows (not a reply shape): owed now, the receivable less what is deferred ("pending", spec §3). */
export interface OwedNow {
  dueFen: number;
}

export async function getOwedNow(): Promise<OwedNow> {
  const fees = await requestData<StudentFees>({
    url: '/api/blade-finance/fee/student',
    loading: false,
  });
  return { dueFen: fees.summary.pending };
}

// Under the finance root: paying or cancelling an order refreshes it with the fee screens.
export const owedNowQueryOptions = (enabled: boolean) =>
  queryOptions({ queryKey: [FINANCE_QUERY_ROOT, 'home', 'owed-now'], queryFn: getOwedNow, enabled });

export const useOwedNow = (enabled: boolean) => useQuery(owedNowQueryOptions(enabled));
