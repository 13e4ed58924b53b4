/**
 * Every notice query key starts with NOTICE_QUERY_ROOT (home's newest notices and unread badge, the
 * list, the detail), so opening a notice refreshes the unread marks wherever they show.
 */
import { queryClient } from '@/lib/query-client';

export const NOTICE_QUERY_ROOT = 'notices';

/** After a detail marked a notice read: the lists and the badge, not the detail itself. */
export const refreshNoticeMarks = (): Promise<void> =>
  queryClient.invalidateQueries({
    queryKey: [NOTICE_QUERY_ROOT],
    predicate: (query) => query.queryKey[1] !== 'detail',
  });
