/**
 * GET /api/blade-finance/admin/binding/list, one record a page:
 * the count of bindings waiting for approval (its total).
 */
import type { Page } from '@cf/shared/wire/envelope';
import { useQuery } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';

export const useCountPendingBindings = () =>
  useQuery({
    // Always asked again on opening the dashboard: a decision taken a moment ago shows at once.
    staleTime: 0,
    queryKey: ['dashboard-count', 'pending-bindings'],
    queryFn: async () =>
      (
        await requestData<Page<unknown>>({
          url: '/api/blade-finance/admin/binding/list',
          params: { status: 'pending', current: 1, size: 1 },
        })
      ).total,
  });
