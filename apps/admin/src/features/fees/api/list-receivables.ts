/** GET /api/blade-finance/admin/person/{id}/receivables: one person's receivables and what may be adjusted. */
import type { AdminReceivable } from '@cf/shared/wire/admin-fees';
import { useQuery } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';

export const useReceivables = (personType: 'student' | 'employee', personId: number | undefined) =>
  useQuery({
    queryKey: ['admin', 'receivables', personType, personId],
    queryFn: () =>
      requestData<AdminReceivable[]>({
        url: `/api/blade-finance/admin/person/${personId}/receivables`,
        params: { personType },
      }),
    enabled: personId !== undefined,
  });
