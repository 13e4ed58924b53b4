/** POST /api/blade-finance/admin/reconciliation/runs: reconcile a day of a channel now. */
import { refreshAfterWrite } from '@cf/shared/query-refresh';
import type { ReconciliationRun } from '@cf/shared/wire/admin-reconciliation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';
import { RUNS_KEY } from './list-runs';

export const useRunDay = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { billDate: string; channel: string }) =>
      requestData<ReconciliationRun>({
        url: '/api/blade-finance/admin/reconciliation/runs',
        method: 'post',
        data: body,
      }),
    onSuccess: () => refreshAfterWrite(client, RUNS_KEY),
  });
};
