import { Component, Suspense, type ReactNode } from 'react';
import { PageSpinner } from '../components/page-spinner';
import { StatusView } from '../components/status-view';
import { t } from '../lib/i18n/i18n';
import { isChunkLoadError } from '../lib/lazy-chunk';

/**
 * What a failed screen shows: a chunk that could not load (ChunkLoadError, spec §8) says so and
 * offers a reload (the usual cause is a new deployment or a dropped connection); anything else
 * likewise, with its own words.
 */
export function ScreenError({ error }: { error: unknown }) {
  const chunk = isChunkLoadError(error);
  return (
    <StatusView
      role="alert"
      testId={chunk ? 'chunk-error' : 'page-error'}
      title={t(chunk ? 'common.chunkErrorTitle' : 'common.pageErrorTitle')}
      description={t(chunk ? 'common.chunkErrorBody' : 'common.pageErrorBody')}
    >
      <button type="button" className="plain-button" onClick={() => window.location.reload()}>
        {t('common.reload')}
      </button>
    </StatusView>
  );
}

interface BoundaryState {
  error: unknown;
}

class ErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error };
  }

  override render() {
    return this.state.error ? <ScreenError error={this.state.error} /> : this.props.children;
  }
}

/** A lazy screen: a spinner while its chunk loads, the error screen when it fails. */
export function ScreenBoundary({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary>
      <Suspense fallback={<PageSpinner />}>{children}</Suspense>
    </ErrorBoundary>
  );
}
