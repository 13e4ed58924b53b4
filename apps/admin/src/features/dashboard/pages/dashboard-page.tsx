/**
 * The dashboard, from one call (GET /admin/dashboard, one SQL statement on the server): today's and
 * this month's takings (in total, by channel, by item), orders by state, and each queue the office
 * works through, a count and a link to it.
 */
import { PAY_METHOD_LABELS, PAY_STATUS_LABELS } from '@cf/shared/labels/pay';
import { formatYuan } from '@cf/shared/money';
import type { Dashboard } from '@cf/shared/wire/admin-dashboard';
import { Alert, Button, Card, Col, Row, Skeleton, Statistic, Table, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { Page } from '@admin/components/page';
import type { TextKey } from '@admin/lib/i18n/i18n';
import { useT } from '@admin/lib/i18n/use-t';
import { useLabel } from '@admin/lib/labels';
import { useSession } from '@admin/lib/use-session';
import { useDashboard } from '../api/get-dashboard';

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
      label(PAY_METHOD_LABELS, channel)
    ) : (
      <span data-user-data>{channel}</span>
    );
  const { session } = useSession();
  const { data, isLoading, isError, refetch } = useDashboard();
  const name = session?.user?.realName || session?.user?.account || '';
  const [before, after] = t('dashboard.welcome', { name: '\u0001' }).split('\u0001');
  const takingsColumns = (first: { title: string; key: string }) => [
    first,
    {
      title: t('dashboard.todayFen'),
      dataIndex: 'todayFen',
      key: 'todayFen',
      align: 'right' as const,
      render: (fen: number) => formatYuan(fen),
    },
    { title: t('dashboard.todayCount'), dataIndex: 'todayCount', key: 'todayCount', align: 'right' as const },
    {
      title: t('dashboard.monthFen'),
      dataIndex: 'monthFen',
      key: 'monthFen',
      align: 'right' as const,
      render: (fen: number) => formatYuan(fen),
    },
    { title: t('dashboard.monthCount'), dataIndex: 'monthCount', key: 'monthCount', align: 'right' as const },
  ];
  return (
    <Page
      title={t('dashboard.heading')}
      extra={<Button onClick={() => void refetch()}>{t('common.refresh')}</Button>}
    >
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {before}
        <span data-user-data>{name}</span>
        {after}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('dashboard.queuesHint')}</Typography.Paragraph>
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
                <Typography.Text type="secondary">
                  {t('dashboard.payments', { count: data.total.todayCount })}
                </Typography.Text>
              </Card>
            </Col>
            <Col span={6}>
              <Card>
                <Statistic
                  title={t('dashboard.month')}
                  value={formatYuan(data.total.monthFen)}
                  data-testid="dashboard-month"
                />
                <Typography.Text type="secondary">
                  {t('dashboard.payments', { count: data.total.monthCount })}
                </Typography.Text>
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
            <Col span={12}>
              <Card title={t('dashboard.byChannel')}>
                <Table
                  size="small"
                  rowKey="channel"
                  pagination={false}
                  dataSource={data.byChannel}
                  columns={takingsColumns({
                    title: t('dashboard.channel'),
                    key: 'channel',
                    render: (_: unknown, row: Dashboard['byChannel'][number]) => channelName(row.channel),
                  } as never)}
                />
              </Card>
            </Col>
            <Col span={12}>
              <Card title={t('dashboard.byItem')}>
                <Table
                  size="small"
                  rowKey="item"
                  pagination={false}
                  dataSource={data.byItem}
                  columns={takingsColumns({
                    title: t('dashboard.item'),
                    key: 'item',
                    render: (_: unknown, row: Dashboard['byItem'][number]) => (
                      <span data-user-data>{language === 'en' ? row.itemEn : row.item}</span>
                    ),
                  } as never)}
                />
              </Card>
            </Col>
          </Row>
        </div>
      )}
    </Page>
  );
}
