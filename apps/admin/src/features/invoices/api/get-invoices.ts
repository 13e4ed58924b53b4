/** GET /api/blade-finance/admin/invoice/list: invoices in one state (failed by default), newest first. */
import type { Page } from '@cf/shared/wire/envelope';
import type { AdminInvoice, InvoiceState } from '@cf/shared/wire/invoice';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';

export const invoicesKey = ['admin-invoices'] as const;

export const useInvoices = (status: InvoiceState, current: number, size: number) =>
  useQuery({
    queryKey: [...invoicesKey, status, current, size],
    queryFn: () =>
      requestData<Page<AdminInvoice>>({
        url: '/api/blade-finance/admin/invoice/list',
        params: { status, current, size },
      }),
    placeholderData: keepPreviousData,
  });
