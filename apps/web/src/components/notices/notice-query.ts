/**
 * Every notice query key starts with NOTICE_QUERY_ROOT (home's newest notices and unread badge, the
 * list, the detail), so opening a notice refreshes the unread marks wherever they show.
 */
import { refreshAfterWrite } from '@cf/shared/query-refresh';
import { queryClient } from '@/lib/query-client';

export const NOTICE_QUERY_ROOT = 'notices';

/** After a detail marked a notice read: the lists and the badge, not the detail itself. */
export const refreshNoticeMarks = (): Promise<void> =>
  refreshAfterWrite(queryClient, [NOTICE_QUERY_ROOT], (query) => query.queryKey[1] !== 'detail');
