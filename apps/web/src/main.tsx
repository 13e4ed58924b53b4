/**
 * Entry: rem scaling, token life, language, providers and the router. antd-mobile's React 19
 * render hook is set in lib/antd-imperative.ts, loaded with Toast/Dialog (lib/imperative.ts).
 */
import 'antd-mobile/es/global';
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './app/providers';
import { AppRouter } from './app/router';
import { startTokenLife } from './app/token-life';
import { loadChosenLanguage } from './lib/i18n/i18n';
import { liftLinkParams } from './lib/navigation';
import { keepRootFontSize } from './lib/rem';

keepRootFontSize();
liftLinkParams();

async function boot() {
  const refresher = startTokenLife();
  // A session whose access cookie has lapsed is renewed before the first screen decides anything.
  await Promise.all([refresher.check(), loadChosenLanguage()]);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers>
        <AppRouter />
      </Providers>
    </StrictMode>,
  );
}

void boot();
