/**
 * Daily reconciliation: reconcile a day of a channel (the channel's statement against our payments and
 * refunds), the runs so far with their totals on both sides, a run's differences, and their export.
 */
import type { PayChannelName } from '@cf/shared/wire/pay';
import type { ReconciliationRun } from '@cf/shared/wire/admin-reconciliation';
import { PAY_METHOD_LABELS } from '@cf/shared/labels/pay';
import { yuanDigits } from '@cf/shared/money';
import { App, Button, Card, Drawer, Flex, Form, Input, Select, Table, Tag } from 'antd';
import { useState } from 'react';
import { dateColumn, labelColumn, SecondLine } from '@admin/components/columns';
import { Page } from '@admin/components/page';
import { toastError } from '@admin/lib/feedback';
import { useT } from '@admin/lib/i18n/use-t';
import { useLabel } from '@admin/lib/labels';
import { exportRun } from '../api/export-run';
import { useRun } from '../api/get-run';
import { useRuns } from '../api/list-runs';
import { useRunDay } from '../api/run-day';
import { RunLines } from '../components/run-lines';

/** Yesterday in Beijing time, the day the nightly job does. */
const yesterday = () => new Date(Date.now() + 8 * 3600_000 - 24 * 3600_000).toISOString().slice(0, 10);
/** The channels (the wire's PAY_CHANNEL_NAMES; its zod code stays out of the console's pages). */
const CHANNELS: PayChannelName[] = ['wechat', 'alipay', 'sandbox'];
const STATUS_COLORS = {
  pending: 'default',
  running: 'processing',
  done: 'success',
  failed: 'error',
} as const;

export default function ReconciliationPage() {
  const { t } = useT();
  const { message } = App.useApp();
  const [current, setCurrent] = useState(1);
  const [open, setOpen] = useState<ReconciliationRun>();
  const runs = useRuns(current);
  const runDay = useRunDay();
  const detail = useRun(open?.id);
  const label = useLabel();
  const channelName = (c: string) => label(PAY_METHOD_LABELS, c);

  async function start(values: { billDate: string; channel: string }) {
    const run = await runDay.mutateAsync(values);
    if (run.status === 'done') void message.success(t('reconcile.done', { count: run.differenceCount }));
    else void message.error(t('reconcile.failed', { error: run.error ?? '' }));
    if (run.status === 'done') setOpen(run);
  }

  const totals = (side: ReconciliationRun['statement']) => (
    <div>
      <div>
        {t('reconcile.payments', { count: side.payments.count, yuan: yuanDigits(side.payments.fen) })}
      </div>
      <div>{t('reconcile.refunds', { count: side.refunds.count, yuan: yuanDigits(side.refunds.fen) })}</div>
    </div>
  );

  return (
    <Page title={t('reconcile.heading')}>
      <Card style={{ marginBottom: 16 }}>
        <Form
          layout="inline"
          initialValues={{ billDate: yesterday(), channel: 'wechat' }}
          onFinish={(values: { billDate: string; channel: string }) =>
            void start(values).catch(() => undefined)
          }
        >
          <Form.Item name="billDate" label={t('reconcile.day')} rules={[{ required: true }]}>
            <Input type="date" />
          </Form.Item>
          <Form.Item name="channel" label={t('reconcile.channel')}>
            <Select
              style={{ width: 160 }}
              options={CHANNELS.map((c) => ({ value: c, label: channelName(c) }))}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={runDay.isPending}>
            {t('reconcile.run')}
          </Button>
        </Form>
      </Card>
      <Table<ReconciliationRun>
        rowKey="id"
        loading={runs.isLoading}
        dataSource={runs.data?.records ?? []}
        data-testid="reconciliation-runs"
        pagination={{
          current,
          total: runs.data?.total ?? 0,
          onChange: setCurrent,
          showTotal: (total) => t('common.total', { total }),
        }}
        // Fits 1024 px: the channel under the day, who started it under the state, the number of
        // differences on the button that shows them, the two buttons one under the other.
        columns={[
          dateColumn({
            title: t('reconcile.dayAndChannel'),
            dataIndex: 'billDate',
            render: (day: string, run) => (
              <>
                {day}
                <SecondLine>{channelName(run.channel)}</SecondLine>
              </>
            ),
          }),
          labelColumn({
            title: t('reconcile.stateAndBy'),
            dataIndex: 'status',
            render: (s: ReconciliationRun['status'], run) => (
              <>
                <Tag color={STATUS_COLORS[s]} title={run.error ?? undefined}>
                  {t(`reconcile.status.${s}`)}
                </Tag>
                <SecondLine>
                  {t(run.requestedBy === null ? 'reconcile.byJob' : 'reconcile.byPerson')}
                </SecondLine>
              </>
            ),
          }),
          labelColumn({
            title: t('reconcile.statement'),
            key: 'statement',
            render: (_, run) => totals(run.statement),
          }),
          labelColumn({ title: t('reconcile.ours'), key: 'ours', render: (_, run) => totals(run.ours) }),
          labelColumn({
            title: t('common.actions'),
            key: 'actions',
            render: (_, run) => (
              <Flex vertical align="start">
                <Button
                  type="link"
                  size="small"
                  onClick={() => setOpen(run)}
                  disabled={run.status !== 'done'}
                  data-testid="reconciliation-view"
                >
                  {run.status === 'done'
                    ? t('reconcile.viewCount', { count: run.differenceCount })
                    : t('reconcile.view')}
                </Button>
                <Button
                  type="link"
                  size="small"
                  disabled={run.status !== 'done'}
                  onClick={() =>
                    void exportRun(run.id, `reconciliation-${run.billDate}-${run.channel}.xlsx`).catch(() =>
                      toastError(t('common.networkError')),
                    )
                  }
                >
                  {t('reconcile.export')}
                </Button>
              </Flex>
            ),
          }),
        ]}
      />
      <Drawer
        width={1000}
        open={open !== undefined}
        onClose={() => setOpen(undefined)}
        title={open ? t('reconcile.linesOf', { day: open.billDate, channel: channelName(open.channel) }) : ''}
      >
        <RunLines lines={detail.data?.lines ?? []} loading={detail.isLoading} />
      </Drawer>
    </Page>
  );
}
