/** A console page: its heading, optional actions beside it, and the browser tab's title. */
import { Flex, Typography } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { useT } from '@admin/lib/i18n/use-t';

export function Page({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) {
  const { t, language } = useT();
  useEffect(() => {
    document.title = `${title} · ${t('app.title')}`;
  }, [title, t, language]);
  return (
    <div>
      <Flex justify="space-between" align="center" gap={16} wrap style={{ marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {extra}
      </Flex>
      {children}
    </div>
  );
}
