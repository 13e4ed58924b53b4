/**
 * GET /api/blade-finance/admin/bill/list, one record a page:
 * the count of other-means bills waiting for review (its total).
 */
import type { Page } from '@cf/shared/wire/envelope';
import { useQuery } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';

export const useCountPendingBills = () =>
  useQuery({
    // Always asked again on opening the dashboard: a decision taken a moment ago shows at once.
    staleTime: 0,
    queryKey: ['dashboard-count', 'pending-bills'],
    queryFn: async () =>
      (
        await requestData<Page<unknown>>({
          url: '/api/blade-finance/admin/bill/list',
          params: { status: 1, current: 1, size: 1 },
        })
      ).total,
  });
