/**
 * A thin bar while the phone has no network (the browser's online/offline events): what is on the
 * screen stays, the bar says why nothing new comes, and goes when the network is back — when the
 * screens' reads also ask again by themselves (React Query refetches on reconnect).
 */
import { useEffect } from 'react';
import { useOnline } from '@/lib/online';
import { useT } from '@/lib/i18n/use-t';

export function OfflineBar() {
  const t = useT();
  const online = useOnline();
  // The page and its sticky headers move down by the bar's height (styles/global.css --offline-bar).
  useEffect(() => {
    document.documentElement.classList.toggle('is-offline', !online);
    return () => document.documentElement.classList.remove('is-offline');
  }, [online]);
  if (online) return null;
  return (
    <div className="offline-bar" role="status" data-testid="offline-bar">
      {t('common.offline')}
    </div>
  );
}
