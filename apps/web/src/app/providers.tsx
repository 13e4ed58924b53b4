import ConfigProvider, { setDefaultConfig } from 'antd-mobile/es/components/config-provider';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { antdLocale } from '../lib/i18n/i18n';
import { useLanguage } from '../lib/i18n/use-t';
import { queryClient } from '../lib/query-client';

/** Data (TanStack Query) and antd-mobile's own texts, which follow the chosen language. */
export function Providers({ children }: { children: ReactNode }) {
  const language = useLanguage();
  const locale = antdLocale();
  useEffect(() => {
    // Toasts and dialogs render outside this tree and read the default config.
    setDefaultConfig({ locale });
    document.documentElement.lang = language === 'en' ? 'en' : 'zh-CN';
  }, [language, locale]);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={locale}>{children}</ConfigProvider>
    </QueryClientProvider>
  );
}
