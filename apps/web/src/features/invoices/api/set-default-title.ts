/** POST /api/blade-finance/invoice/title/default/{id}: makes a saved title the default. */
import { refreshAfterWrite } from '@cf/shared/query-refresh';
import type { InvoiceTitle } from '@cf/shared/wire/invoice';
import { useMutation } from '@tanstack/react-query';
import { requestData } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { INVOICE_TITLES_KEY } from './get-invoice-titles';

export const setDefaultTitle = (id: number): Promise<InvoiceTitle> =>
  requestData<InvoiceTitle>({ method: 'post', url: `/api/blade-finance/invoice/title/default/${id}` });

export const useSetDefaultTitle = () =>
  useMutation({
    mutationFn: setDefaultTitle,
    onSuccess: () => refreshAfterWrite(queryClient, INVOICE_TITLES_KEY),
  });
