/** GET /api/blade-desk/notice/list?current&size&category: the notices the caller may read, newest first. */
import type { NoticeRecord } from '@cf/shared/wire/notice';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { NOTICE_QUERY_ROOT } from '@/components/notices/notice-query';
import { requestData } from '@/lib/api-client';
import { nextPageOf, PAGE_SIZE, type Page } from '@/lib/paging';

export type { NoticeRecord };

export const getNotices = (category: string, current: number): Promise<Page<NoticeRecord>> =>
  requestData<Page<NoticeRecord>>({
    url: '/api/blade-desk/notice/list',
    params: { current, size: PAGE_SIZE, ...(category ? { category } : {}) },
    loading: false,
  });

export const noticesQueryOptions = (category: string) =>
  infiniteQueryOptions({
    queryKey: [NOTICE_QUERY_ROOT, 'list', category],
    queryFn: ({ pageParam }) => getNotices(category, pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });

export const useNotices = (category: string) => useInfiniteQuery(noticesQueryOptions(category));
