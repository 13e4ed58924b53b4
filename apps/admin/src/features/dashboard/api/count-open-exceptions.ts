/**
 * GET /api/blade-finance/admin/payment-exception/list, one record a page:
 * the count of payment exceptions still open (its total).
 */
import type { Page } from '@cf/shared/wire/envelope';
import { useQuery } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';

export const useCountOpenExceptions = () =>
  useQuery({
    // Always asked again on opening the dashboard: a decision taken a moment ago shows at once.
    staleTime: 0,
    queryKey: ['dashboard-count', 'open-exceptions'],
    queryFn: async () =>
      (
        await requestData<Page<unknown>>({
          url: '/api/blade-finance/admin/payment-exception/list',
          params: { status: 'open', current: 1, size: 1 },
        })
      ).total,
  });
