/** GET /api/blade-finance/admin/order/list: the tenant's orders searched by person, numbers, state, channel, days. */
import type { AdminOrder } from '@cf/shared/wire/admin-orders';
import type { Page } from '@cf/shared/wire/envelope';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';
import { useT } from '@admin/lib/i18n/use-t';

export interface OrderSearch {
  person?: string;
  orderNo?: string;
  paymentNo?: string;
  payStatus?: string;
  channel?: string;
  from?: string;
  to?: string;
}

/** The items' names come in the request's language: a language switch asks again. */
export function useOrders(search: OrderSearch, current: number, size: number) {
  const { language } = useT();
  return useQuery({
    queryKey: ['admin', 'orders', search, current, size, language],
    queryFn: () =>
      requestData<Page<AdminOrder>>({
        url: '/api/blade-finance/admin/order/list',
        params: { ...search, current, size },
      }),
    placeholderData: keepPreviousData,
  });
}
