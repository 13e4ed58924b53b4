/** GET /api/blade-finance/admin/audit/list: who did what, when, from where; filtered, paged. */
import type { AuditEntry } from '@cf/shared/wire/admin-audit';
import type { Page } from '@cf/shared/wire/envelope';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';

export interface AuditSearch {
  who?: string;
  action?: string;
  from?: string;
  to?: string;
}

export const useAudit = (search: AuditSearch, current: number, size: number) =>
  useQuery({
    queryKey: ['admin', 'audit', search, current, size],
    queryFn: () =>
      requestData<Page<AuditEntry>>({
        url: '/api/blade-finance/admin/audit/list',
        params: { ...search, current, size },
      }),
    placeholderData: keepPreviousData,
  });
