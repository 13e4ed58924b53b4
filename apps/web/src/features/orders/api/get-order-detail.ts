/** GET /api/blade-finance/order/detail/{id}: every field of an order, its items and its bills. */
import type { PayStatus } from '@cf/shared/fees';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BillView } from '@/components/finance/bill-card';
import { FINANCE_QUERY_ROOT } from '@/components/finance/finance-query';
import { requestData } from '@/lib/api-client';

export interface OrderItem {
  id: number;
  receivableId: number | null;
  feeItemId: number | null;
  name: string;
  nameEn: string;
  priceFen: number;
  quantity: number;
  amountFen: number;
  formData: Record<string, string>;
}

export interface OrderDetail {
  id: number;
  orderNo: string;
  orderType: string;
  createdAt: string;
  totalFen: number;
  refundedFen: number;
  /** The order user: who created it. */
  userName: string;
  /** The bound user: whose fee it is. */
  personName: string;
  payerName: string;
  paymentNo: string | null;
  paidAt: string | null;
  payMethod: string | null;
  channel: string | null;
  /** none | requested | issued */
  invoiceStatus: string;
  /** none | signed */
  signatureStatus: string;
  payStatus: PayStatus;
  payStatusColor: string;
  expireAt: string;
  closedAt: string | null;
  closeReason: string | null;
  items: OrderItem[];
  bills: BillView[];
}

export const getOrderDetail = (id: string): Promise<OrderDetail> =>
  requestData<OrderDetail>({
    url: `/api/blade-finance/order/detail/${encodeURIComponent(id)}`,
    loading: false,
  });

export const orderDetailQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [FINANCE_QUERY_ROOT, 'order', id],
    queryFn: () => getOrderDetail(id),
    staleTime: 0,
  });

export const useOrderDetail = (id: string) => useQuery(orderDetailQueryOptions(id));
