/** GET /api/blade-finance/pay/cashier?orderNo: what is paid, until when, and with which channels. */
import type { PayStatus } from '@cf/shared/fees';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { FINANCE_QUERY_ROOT } from '@/components/finance/finance-query';
import { requestData } from '@/lib/api-client';
import { payAuthHeaders } from './pay-auth';

export type PayChannelName = 'wechat' | 'sandbox';

export interface CashierItem {
  name: string;
  nameEn: string;
  priceFen: number;
  quantity: number;
  amountFen: number;
}

export interface Cashier {
  orderNo: string;
  orderType: string;
  personName: string;
  totalFen: number;
  items: CashierItem[];
  expireAt: string;
  /** Seconds until the order expires, by the server's clock. */
  secondsLeft: number;
  payStatus: PayStatus;
  payStatusColor: string;
  /** The channel a PAYING order was started with; it stays with it. */
  channel: PayChannelName | null;
  channels: { channel: PayChannelName; name: string; nameEn: string }[];
}

export const getCashier = (orderNo: string, payAuthToken?: string): Promise<Cashier> =>
  requestData<Cashier>({
    url: '/api/blade-finance/pay/cashier',
    params: { orderNo },
    headers: payAuthHeaders(payAuthToken),
    loading: false,
  });

export const cashierQueryOptions = (orderNo: string, payAuthToken?: string) =>
  queryOptions({
    queryKey: [FINANCE_QUERY_ROOT, 'cashier', orderNo, payAuthToken ?? ''],
    queryFn: () => getCashier(orderNo, payAuthToken),
    staleTime: 0,
    enabled: !!orderNo,
  });

export const useCashier = (orderNo: string, payAuthToken?: string) =>
  useQuery(cashierQueryOptions(orderNo, payAuthToken));
