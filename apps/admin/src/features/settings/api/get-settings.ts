/** GET /api/blade-finance/admin/settings: the tenant's settings, secrets only as set / not set. */
import type { TenantSettings } from '@cf/shared/wire/admin-settings';
import { useQuery } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';

export const SETTINGS_KEY = ['admin-settings'] as const;

export const useSettings = () =>
  useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: () => requestData<TenantSettings>({ url: '/api/blade-finance/admin/settings' }),
  });
