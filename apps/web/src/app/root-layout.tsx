import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useT } from '../lib/i18n/use-t';
import { matchRoute } from '@/lib/routes';
import { OfflineBar } from '@/components/offline-bar';

/** Above every screen: the document title from the route's meta, translated; the offline bar. */
export function RootLayout() {
  const t = useT();
  const { pathname } = useLocation();
  const meta = matchRoute(pathname);

  useEffect(() => {
    const app = t('app.name');
    document.title = meta ? `${t(meta.titleKey)} · ${app}` : app;
  }, [meta, t]);

  return (
    <>
      <OfflineBar />
      <Outlet />
    </>
  );
}
