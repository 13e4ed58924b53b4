/** GET /api/blade-system/tenant/list-public: the schools a person can sign in to. */
import type { PublicTenant } from '@cf/shared/wire/system';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestData } from '@/lib/api-client';

export const getPublicTenants = (): Promise<PublicTenant[]> =>
  requestData<PublicTenant[]>({
    url: '/api/blade-system/tenant/list-public',
    loading: false,
    anonymous: true,
  });

export const publicTenantsQueryOptions = () =>
  queryOptions({ queryKey: ['public-tenants'], queryFn: getPublicTenants, staleTime: 5 * 60_000 });

export const usePublicTenants = () => useQuery(publicTenantsQueryOptions());
