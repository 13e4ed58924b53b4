import Button from 'antd-mobile/es/components/button';
import type { ReactNode } from 'react';
import { PageSpinner } from '../page-spinner';
import { StatusView } from '../status-view';
import { useT } from '@/lib/i18n/use-t';

interface Loadable<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/** A screen's data: a spinner while it loads, a retry when it failed, else the screen. */
export function LoadState<T>({ query, children }: { query: Loadable<T>; children: (data: T) => ReactNode }) {
  const t = useT();
  if (query.isPending) return <PageSpinner />;
  if (query.isError || query.data === undefined)
    return (
      <StatusView role="alert" title={t('finance.loadFailed')}>
        <Button color="primary" fill="outline" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </Button>
      </StatusView>
    );
  return <>{children(query.data)}</>;
}
