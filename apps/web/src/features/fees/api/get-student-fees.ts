/** GET /api/blade-finance/fee/student: the bound student's fees by school year, with the summary. */
import type { StudentFees } from '@cf/shared/wire/fee';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { requestData } from '@/lib/api-client';
import { FINANCE_QUERY_ROOT } from '@/components/finance/finance-query';

export type { StudentFees };

/** Silent: the screen says why it failed (LoadError, e.g. "学生缴费仅限学生"), a toast would say it twice. */
export const getStudentFees = (): Promise<StudentFees> =>
  requestData<StudentFees>({ url: '/api/blade-finance/fee/student', loading: false, silent: true });

export const studentFeesQueryOptions = () =>
  queryOptions({ queryKey: [FINANCE_QUERY_ROOT, 'fees', 'student'], queryFn: getStudentFees, staleTime: 0 });

export const useStudentFees = () => useQuery(studentFeesQueryOptions());

/**
 * At boot, for a cold start on Student fees (main.tsx): the list is asked for while the screen's chunks
 * load. Silent: a failure (an unbound visitor the guard sends on) shows nothing; the screen asks again.
 */
export function prefetchStudentFees(client: QueryClient): void {
  void client.prefetchQuery({
    ...studentFeesQueryOptions(),
    queryFn: () =>
      requestData<StudentFees>({ url: '/api/blade-finance/fee/student', loading: false, silent: true }),
  });
}
