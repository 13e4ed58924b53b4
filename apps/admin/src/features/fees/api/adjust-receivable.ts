/** POST /api/blade-finance/admin/receivable/{id}/waive | reduce | defer (a finance manager's), with a reason. */
import { refreshAfterWrite } from '@cf/shared/query-refresh';
import type { AdminReceivable } from '@cf/shared/wire/admin-fees';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';

export type AdjustKind = 'waive' | 'reduce' | 'defer';

export interface Adjustment {
  id: number;
  kind: AdjustKind;
  amountFen?: number;
  reason: string;
  dueDate?: string;
}

export function useAdjustReceivable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, kind, ...body }: Adjustment) =>
      requestData<AdminReceivable>({
        url: `/api/blade-finance/admin/receivable/${id}/${kind}`,
        method: 'post',
        data: body,
      }),
    onSuccess: () => void refreshAfterWrite(queryClient, ['admin', 'receivables']),
  });
}
