/**
 * Entry: rem scaling, token life, language, providers and the router. antd-mobile's React 19
 * render hook is set in lib/antd-imperative.ts, loaded with Toast/Dialog (lib/imperative.ts).
 */
import 'antd-mobile/es/global';
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './app/providers';
import { AppRouter, preloadScreenAt } from './app/router';
import { prefetchStudentFees } from './features/fees/api/get-student-fees';
import { startTokenLife } from './app/token-life';
import { loadChosenLanguage } from './lib/i18n/i18n';
import { liftLinkParams } from './lib/navigation';
import { queryClient } from './lib/query-client';
import { keepRootFontSize } from './lib/rem';
import { getAccessToken } from './lib/session';

keepRootFontSize();
liftLinkParams();

/** The path of the hash route (#/fee/index?x=1 -> /fee/index). */
const hashPath = (): string => window.location.hash.replace(/^#/, '').split('?')[0] || '/';

/**
 * How long the first render waits for the screen's chunks (index.html's name shows meanwhile). Beyond
 * it the screen's spinner shows while they finish, as on any later move.
 */
const SCREEN_WAIT_MS = 6000;

async function boot() {
  const refresher = startTokenLife();
  const screen = preloadScreenAt(hashPath());
  // A session whose access cookie has lapsed is renewed before the first screen decides anything.
  await Promise.all([refresher.check(), loadChosenLanguage()]);
  // Student fees, the screen most links open: its list is asked for while its chunks still load.
  if (hashPath() === '/fee/index' && getAccessToken()) prefetchStudentFees(queryClient);
  // The screen's chunks first, so it renders at once rather than through a spinner (app/router.tsx).
  await Promise.race([screen, new Promise((wait) => setTimeout(wait, SCREEN_WAIT_MS))]);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers>
        <AppRouter />
      </Providers>
    </StrictMode>,
  );
}

void boot();
