/** GET /api/blade-finance/invoice/title/list: my saved invoice titles, the default first. */
import type { InvoiceTitle } from '@cf/shared/wire/invoice';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { FINANCE_QUERY_ROOT } from '@/components/finance/finance-query';
import { requestData } from '@/lib/api-client';

export type { InvoiceTitle };

export const INVOICE_TITLES_KEY = [FINANCE_QUERY_ROOT, 'invoice-titles'] as const;

export const getInvoiceTitles = (): Promise<InvoiceTitle[]> =>
  requestData<InvoiceTitle[]>({ url: '/api/blade-finance/invoice/title/list', loading: false });

export const invoiceTitlesQueryOptions = () =>
  queryOptions({ queryKey: INVOICE_TITLES_KEY, queryFn: getInvoiceTitles, staleTime: 0 });

export const useInvoiceTitles = () => useQuery(invoiceTitlesQueryOptions());
