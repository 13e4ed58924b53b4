/** GET /api/blade-desk/notice/unread-count: the number on home's notices badge. */
import type { NoticeUnread } from '@cf/shared/wire/notice';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { NOTICE_QUERY_ROOT } from '@/components/notices/notice-query';
import { requestData } from '@/lib/api-client';

export const getNoticeUnreadCount = async (): Promise<number> =>
  (await requestData<NoticeUnread>({ url: '/api/blade-desk/notice/unread-count', loading: false })).count;

export const noticeUnreadCountQueryOptions = () =>
  queryOptions({ queryKey: [NOTICE_QUERY_ROOT, 'unread-count'], queryFn: getNoticeUnreadCount });

export const useNoticeUnreadCount = () => useQuery(noticeUnreadCountQueryOptions());
