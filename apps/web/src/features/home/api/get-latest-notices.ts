/** GET /api/blade-desk/notice/list?current=1&size=3, read for home: the newest three notices. */
import type { NoticeRecord } from '@cf/shared/wire/notice';
import type { Page } from '@cf/shared/wire/envelope';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { NOTICE_QUERY_ROOT } from '@/components/notices/notice-query';
import { requestData } from '@/lib/api-client';
import { useLanguage } from '@/lib/i18n/use-t';

export const LATEST_NOTICES = 3;

export const getLatestNotices = async (): Promise<NoticeRecord[]> =>
  (
    await requestData<Page<NoticeRecord>>({
      url: '/api/blade-desk/notice/list',
      params: { current: 1, size: LATEST_NOTICES },
      loading: false,
    })
  ).records;

export const latestNoticesQueryOptions = (language: string) =>
  queryOptions({ queryKey: [NOTICE_QUERY_ROOT, 'home', language], queryFn: getLatestNotices });

export const useLatestNotices = () => useQuery(latestNoticesQueryOptions(useLanguage()));
