/** GET /api/blade-finance/admin/rating/list and /export: the ratings with their comments, filtered. */
import type { Page } from '@cf/shared/wire/envelope';
import type { RatingEntry, RatingSearch } from '@cf/shared/wire/rating';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { downloadFile, requestData } from '@admin/lib/api-client';
import { useT } from '@admin/lib/i18n/use-t';

/** The scores' names come in the request's language: a language switch asks again. */
export function useRatings(search: RatingSearch, current: number, size: number) {
  const { language } = useT();
  return useQuery({
    queryKey: ['admin', 'ratings', search, current, size, language],
    queryFn: () =>
      requestData<Page<RatingEntry>>({
        url: '/api/blade-finance/admin/rating/list',
        params: { ...search, current, size },
      }),
    placeholderData: keepPreviousData,
  });
}

export const exportRatings = (search: RatingSearch) =>
  downloadFile({ url: '/api/blade-finance/admin/rating/export', params: { ...search } }, 'ratings.xlsx');
