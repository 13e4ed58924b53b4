/** GET /api/blade-finance/admin/order/{id}: one order with its items, bills and refunds. */
import type { AdminOrderDetail } from '@cf/shared/wire/admin-orders';
import { useQuery } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';

export const useOrder = (id: number | undefined) =>
  useQuery({
    queryKey: ['admin', 'order', id],
    queryFn: () => requestData<AdminOrderDetail>({ url: `/api/blade-finance/admin/order/${id}` }),
    enabled: id !== undefined,
  });
