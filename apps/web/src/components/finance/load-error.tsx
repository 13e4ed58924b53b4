import Button from 'antd-mobile/es/components/button';
import type { ReactNode } from 'react';
import { ApiError } from '@/lib/api-client';
import { useT } from '@/lib/i18n/use-t';
import { StatusView } from '../status-view';

/**
 * Whether trying again can help: only when no reply came (network, timeout) or the server failed
 * (5xx). A 4xx is the server's considered answer (not allowed, not found, bad request).
 */
export function canRetry(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.code === 0 || error.code >= 500;
}

/**
 * A screen whose data could not be loaded: the server's own (translated) reason when it gave one,
 * and a retry only where a retry can help.
 */
export function LoadError({
  error,
  onRetry,
  action,
}: {
  error: unknown;
  onRetry: () => unknown;
  /** Where to go instead, when the server refused (a 4xx): e.g. staff on Student fees to Comprehensive payment. */
  action?: ReactNode;
}) {
  const t = useT();
  const retry = canRetry(error);
  const reason = error instanceof ApiError ? error.message : '';
  return (
    <StatusView
      role="alert"
      testId="load-error"
      title={retry || !reason ? t('finance.loadFailed') : reason}
      description={retry ? reason : undefined}
    >
      {retry ? (
        <Button color="primary" fill="outline" onClick={() => void onRetry()} data-testid="load-retry">
          {t('common.retry')}
        </Button>
      ) : (
        action
      )}
    </StatusView>
  );
}
