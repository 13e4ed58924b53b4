/** GET /api/blade-system/param/value-list: the tenant's params, kept as a key -> value map (spec §7). */
import type { SystemParamList } from '@cf/shared/wire/system';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestData } from '../lib/api-client';
import { TENANT_SETTINGS_FRESHNESS } from './tenant-settings-freshness';

export type SystemParams = Record<string, string>;

export async function getSystemParams(tenantId: string): Promise<SystemParams> {
  const list = await requestData<SystemParamList>({
    url: '/api/blade-system/param/value-list',
    params: { tenantId },
    loading: false,
  });
  return Object.fromEntries((list ?? []).map((p) => [p.paramKey, p.paramValue ?? '']));
}

export const systemParamsQueryOptions = (tenantId: string) =>
  queryOptions({
    queryKey: ['system-params', tenantId],
    queryFn: () => getSystemParams(tenantId),
    ...TENANT_SETTINGS_FRESHNESS,
    enabled: !!tenantId,
  });

export const useSystemParams = (tenantId: string | undefined) =>
  useQuery(systemParamsQueryOptions(tenantId ?? ''));
