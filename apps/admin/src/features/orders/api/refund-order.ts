/**
 * POST /api/blade-finance/admin/order/{id}/refund: a full or partial refund through the order's channel,
 * with its reason and kind (reduce the receivable or refund only).
 */
import { refreshAfterWrite } from '@cf/shared/query-refresh';
import type { RefundKind } from '@cf/shared/refund-reason';
import type { refundSchema } from '@cf/shared/wire/admin-finance';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';

type Refund = (typeof refundSchema)['_output'];

export function useRefundOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number; amountFen: number; reason: string; kind: RefundKind }) =>
      requestData<Refund>({
        url: `/api/blade-finance/admin/order/${id}/refund`,
        method: 'post',
        data: body,
      }),
    onSuccess: () => void refreshAfterWrite(queryClient, ['admin']),
  });
}
