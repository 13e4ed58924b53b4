/** GET /api/blade-finance/admin/salary/other-income/batches: other income by project, department and date. */
import type { Page } from '@cf/shared/wire/envelope';
import type { IncomeBatch } from '@cf/shared/wire/salary';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';
import { SALARY_KEY, SALARY_STALE_MS } from './salary-keys';

const listIncomeBatches = (current: number, size: number): Promise<Page<IncomeBatch>> =>
  requestData<Page<IncomeBatch>>({
    url: '/api/blade-finance/admin/salary/other-income/batches',
    params: { current, size },
  });

export const useIncomeBatches = (current: number, size: number) =>
  useQuery({
    queryKey: [...SALARY_KEY, 'batches', current, size],
    staleTime: SALARY_STALE_MS,
    queryFn: () => listIncomeBatches(current, size),
    placeholderData: keepPreviousData,
  });
