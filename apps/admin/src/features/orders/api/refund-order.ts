/** POST /api/blade-finance/admin/order/{id}/refund: a full or partial refund through the order's channel. */
import type { refundSchema } from '@cf/shared/wire/admin-finance';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';

type Refund = (typeof refundSchema)['_output'];

export function useRefundOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, amountFen, reason }: { id: number; amountFen: number; reason: string }) =>
      requestData<Refund>({
        url: `/api/blade-finance/admin/order/${id}/refund`,
        method: 'post',
        data: { amountFen, reason },
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
