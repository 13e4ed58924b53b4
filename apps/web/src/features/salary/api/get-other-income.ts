/** GET /api/blade-finance/salary/other-income: a year of other income with its totals. */
import type { OtherIncomeYear } from '@cf/shared/wire/salary';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { salaryRead } from './salary-request';

export const getOtherIncome = (year?: number): Promise<OtherIncomeYear> =>
  salaryRead<OtherIncomeYear>('/api/blade-finance/salary/other-income', year ? { year } : undefined);

export const otherIncomeQuery = (year?: number) =>
  queryOptions({
    queryKey: ['salary', 'other-income', year ?? 'newest'],
    queryFn: () => getOtherIncome(year),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

export const useOtherIncome = (year?: number) => useQuery(otherIncomeQuery(year));
