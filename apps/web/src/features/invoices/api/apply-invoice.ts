/** POST /api/blade-finance/invoice/apply: asks for a paid order's invoice with a saved title. */
import type { InvoiceApplyRequest, OrderInvoice } from '@cf/shared/wire/invoice';
import { useMutation } from '@tanstack/react-query';
import { refreshFinance } from '@/components/finance/finance-query';
import { requestData } from '@/lib/api-client';

export const applyInvoice = (body: InvoiceApplyRequest): Promise<OrderInvoice> =>
  requestData<OrderInvoice>({ method: 'post', url: '/api/blade-finance/invoice/apply', data: body });

export const useApplyInvoice = () => useMutation({ mutationFn: applyInvoice, onSuccess: refreshFinance });
