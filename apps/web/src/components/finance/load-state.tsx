import type { ReactNode } from 'react';
import { PageSpinner } from '../page-spinner';
import { LoadError } from './load-error';

interface Loadable<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error?: unknown;
  refetch: () => unknown;
}

/** A screen's data: a spinner while it loads, why it failed (LoadError), else the screen. */
export function LoadState<T>({
  query,
  children,
  refusedAction,
}: {
  query: Loadable<T>;
  children: (data: T) => ReactNode;
  /** Shown under the server's reason when it refused (LoadError action). */
  refusedAction?: ReactNode;
}) {
  if (query.isPending) return <PageSpinner />;
  if (query.isError || query.data === undefined)
    return <LoadError error={query.error} onRetry={() => query.refetch()} action={refusedAction} />;
  return <>{children(query.data)}</>;
}
