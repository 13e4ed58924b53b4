/**
 * POST /api/blade-finance/admin/payment-exception/refund/{id}: the whole payment goes back to the payer
 * through its channel (refundStatus PROCESSING until the channel confirms).
 */
import { refreshAfterWrite } from '@cf/shared/query-refresh';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';
import { exceptionsKey, type PaymentException } from './get-exceptions';

export function useRefundException() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      requestData<PaymentException>({
        method: 'post',
        url: `/api/blade-finance/admin/payment-exception/refund/${id}`,
      }),
    onSettled: () => refreshAfterWrite(queryClient, exceptionsKey),
  });
}
