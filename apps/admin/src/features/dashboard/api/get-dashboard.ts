/** GET /api/blade-finance/admin/dashboard: takings today and this month, orders by state, queue sizes. */
import type { Dashboard } from '@cf/shared/wire/admin-dashboard';
import { useQuery } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';

export const getDashboard = () => requestData<Dashboard>({ url: '/api/blade-finance/admin/dashboard' });

export const useDashboard = () =>
  useQuery({ queryKey: ['admin', 'dashboard'], queryFn: getDashboard, refetchInterval: 60_000 });
