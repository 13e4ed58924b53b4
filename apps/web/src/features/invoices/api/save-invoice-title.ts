/** POST /api/blade-finance/invoice/title/submit: creates (no id) or edits a saved title. */
import { refreshAfterWrite } from '@cf/shared/query-refresh';
import type { InvoiceTitle, InvoiceTitleRequest } from '@cf/shared/wire/invoice';
import { useMutation } from '@tanstack/react-query';
import { requestData } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { INVOICE_TITLES_KEY } from './get-invoice-titles';

export const saveInvoiceTitle = (body: InvoiceTitleRequest): Promise<InvoiceTitle> =>
  requestData<InvoiceTitle>({ method: 'post', url: '/api/blade-finance/invoice/title/submit', data: body });

export const useSaveInvoiceTitle = () =>
  useMutation({
    mutationFn: saveInvoiceTitle,
    onSuccess: () => refreshAfterWrite(queryClient, INVOICE_TITLES_KEY),
  });
