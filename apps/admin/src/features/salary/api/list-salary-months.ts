/** GET /api/blade-finance/admin/salary/months: the months of slips loaded, newest first. */
import type { SalaryMonth } from '@cf/shared/wire/salary';
import { useQuery } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';
import { SALARY_KEY, SALARY_STALE_MS } from './salary-keys';

const listSalaryMonths = (): Promise<SalaryMonth[]> =>
  requestData<SalaryMonth[]>({ url: '/api/blade-finance/admin/salary/months' });

export const useSalaryMonths = () =>
  useQuery({ queryKey: [...SALARY_KEY, 'months'], queryFn: listSalaryMonths, staleTime: SALARY_STALE_MS });
