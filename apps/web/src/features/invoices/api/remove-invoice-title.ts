/** POST /api/blade-finance/invoice/title/remove/{id}: deletes a saved title (invoices keep their copy). */
import { useMutation } from '@tanstack/react-query';
import { refreshAfterWrite } from '@cf/shared/query-refresh';
import { requestData } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { INVOICE_TITLES_KEY } from './get-invoice-titles';

export const removeInvoiceTitle = (id: number): Promise<boolean> =>
  requestData<boolean>({ method: 'post', url: `/api/blade-finance/invoice/title/remove/${id}` });

export const useRemoveInvoiceTitle = () =>
  useMutation({
    mutationFn: removeInvoiceTitle,
    onSuccess: () => refreshAfterWrite(queryClient, INVOICE_TITLES_KEY),
  });
