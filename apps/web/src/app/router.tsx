/**
 * The hash router (spec §2): the route table of routes.ts, each screen a lazy chunk (120 s
 * timeout; a ChunkLoadError screen with a reload action on failure), / -> /home. Screens later
 * issues build show an honest "coming soon" page until then; their routes and guards already work.
 */
import type { ComponentType } from 'react';
import { HashRouter, Navigate, Route, Routes, useLocation } from 'react-router';
import { lazyScreen, type Screen } from '../lib/lazy-screen';
import type { FinanceScreenName } from './finance-screens';
import type { ProfileScreenName } from './profile-screens';
import { RootLayout } from './root-layout';
import RouteGuard from './route-guard';
import { REDIRECTS, ROUTES, matchRoute } from '@/lib/routes';
import { ScreenBoundary } from './screen-boundary';

type ScreenModule = { default: ComponentType };

/** The money screens: one lazy chunk, finance-screens.ts (which also loads the finance texts). */
const FINANCE_SCREEN_NAMES: readonly FinanceScreenName[] = [
  'enroll',
  'pay',
  'feeHistory',
  'feeCollectHistory',
  'feeOtherHistory',
  'feeOther',
  'feeManualProduct',
  'feeReceivableProduct',
  'feeReceivableDetail',
  'feeEnrollProduct',
  'order',
  'orderOther',
  'orderDetail',
  'orderInvoice',
];
const financeLoaders = Object.fromEntries(
  FINANCE_SCREEN_NAMES.map((name) => [
    name,
    () => import('./finance-screens').then((m) => m.loadFinanceScreen(name)),
  ]),
);

/** The Mine screens: one lazy chunk, profile-screens.ts (which also loads the profile texts). */
const PROFILE_SCREEN_NAMES: readonly ProfileScreenName[] = [
  'user',
  'userEdit',
  'bank',
  'phone',
  'email',
  'notify',
];
const profileLoaders = Object.fromEntries(
  PROFILE_SCREEN_NAMES.map((name) => [
    name,
    () => import('./profile-screens').then((m) => m.loadProfileScreen(name)),
  ]),
);

const comingSoon = lazyScreen(() => import('../components/coming-soon-page'));

/** How each screen built so far loads, by route name; the others are "coming soon". */
const SCREEN_LOADERS: Record<string, () => Promise<ScreenModule>> = {
  login: () => import('../features/auth/pages/login-page'),
  register: () => import('../features/binding/pages/register-page'),
  home: () => import('../features/home/pages/home-page'),
  fee: () => import('./fee-screen').then((m) => m.loadFeeScreen()),
  ...profileLoaders,
  noticeList: () => import('./notice-screens').then((m) => m.loadNoticeScreen('noticeList')),
  noticeDetail: () => import('./notice-screens').then((m) => m.loadNoticeScreen('noticeDetail')),
  ...financeLoaders,
  ...Object.fromEntries(
    (['salary', 'salaryDetail', 'salaryOtherIncome'] as const).map((name) => [
      name,
      () => import('./salary-screens').then((m) => m.loadSalaryScreen(name)),
    ]),
  ),
};
export const SCREENS: Record<string, Screen> = Object.fromEntries(
  Object.entries(SCREEN_LOADERS).map(([name, load]) => [name, lazyScreen(load)]),
);

const AppShell = lazyScreen(() => import('./shell/app-shell'));

/**
 * A cold start fetches what the screen at `path` needs (the shell, the screen's chunk and its texts) at
 * once, while the session check runs, rather than one after another as React reaches each lazy part.
 * Settles when they are loaded (the screens then render without suspending) or failed (failures are
 * left to the screens' own loading and error screen).
 */
export function preloadScreenAt(path: string): Promise<void> {
  const meta = matchRoute(REDIRECTS[path] ?? path);
  const screen = meta && SCREENS[meta.name];
  if (!meta || !screen) return Promise.resolve();
  const parts = meta.name === 'login' ? [screen] : [AppShell, screen];
  return Promise.all(parts.map((part) => part.preload())).then(
    () => undefined,
    () => undefined,
  );
}

/** A screen in its boundary; keyed by path so an error clears when the visitor moves on. */
function ScreenRoute({ screen: ScreenComponent }: { screen: Screen }) {
  const { pathname } = useLocation();
  return (
    <ScreenBoundary key={pathname}>
      <ScreenComponent />
    </ScreenBoundary>
  );
}

/** Forwards to another path, keeping the query (e.g. /?tenantId=... -> /home?tenantId=...). */
function Forward({ to }: { to: string }) {
  const { search } = useLocation();
  return <Navigate to={`${to}${search}`} replace />;
}

export function AppRouter() {
  return (
    <HashRouter>
      <Routes>
        <Route element={<RootLayout />}>
          <Route element={<RouteGuard />}>
            <Route path="/login" element={<ScreenRoute screen={SCREENS.login!} />} />
            <Route
              element={
                <ScreenBoundary>
                  <AppShell />
                </ScreenBoundary>
              }
            >
              {ROUTES.filter((r) => r.name !== 'login').map((r) => (
                <Route
                  key={r.name}
                  path={r.path}
                  element={<ScreenRoute screen={SCREENS[r.name] ?? comingSoon} />}
                />
              ))}
            </Route>
            {Object.entries(REDIRECTS).map(([path, to]) => (
              <Route key={path} path={path} element={<Forward to={to} />} />
            ))}
            <Route path="*" element={<Forward to="/home" />} />
          </Route>
        </Route>
      </Routes>
    </HashRouter>
  );
}
