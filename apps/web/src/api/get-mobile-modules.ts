/** GET /api/blade-system/tenant/mobile-module: enabled modules, a list or a comma string (spec §3). */
import type { MobileModules } from '@cf/shared/wire/system';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestData } from '../lib/api-client';
import { TENANT_SETTINGS_FRESHNESS } from './tenant-settings-freshness';

export function normalizeModules(value: unknown): string[] {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  return items.map((item) => String(item).trim()).filter(Boolean);
}

export async function getMobileModules(tenantId: string): Promise<string[]> {
  const value = await requestData<MobileModules>({
    url: '/api/blade-system/tenant/mobile-module',
    params: { tenantId },
    loading: false,
  });
  return normalizeModules(value);
}

export const mobileModulesQueryOptions = (tenantId: string) =>
  queryOptions({
    queryKey: ['mobile-modules', tenantId],
    queryFn: () => getMobileModules(tenantId),
    ...TENANT_SETTINGS_FRESHNESS,
    enabled: !!tenantId,
  });

export const useMobileModules = (tenantId: string | undefined) =>
  useQuery(mobileModulesQueryOptions(tenantId ?? ''));
