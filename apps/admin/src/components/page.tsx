/** A console page: its heading, optional actions beside it, and the browser tab's title. */
import { Flex } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { useT } from '@admin/lib/i18n/use-t';
import { Heading } from './text';

export function Page({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) {
  const { t, language } = useT();
  useEffect(() => {
    document.title = `${title} · ${t('app.title')}`;
  }, [title, t, language]);
  return (
    <div>
      <Flex justify="space-between" align="center" gap={16} wrap style={{ marginBottom: 16 }}>
        <Heading level={3}>{title}</Heading>
        {extra}
      </Flex>
      {children}
    </div>
  );
}
