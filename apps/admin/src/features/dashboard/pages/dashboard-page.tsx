/**
 * The dashboard: the queues waiting for the finance office, each a count and a link to its queue.
 * Takings by channel and item come with the orders and reconciliation screens (issue 15, "Dashboard").
 */
import { Card, Col, Row, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Page } from '@admin/components/page';
import type { TextKey } from '@admin/lib/i18n/i18n';
import { useT } from '@admin/lib/i18n/use-t';
import { useSession } from '@admin/lib/use-session';
import { useCountFailedInvoices } from '../api/count-failed-invoices';
import { useCountOpenExceptions } from '../api/count-open-exceptions';
import { useCountPendingBills } from '../api/count-pending-bills';
import { useCountPendingBindings } from '../api/count-pending-bindings';

function QueueCard({
  title,
  to,
  count,
  testId,
}: {
  title: TextKey;
  to: string;
  count: { data?: number; isLoading: boolean };
  testId: string;
}): ReactNode {
  const { t } = useT();
  return (
    <Link to={to} data-testid={testId}>
      <Card hoverable>
        <Statistic title={t(title)} value={count.data ?? '–'} loading={count.isLoading} />
      </Card>
    </Link>
  );
}

export default function DashboardPage() {
  const { t } = useT();
  const { session } = useSession();
  const name = session?.user?.realName || session?.user?.account || '';
  // The person's name is the school's data: marked so, inside the translated greeting.
  const [before, after] = t('dashboard.welcome', { name: '\u0001' }).split('\u0001');
  const queues = [
    { title: 'dashboard.pendingBills', to: '/bills', count: useCountPendingBills(), testId: 'queue-bills' },
    {
      title: 'dashboard.openExceptions',
      to: '/payment-exceptions',
      count: useCountOpenExceptions(),
      testId: 'queue-exceptions',
    },
    {
      title: 'dashboard.failedInvoices',
      to: '/invoices',
      count: useCountFailedInvoices(),
      testId: 'queue-invoices',
    },
    {
      title: 'dashboard.pendingBindings',
      to: '/bindings',
      count: useCountPendingBindings(),
      testId: 'queue-bindings',
    },
  ] as const;
  return (
    <Page title={t('dashboard.heading')}>
      <div data-testid="dashboard">
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {before}
          <span data-user-data>{name}</span>
          {after}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('dashboard.queuesHint')}</Typography.Paragraph>
        <Row gutter={[16, 16]}>
          {queues.map((queue) => (
            <Col key={queue.to} xs={12} xl={6}>
              <QueueCard {...queue} />
            </Col>
          ))}
        </Row>
      </div>
    </Page>
  );
}
