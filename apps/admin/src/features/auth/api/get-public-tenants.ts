/** GET /api/blade-system/tenant/list-public: the schools offered on the sign-in page. */
import type { PublicTenant } from '@cf/shared/wire/system';
import { useQuery } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';

const getPublicTenants = (): Promise<PublicTenant[]> =>
  requestData<PublicTenant[]>({ url: '/api/blade-system/tenant/list-public', anonymous: true });

export const usePublicTenants = () =>
  useQuery({ queryKey: ['public-tenants'], queryFn: getPublicTenants, staleTime: 5 * 60_000 });
