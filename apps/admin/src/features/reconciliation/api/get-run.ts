/** GET /api/blade-finance/admin/reconciliation/runs/:id: a run with its difference lines. */
import type { ReconciliationLine, ReconciliationRun } from '@cf/shared/wire/admin-reconciliation';
import { useQuery } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';

export const useRun = (id: number | undefined) =>
  useQuery({
    queryKey: ['reconciliation-run', id],
    enabled: id !== undefined,
    queryFn: () =>
      requestData<{ run: ReconciliationRun; lines: ReconciliationLine[] }>({
        url: `/api/blade-finance/admin/reconciliation/runs/${id}`,
      }),
  });
