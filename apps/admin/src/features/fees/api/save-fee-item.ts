/** POST /api/blade-finance/admin/fee-item (create) or /fee-item/{id}/update (edit). */
import { refreshAfterWrite } from '@cf/shared/query-refresh';
import type { AdminFeeItem, FeeItemRequest } from '@cf/shared/wire/admin-fees';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';

export function useSaveFeeItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: FeeItemRequest }) =>
      requestData<AdminFeeItem>({
        url: id ? `/api/blade-finance/admin/fee-item/${id}/update` : '/api/blade-finance/admin/fee-item',
        method: 'post',
        data: body,
      }),
    onSuccess: () => void refreshAfterWrite(queryClient, ['admin', 'fee-items']),
  });
}
