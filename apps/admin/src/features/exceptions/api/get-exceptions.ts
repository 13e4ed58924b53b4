/**
 * GET /api/blade-finance/admin/payment-exception/list: payments kept for refund or review (paid after
 * the order closed, amount differs, paid twice, no such order), in one status.
 */
import type { z } from 'zod';
import type { exceptionListQuery, exceptionSchema } from '@cf/shared/wire/admin-finance';
import type { Page } from '@cf/shared/wire/envelope';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';

export type PaymentException = z.infer<typeof exceptionSchema>;
export type ExceptionStatus = z.infer<typeof exceptionListQuery>['status'];

export const exceptionsKey = ['admin-payment-exceptions'] as const;

export const useExceptions = (status: ExceptionStatus, current: number, size: number) =>
  useQuery({
    queryKey: [...exceptionsKey, status, current, size],
    queryFn: () =>
      requestData<Page<PaymentException>>({
        url: '/api/blade-finance/admin/payment-exception/list',
        params: { status, current, size },
      }),
    placeholderData: keepPreviousData,
  });
