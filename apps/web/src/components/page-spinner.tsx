import { useT } from '../lib/i18n/use-t';

/** A centred spinner for a screen that is deciding or loading (plain CSS: it is on the first screen). */
export function PageSpinner({ label }: { label?: string }) {
  const t = useT();
  return (
    <div className="page-spinner" role="status" aria-live="polite">
      <span className="page-spinner-wheel" aria-hidden="true" />
      <span className="page-spinner-label">{label ?? t('common.loading')}</span>
    </div>
  );
}
