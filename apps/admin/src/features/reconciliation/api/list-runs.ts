/** GET /api/blade-finance/admin/reconciliation/runs: the tenant's runs, newest day first. */
import type { ReconciliationRun } from '@cf/shared/wire/admin-reconciliation';
import type { Page } from '@cf/shared/wire/envelope';
import { useQuery } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';

export const RUNS_KEY = ['reconciliation-runs'] as const;

export const useRuns = (current: number, size = 10) =>
  useQuery({
    queryKey: [...RUNS_KEY, current, size],
    queryFn: () =>
      requestData<Page<ReconciliationRun>>({
        url: '/api/blade-finance/admin/reconciliation/runs',
        params: { current, size },
      }),
  });
