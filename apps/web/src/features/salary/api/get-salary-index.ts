/** GET /api/blade-finance/salary/index: a year of slips, its totals and the last 12 months' net pay. */
import type { SalaryIndex } from '@cf/shared/wire/salary';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { salaryRead } from './salary-request';

export const getSalaryIndex = (year?: number): Promise<SalaryIndex> =>
  salaryRead<SalaryIndex>('/api/blade-finance/salary/index', year ? { year } : undefined);

export const salaryIndexQuery = (year?: number) =>
  queryOptions({
    queryKey: ['salary', 'index', year ?? 'newest'],
    queryFn: () => getSalaryIndex(year),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

export const useSalaryIndex = (year?: number) => useQuery(salaryIndexQuery(year));
