/** A salary screen's data: a spinner, why it failed (with a retry where one helps), else the screen. */
import Button from 'antd-mobile/es/components/button';
import type { ReactNode } from 'react';
import { PageSpinner } from '@/components/page-spinner';
import { StatusView } from '@/components/status-view';
import { ApiError } from '@/lib/api-client';
import { useT } from '@/lib/i18n/use-t';

interface Loadable<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

export function SalaryLoadState<T>({
  query,
  children,
}: {
  query: Loadable<T>;
  children: (data: T) => ReactNode;
}) {
  const t = useT();
  if (query.data !== undefined && !query.isError) return <>{children(query.data)}</>;
  if (query.isPending) return <PageSpinner />;
  const reason = query.error instanceof ApiError ? query.error.message : '';
  return (
    <StatusView role="alert" testId="load-error" title={t('salary.loadFailed')} description={reason}>
      <Button color="primary" fill="outline" onClick={() => void query.refetch()}>
        {t('common.retry')}
      </Button>
    </StatusView>
  );
}
