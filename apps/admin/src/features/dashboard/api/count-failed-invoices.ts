/**
 * GET /api/blade-finance/admin/invoice/list, one record a page:
 * the count of invoices the platform failed to issue (its total).
 */
import type { Page } from '@cf/shared/wire/envelope';
import { useQuery } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';

export const useCountFailedInvoices = () =>
  useQuery({
    // Always asked again on opening the dashboard: a decision taken a moment ago shows at once.
    staleTime: 0,
    queryKey: ['dashboard-count', 'failed-invoices'],
    queryFn: async () =>
      (
        await requestData<Page<unknown>>({
          url: '/api/blade-finance/admin/invoice/list',
          params: { status: 'failed', current: 1, size: 1 },
        })
      ).total,
  });
