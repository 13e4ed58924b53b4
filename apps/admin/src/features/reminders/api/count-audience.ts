/** POST /api/blade-finance/admin/reminder/audience: how many a filter reaches, what they owe, one person's message. */
import type { Audience, AudienceRequest } from '@cf/shared/wire/admin-reminders';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { requestData } from '@admin/lib/api-client';

/** Asked for when `request` is set (the office pressed "count"); kept while the next one loads. */
export const useAudience = (request: AudienceRequest | undefined) =>
  useQuery({
    queryKey: ['reminder-audience', request],
    enabled: request !== undefined,
    placeholderData: keepPreviousData,
    retry: false,
    queryFn: () =>
      requestData<Audience>({
        url: '/api/blade-finance/admin/reminder/audience',
        method: 'post',
        data: request,
      }),
  });
