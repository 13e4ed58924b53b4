/** Entry of the finance office's console: token life, then the providers and the router. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { refreshToken } from '@admin/features/auth/api/refresh-token';
import { setRequestGate } from '@admin/lib/api-client';
import { getLanguage } from '@admin/lib/i18n/i18n';
import { createTokenRefresher } from '@admin/lib/token-refresh';
import { Providers } from './app/providers';
import { AppRouter } from './app/router';

setRequestGate(createTokenRefresher(refreshToken));
document.documentElement.lang = getLanguage() === 'en' ? 'en' : 'zh-CN';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <AppRouter />
    </Providers>
  </StrictMode>,
);
