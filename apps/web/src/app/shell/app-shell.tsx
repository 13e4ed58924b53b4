import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useLoadButtonPermissions } from '@/api/get-button-permissions';
import { useBindInfo } from '@/api/get-bind-info';
import { loadChunk } from '@/lib/lazy-chunk';
import { useT } from '@/lib/i18n/use-t';
import { hasValidUserId } from '@/lib/session';
import { useSession } from '@/lib/use-session';
import { matchRoute, titleKeyOf } from '@/lib/routes';
import { ShellPopups } from './shell-popups';
import { TabBar } from './tab-bar';
import { TopBar } from './top-bar';
import styles from './app-shell.module.css';

const BindingPending = lazy(() => loadChunk(() => import('@/features/binding/components/binding-pending')));

/** The signed-in frame: top bar, the screen, the tab bar on tab screens, the popups. */
export default function AppShell() {
  const t = useT();
  const { pathname, search } = useLocation();
  const { user } = useSession();
  const meta = matchRoute(pathname);
  const titleKey = titleKeyOf(meta, search);
  const title = titleKey ? t(titleKey) : t('app.name');
  // Button permissions are loaded once signed in and bound (spec §6).
  const signedInUser = hasValidUserId(user) ? user?.userId : undefined;
  useLoadButtonPermissions(signedInUser);
  // A binding the finance office has not approved reads nothing: every screen says so instead.
  const bindingStatus = useBindInfo(signedInUser).data?.bindingStatus;
  const waiting = bindingStatus === 'pending' || bindingStatus === 'refused' ? bindingStatus : null;

  const withTabs = !!meta?.tabRoot;
  return (
    <div className={withTabs ? `${styles.shell} ${styles.withTabs}` : styles.shell}>
      <TopBar meta={meta} title={title} />
      <main className={styles.main}>
        {waiting && signedInUser ? (
          <Suspense fallback={null}>
            <BindingPending userId={signedInUser} status={waiting} />
          </Suspense>
        ) : (
          <Outlet />
        )}
      </main>
      {withTabs ? <TabBar active={meta?.tab} /> : null}
      <ShellPopups />
    </div>
  );
}
