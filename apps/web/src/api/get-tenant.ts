/** GET /api/blade-system/tenant/get-by-tenant-id: a tenant's public settings, WeChat ones included. */
import { queryOptions } from '@tanstack/react-query';
import { requestData } from '../lib/api-client';

export interface TenantInfo {
  tenantId: string;
  tenantName: string;
  tenantNameEn?: string;
  status?: number;
  expireTime?: string | null;
  wechatMpAppId?: string | null;
  wechatWorkCorpId?: string | null;
  wechatWorkAgentId?: string | null;
  wechatAuthorizeUrl?: string | null;
}

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
