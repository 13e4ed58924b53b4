/** GET /api/blade-desk/notice/categories: the tenant's notice categories in the caller's language. */
import type { NoticeCategory } from '@cf/shared/wire/notice';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { NOTICE_QUERY_ROOT } from '@/components/notices/notice-query';
import { requestData } from '@/lib/api-client';
import { useLanguage } from '@/lib/i18n/use-t';

export const getNoticeCategories = (): Promise<NoticeCategory[]> =>
  requestData<NoticeCategory[]>({ url: '/api/blade-desk/notice/categories', loading: false });

export const noticeCategoriesQueryOptions = (language: string) =>
  queryOptions({
    queryKey: [NOTICE_QUERY_ROOT, 'categories', language],
    queryFn: getNoticeCategories,
    staleTime: 10 * 60 * 1000,
  });

export const useNoticeCategories = () => useQuery(noticeCategoriesQueryOptions(useLanguage()));
