/**
 * A thin bar while the phone has no network (the browser's online/offline events): what is on the
 * screen stays, the bar says why nothing new comes, and goes when the network is back — when the
 * screens' reads also ask again by themselves (React Query refetches on reconnect).
 */
import { useSyncExternalStore } from 'react';
import { useT } from '@/lib/i18n/use-t';

function subscribe(changed: () => void): () => void {
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
  return () => {
    window.removeEventListener('online', changed);
    window.removeEventListener('offline', changed);
  };
}

export function OfflineBar() {
  const t = useT();
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  if (online) return null;
  return (
    <div className="offline-bar" role="status" data-testid="offline-bar">
      {t('common.offline')}
    </div>
  );
}
