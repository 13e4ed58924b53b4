/** GET /api/blade-system/tenant/get-by-tenant-id: a tenant's public settings, WeChat ones included. */
import type { TenantInfo } from '@cf/shared/wire/system';
import { queryOptions } from '@tanstack/react-query';
import { requestData } from '../lib/api-client';

export const getTenant = (tenantId: string): Promise<TenantInfo> =>
  requestData<TenantInfo>({
    url: '/api/blade-system/tenant/get-by-tenant-id',
    params: { tenantId },
    loading: false,
    anonymous: true,
  });

export const tenantQueryOptions = (tenantId: string) =>
  queryOptions({
    queryKey: ['tenant', tenantId],
    queryFn: () => getTenant(tenantId),
    staleTime: 5 * 60_000,
    enabled: !!tenantId,
  });
