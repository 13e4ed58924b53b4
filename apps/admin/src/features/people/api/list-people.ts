/** GET /api/blade-finance/admin/person/list: students or staff with their accounts, searched, paged. */
import type { Page } from '@cf/shared/wire/envelope';
import type { Person } from '@cf/shared/wire/admin-people';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';

export interface PeopleQuery {
  personType: 'student' | 'employee';
  keyword?: string;
  current: number;
  size: number;
}

export const listPeople = (params: PeopleQuery) =>
  requestData<Page<Person>>({ url: '/api/blade-finance/admin/person/list', params: { ...params } });

export const usePeople = (params: PeopleQuery) =>
  useQuery({
    queryKey: ['admin', 'people', params],
    queryFn: () => listPeople(params),
    placeholderData: keepPreviousData,
  });
