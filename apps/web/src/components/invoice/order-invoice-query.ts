/**
 * GET /api/blade-finance/invoice/order/{orderId}: an order's invoice state and invoices. Here in components/
 * because two features read it: the order detail's invoice card (features/orders) and the invoice screen
 * (features/invoices), which may not import each other.
 */
import type { OrderInvoice } from '@cf/shared/wire/invoice';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { FINANCE_QUERY_ROOT } from '@/components/finance/finance-query';
import { requestData } from '@/lib/api-client';

export type { OrderInvoice };

export const getOrderInvoice = (orderId: number): Promise<OrderInvoice> =>
  requestData<OrderInvoice>({ url: `/api/blade-finance/invoice/order/${orderId}`, loading: false });

const pending = (data: OrderInvoice | undefined) =>
  data?.invoiceStatus === 'requested' ||
  !!data?.invoices.some((invoice) => invoice.status === 'requested' || invoice.status === 'reversing');

export const orderInvoiceQueryOptions = (orderId: number) =>
  queryOptions({
    queryKey: [FINANCE_QUERY_ROOT, 'invoice', orderId],
    queryFn: () => getOrderInvoice(orderId),
    staleTime: 0,
    // While the platform issues (or reverses) one, look again every few seconds: the state refreshes by itself.
    refetchInterval: (query) => (pending(query.state.data) ? 3000 : false),
  });

export const useOrderInvoice = (orderId: number, enabled = true) =>
  useQuery({ ...orderInvoiceQueryOptions(orderId), enabled: enabled && orderId > 0 });
