import Button from 'antd-mobile/es/components/button';
import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import { PageSpinner } from '@/components/page-spinner';
import { StatusView } from '@/components/status-view';
import { ApiError } from '@/lib/api-client';
import { useT } from '@/lib/i18n/use-t';
import { useNotices } from '../api/get-notices';
import { NoticeCard } from './notice-card';
import styles from './notice-list.module.css';

/** The notices of a category: pull down to refresh, the next page loads as the end scrolls into view. */
export function NoticeList({ category }: { category: string }) {
  const t = useT();
  const query = useNotices(category);
  if (query.isPending) return <PageSpinner />;
  if (query.isError && !query.data)
    return (
      <StatusView
        role="alert"
        testId="load-error"
        title={t('notices.loadFailed')}
        description={query.error instanceof ApiError ? query.error.message : undefined}
      >
        <Button color="primary" fill="outline" onClick={() => void query.refetch()}>
          {t('notices.retry')}
        </Button>
      </StatusView>
    );

  const records = query.data.pages.flatMap((page) => page.records);
  const hasMore = !!query.hasNextPage;
  async function loadMore() {
    const result = await query.fetchNextPage();
    // InfiniteScroll offers a retry when this rejects.
    if (result.isError) throw result.error;
  }
  return (
    <PullToRefresh onRefresh={() => query.refetch()}>
      <div className={styles.list} data-testid="notice-list" data-count={records.length}>
        {records.length === 0 ? (
          <p className={styles.empty}>{t('notices.empty')}</p>
        ) : (
          records.map((notice) => <NoticeCard key={notice.id} notice={notice} />)
        )}
        {records.length > 0 || hasMore ? (
          <InfiniteScroll loadMore={loadMore} hasMore={hasMore}>
            {(more, failed, retry) =>
              failed ? (
                <button type="button" className={styles.retry} onClick={() => void retry()}>
                  {t('notices.retry')}
                </button>
              ) : (
                <span>
                  {/* "Loading" only while a page is on its way: the end of a list at rest says so. */}
                  {!more
                    ? t('notices.noMore')
                    : query.isFetchingNextPage
                      ? t('notices.loadingMore')
                      : t('notices.scrollForMore')}
                </span>
              )
            }
          </InfiniteScroll>
        ) : null}
      </div>
    </PullToRefresh>
  );
}
