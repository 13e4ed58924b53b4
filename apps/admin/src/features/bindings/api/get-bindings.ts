/** GET /api/blade-finance/admin/binding/list: the tenant's bindings in one status, a page at a time. */
import type { BindingReview } from '@cf/shared/wire/admin-users';
import type { BindingStatus } from '@cf/shared/wire/auth';
import type { Page } from '@cf/shared/wire/envelope';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';

export const bindingsKey = ['admin-bindings'] as const;

export const useBindings = (status: BindingStatus, current: number, size: number) =>
  useQuery({
    queryKey: [...bindingsKey, status, current, size],
    queryFn: () =>
      requestData<Page<BindingReview>>({
        url: '/api/blade-finance/admin/binding/list',
        params: { status, current, size },
      }),
    placeholderData: keepPreviousData,
  });
