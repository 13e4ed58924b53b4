/**
 * The dashboard, from one call (GET /admin/dashboard, one SQL statement on the server): today's and
 * this month's takings (in total, by channel, by item), orders by state, and each queue the office
 * works through, a count and a link to it.
 */
import { PAY_METHOD_LABELS, PAY_STATUS_LABELS } from '@cf/shared/labels/pay';
import { formatYuan } from '@cf/shared/money';
import type { Dashboard } from '@cf/shared/wire/admin-dashboard';
import { Alert, Button, Card, Col, Row, Skeleton, Statistic, Tag } from 'antd';
import { Link } from 'react-router';
import { Cut } from '@admin/components/columns';
import { Page } from '@admin/components/page';
import { Heading, Muted } from '@admin/components/text';
import type { TextKey } from '@admin/lib/i18n/i18n';
import { useT } from '@admin/lib/i18n/use-t';
import { useLabel } from '@admin/lib/labels';
import { useSession } from '@admin/lib/use-session';
import { useDashboard } from '../api/get-dashboard';
import { TakingsTable } from '../components/takings-table';

/** Each queue, the screen that works through it and its card's test id. */
const QUEUES: { key: keyof Dashboard['queues']; title: TextKey; to: string; testId: string }[] = [
  { key: 'billsToReview', title: 'dashboard.pendingBills', to: '/bills', testId: 'queue-bills' },
  {
    key: 'openExceptions',
    title: 'dashboard.openExceptions',
    to: '/payment-exceptions',
    testId: 'queue-exceptions',
  },
  { key: 'failedInvoices', title: 'dashboard.failedInvoices', to: '/invoices', testId: 'queue-invoices' },
  { key: 'pendingBindings', title: 'dashboard.pendingBindings', to: '/bindings', testId: 'queue-bindings' },
];

const STATE_COLORS: Record<string, string> = {
  NOT_PAY: 'blue',
  PAYING: 'cyan',
  PAID: 'green',
  REFUND: 'orange',
  CLOSED: 'red',
};

export default function DashboardPage() {
  const { t, language } = useT();
  const label = useLabel();
  // Channels and the phone form's other means have names; a method typed another way shows as written.
  const channelName = (channel: string) =>
    Object.hasOwn(PAY_METHOD_LABELS, channel) ? (
      <Cut text={label(PAY_METHOD_LABELS, channel)} />
    ) : (
      <Cut text={channel} userData />
    );
  const { session } = useSession();
  const { data, isLoading, isError, refetch } = useDashboard();
  const name = session?.user?.realName || session?.user?.account || '';
  const [before, after] = t('dashboard.welcome', { name: '\u0001' }).split('\u0001');
  return (
    <Page
      title={t('dashboard.heading')}
      extra={<Button onClick={() => void refetch()}>{t('common.refresh')}</Button>}
    >
      <Heading level={4} style={{ marginBottom: 8 }}>
        {before}
        <span data-user-data>{name}</span>
        {after}
      </Heading>
      <Muted block>{t('dashboard.queuesHint')}</Muted>
      {isError ? <Alert type="error" title={t('common.unknownError')} /> : null}
      {isLoading || !data ? (
        <Skeleton active />
      ) : (
        <div data-testid="dashboard">
          <Row gutter={[16, 16]}>
            <Col span={6}>
              <Card>
                <Statistic
                  title={t('dashboard.today')}
                  value={formatYuan(data.total.todayFen)}
                  data-testid="dashboard-today"
                />
                <Muted>{t('dashboard.payments', { count: data.total.todayCount })}</Muted>
              </Card>
            </Col>
            <Col span={6}>
              <Card>
                <Statistic
                  title={t('dashboard.month')}
                  value={formatYuan(data.total.monthFen)}
                  data-testid="dashboard-month"
                />
                <Muted>{t('dashboard.payments', { count: data.total.monthCount })}</Muted>
              </Card>
            </Col>
            <Col span={12}>
              <Card title={t('dashboard.ordersByState')}>
                {data.ordersByState.map((s) => (
                  <Tag
                    key={s.payStatus}
                    color={STATE_COLORS[s.payStatus]}
                    data-testid={`state-${s.payStatus}`}
                  >
                    {label(PAY_STATUS_LABELS, s.payStatus)} {s.count}
                  </Tag>
                ))}
              </Card>
            </Col>
          </Row>
          <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
            {QUEUES.map((q) => (
              <Col span={6} key={q.key}>
                <Link to={q.to} data-testid={q.testId}>
                  <Card hoverable>
                    <Statistic title={t(q.title)} value={data.queues[q.key]} />
                  </Card>
                </Link>
              </Col>
            ))}
          </Row>
          <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
            {/* One under the other: four amounts and counts a row need the page's width at 1280 and 1024. */}
            <Col span={24}>
              <Card title={t('dashboard.byChannel')}>
                <TakingsTable
                  testId="takings-by-channel"
                  nameTitle={t('dashboard.channel')}
                  rows={data.byChannel.map((row) => ({
                    ...row,
                    key: row.channel,
                    name: channelName(row.channel),
                  }))}
                />
              </Card>
            </Col>
            <Col span={24}>
              <Card title={t('dashboard.byItem')}>
                <TakingsTable
                  testId="takings-by-item"
                  nameTitle={t('dashboard.item')}
                  rows={data.byItem.map((row) => ({
                    ...row,
                    key: row.item,
                    name: <Cut text={language === 'en' ? row.itemEn : row.item} userData />,
                  }))}
                />
              </Card>
            </Col>
          </Row>
        </div>
      )}
    </Page>
  );
}
