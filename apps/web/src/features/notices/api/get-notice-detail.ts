/** GET /api/blade-desk/notice/detail?id: one notice; the server marks it read by the caller. */
import type { NoticeDetail } from '@cf/shared/wire/notice';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { NOTICE_QUERY_ROOT, refreshNoticeMarks } from '@/components/notices/notice-query';
import { requestData } from '@/lib/api-client';

export type { NoticeDetail };

/** What a notice's id looks like in its address (/home/notice/:id). */
export const NOTICE_ID = /^\d{1,10}$/;

export async function getNoticeDetail(id: string): Promise<NoticeDetail> {
  const detail = await requestData<NoticeDetail>({
    url: '/api/blade-desk/notice/detail',
    params: { id },
    loading: false,
  });
  // Now read: the unread marks and the home badge change.
  void refreshNoticeMarks();
  return detail;
}

export const noticeDetailQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [NOTICE_QUERY_ROOT, 'detail', id],
    queryFn: () => getNoticeDetail(id),
    enabled: NOTICE_ID.test(id),
    // The attachment links are signed for an hour: a detail older than that is fetched again.
    staleTime: 30 * 60 * 1000,
  });

export const useNoticeDetail = (id: string) => useQuery(noticeDetailQueryOptions(id));
