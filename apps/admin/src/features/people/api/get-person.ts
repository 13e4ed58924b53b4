/** GET /api/blade-finance/admin/person/{id}: one person in full (the ID number unmasked) for the edit form. */
import type { PersonDetail } from '@cf/shared/wire/admin-people';
import { useQuery } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';

export const usePerson = (personType: 'student' | 'employee', id: number | undefined) =>
  useQuery({
    queryKey: ['admin', 'person', personType, id],
    queryFn: () =>
      requestData<PersonDetail>({ url: `/api/blade-finance/admin/person/${id}`, params: { personType } }),
    enabled: id !== undefined,
  });
