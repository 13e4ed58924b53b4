/** The dashboard: a placeholder until the takings and queue counts come (issue 15, "Dashboard"). */
import { Card, Typography } from 'antd';
import { Page } from '@admin/components/page';
import { useT } from '@admin/lib/i18n/use-t';
import { useSession } from '@admin/lib/use-session';

export default function DashboardPage() {
  const { t } = useT();
  const { session } = useSession();
  const name = session?.user?.realName || session?.user?.account || '';
  // The person's name is the school's data: marked so, inside the translated greeting.
  const [before, after] = t('dashboard.welcome', { name: '\u0001' }).split('\u0001');
  return (
    <Page title={t('dashboard.heading')}>
      <Card data-testid="dashboard">
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {before}
          <span data-user-data>{name}</span>
          {after}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('dashboard.placeholder')}</Typography.Paragraph>
      </Card>
    </Page>
  );
}
