import { useT } from '../lib/i18n/use-t';
import { useOnline } from '@/lib/online';

/**
 * A centred spinner for a screen that is deciding or loading (plain CSS: it is on the first screen).
 * Without a network it says so instead of spinning: the screen's reads wait for the network and load by
 * themselves once it is back (React Query pauses them), so there is nothing to press.
 */
export function PageSpinner({ label }: { label?: string }) {
  const t = useT();
  const online = useOnline();
  if (!online)
    return (
      <div className="page-spinner" role="status" aria-live="polite" data-testid="load-offline">
        <span className="page-spinner-label">{t('common.waitingForNetwork')}</span>
      </div>
    );
  return (
    <div className="page-spinner" role="status" aria-live="polite">
      <span className="page-spinner-wheel" aria-hidden="true" />
      <span className="page-spinner-label">{label ?? t('common.loading')}</span>
    </div>
  );
}
