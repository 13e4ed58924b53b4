/** GET /api/blade-finance/admin/fee-item/list: the catalogue, withdrawn items too. */
import type { AdminFeeItem } from '@cf/shared/wire/admin-fees';
import type { Page } from '@cf/shared/wire/envelope';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';

export interface FeeItemQuery {
  kind?: string;
  status?: number;
  keyword?: string;
  current: number;
  size: number;
}

export const useFeeItems = (params: FeeItemQuery) =>
  useQuery({
    queryKey: ['admin', 'fee-items', params],
    queryFn: () =>
      requestData<Page<AdminFeeItem>>({
        url: '/api/blade-finance/admin/fee-item/list',
        params: { ...params },
      }),
    placeholderData: keepPreviousData,
  });
