import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Page } from '@/lib/paging';
import { PageSpinner } from '../page-spinner';
import { LoadError } from './load-error';
import styles from './paged-list.module.css';

interface PagedListProps<T> {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>>;
  renderItem: (item: T) => ReactNode;
  keyOf: (item: T) => string | number;
  emptyText: string;
  testId?: string;
}

/** A paged list: pull down to refresh, the next page loads as the end scrolls into view. */
export function PagedList<T>({ query, renderItem, keyOf, emptyText, testId }: PagedListProps<T>) {
  if (query.isPending) return <PageSpinner />;
  if (query.isError && !query.data) return <LoadError error={query.error} onRetry={() => query.refetch()} />;

  const records = query.data.pages.flatMap((page) => page.records);
  const hasMore = !!query.hasNextPage;
  async function loadMore() {
    const result = await query.fetchNextPage();
    // InfiniteScroll offers a retry when this rejects.
    if (result.isError) throw result.error;
  }

  return (
    <PullToRefresh onRefresh={() => query.refetch()}>
      <div className={styles.list} data-testid={testId} data-count={records.length}>
        {records.length === 0 ? (
          <p className={styles.empty}>{emptyText}</p>
        ) : (
          records.map((item) => <div key={keyOf(item)}>{renderItem(item)}</div>)
        )}
        {records.length > 0 || hasMore ? <InfiniteScroll loadMore={loadMore} hasMore={hasMore} /> : null}
      </div>
    </PullToRefresh>
  );
}
