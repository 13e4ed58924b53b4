/**
 * POST /api/blade-finance/admin/payment-exception/resolve/{id}: settled another way (paid back in cash,
 * applied by hand), with the note the shared rule asks for (packages/shared/src/payment-exception.ts).
 */
import { refreshAfterWrite } from '@cf/shared/query-refresh';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';
import { exceptionsKey, type PaymentException } from './get-exceptions';

export function useSettleException() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: number; note: string }) =>
      requestData<PaymentException>({
        method: 'post',
        url: `/api/blade-finance/admin/payment-exception/resolve/${id}`,
        data: { note },
      }),
    onSettled: () => refreshAfterWrite(queryClient, exceptionsKey),
  });
}
