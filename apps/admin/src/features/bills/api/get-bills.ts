/** GET /api/blade-finance/admin/bill/list: other-means bills in one status (1 waiting, 2 reviewed, 0 voided). */
import type { z } from 'zod';
import type { adminBillSchema } from '@cf/shared/wire/admin-finance';
import type { Page } from '@cf/shared/wire/envelope';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';

export type AdminBill = z.infer<typeof adminBillSchema>;
/** The bill machine's states (apps/server/src/modules/fee/bill-status.ts). */
export type BillStatus = 0 | 1 | 2;

export const billsKey = ['admin-bills'] as const;

export const useBills = (status: BillStatus, current: number, size: number) =>
  useQuery({
    queryKey: [...billsKey, status, current, size],
    queryFn: () =>
      requestData<Page<AdminBill>>({
        url: '/api/blade-finance/admin/bill/list',
        params: { status, current, size },
      }),
    placeholderData: keepPreviousData,
  });
