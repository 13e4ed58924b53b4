/** GET /api/blade-finance/admin/person/list: the person whose receivables to open, found by number or name. */
import type { Person } from '@cf/shared/wire/admin-people';
import type { Page } from '@cf/shared/wire/envelope';
import { useQuery } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';

export const useFindPeople = (personType: 'student' | 'employee', keyword: string) =>
  useQuery({
    queryKey: ['admin', 'people', { personType, keyword, current: 1, size: 10 }],
    queryFn: () =>
      requestData<Page<Person>>({
        url: '/api/blade-finance/admin/person/list',
        params: { personType, keyword, current: 1, size: 10 },
      }),
    enabled: keyword !== '',
  });
