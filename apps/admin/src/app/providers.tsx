/**
 * Outside the routes: TanStack Query, antd's theme, size (the clerk's density) and locale in the chosen language, and antd's App
 * (its message shows failed calls: lib/feedback.ts).
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useEffect, type ReactNode } from 'react';
import { setErrorFeedback } from '@admin/lib/feedback';
import { useT } from '@admin/lib/i18n/use-t';
import { usePreferences } from '@admin/lib/preferences';
import { queryClient } from '@admin/lib/query-client';

function ErrorFeedback() {
  const { message } = App.useApp();
  useEffect(() => setErrorFeedback((text) => void message.error(text)), [message]);
  return null;
}

export function Providers({ children }: { children: ReactNode }) {
  const { language } = useT();
  // Compact: smaller controls and table rows, for a clerk who wants more rows on the screen.
  const { density } = usePreferences();
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider
        componentSize={density === 'compact' ? 'small' : 'middle'}
        button={{ autoInsertSpace: false }}
        locale={language === 'en' ? enUS : zhCN}
        theme={{ token: { colorPrimary: '#1677ff' } }}
      >
        <App>
          <ErrorFeedback />
          {children}
        </App>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
