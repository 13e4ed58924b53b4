/** POST /api/blade-finance/admin/invoice/{id}/retry: a failed invoice goes to the platform again. */
import { refreshAfterWrite } from '@cf/shared/query-refresh';
import type { Invoice } from '@cf/shared/wire/invoice';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';
import { invoicesKey } from './get-invoices';

export function useRetryInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      requestData<Invoice>({ method: 'post', url: `/api/blade-finance/admin/invoice/${id}/retry` }),
    onSettled: () => refreshAfterWrite(queryClient, invoicesKey),
  });
}
