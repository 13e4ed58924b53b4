/**
 * The reminders sent (and waiting): item and who, state, time and who started it, progress (sent,
 * failed, waiting, paid since), and Stop while one waits or sends. Read again every few seconds while
 * one is live. Opening one shows its people (campaign-drawer.tsx).
 */
import type { Campaign, CampaignProgress } from '@cf/shared/wire/admin-reminders';
import { App, Button, Flex, Popconfirm, Progress, Table, Tag } from 'antd';
import { useState } from 'react';
import { countColumn, Cut, dateColumn, labelColumn, SecondLine, textColumn } from '@admin/components/columns';
import { useT } from '@admin/lib/i18n/use-t';
import { serverPagination } from '@admin/lib/use-paging';
import { formatDateTime } from '@admin/lib/format';
import { isLive, useCampaigns } from '../api/list-campaigns';
import { useStopCampaign } from '../api/stop-campaign';
import { CampaignDrawer } from './campaign-drawer';
import { CAMPAIGN_STATUS_COLORS } from './campaign-status-colors';
import { filterText } from './filter-summary';

/** Of the people a campaign reached: how many are settled (sent, failed, not sent), for the bar. */
export function settledShare(p: CampaignProgress): number {
  const all = p.queued + p.sent + p.failed + p.skipped + p.already + p.stopped;
  return all === 0 ? 0 : Math.round(((all - p.queued) / all) * 100);
}

export function CampaignList({ open, onOpen }: { open?: number; onOpen: (id: number | undefined) => void }) {
  const { t, language } = useT();
  const { message } = App.useApp();
  const [page, setPage] = useState({ current: 1, size: 10 });
  const campaigns = useCampaigns(page.current, page.size);
  const stop = useStopCampaign();
  const itemName = (c: Campaign) => (language === 'en' && c.itemNameEn ? c.itemNameEn : c.itemName);
  return (
    <>
      <Table<Campaign>
        rowKey="id"
        loading={campaigns.isLoading}
        dataSource={campaigns.data?.records}
        data-testid="reminder-campaigns"
        pagination={serverPagination(page, campaigns.data?.total, (current, size) =>
          setPage({ current, size }),
        )}
        onRow={(c) => ({ 'data-campaign-id': c.id }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          textColumn({
            title: t('reminders.campaign'),
            key: 'item',
            render: (_, c) => (
              <>
                <Cut text={`${itemName(c)} (${c.itemCode})`} userData />
                <Cut text={filterText(t, c.filter)} secondary userData />
              </>
            ),
          }),
          labelColumn({
            title: t('reminders.status'),
            dataIndex: 'status',
            render: (s: Campaign['status']) => (
              <Tag color={CAMPAIGN_STATUS_COLORS[s]} data-testid="reminder-campaign-status" data-status={s}>
                {t(`reminders.status.${s}`)}
              </Tag>
            ),
          }),
          dateColumn({
            title: t('reminders.timeAndBy'),
            key: 'time',
            render: (_, c) => (
              <>
                {formatDateTime(c.startedAt ?? c.sendAt)}
                <SecondLine>
                  {c.scheduleId ? t('reminders.byScheduleOf', { who: c.createdBy }) : c.createdBy}
                </SecondLine>
              </>
            ),
          }),
          countColumn({
            title: t('reminders.people'),
            dataIndex: 'people',
            render: (n: number | null) => n ?? '',
          }),
          labelColumn({
            title: t('reminders.progress'),
            key: 'progress',
            render: (_, c) => (
              <div style={{ minWidth: 180 }} data-testid="reminder-campaign-progress">
                <Progress
                  size="small"
                  percent={c.status === 'scheduled' ? 0 : settledShare(c.progress)}
                  status={
                    c.status === 'running' ? 'active' : c.status === 'stopped' ? 'exception' : undefined
                  }
                />
                <SecondLine>
                  {t('reminders.progressLine', {
                    sent: c.progress.sent,
                    failed: c.progress.failed,
                    queued: c.progress.queued,
                  })}
                </SecondLine>
                {c.progress.paid ? (
                  <SecondLine>{t('reminders.paidSinceCount', { count: c.progress.paid })}</SecondLine>
                ) : null}
              </div>
            ),
          }),
          labelColumn({
            title: t('common.actions'),
            key: 'actions',
            render: (_, c) => (
              <Flex vertical align="start">
                <Button
                  type="link"
                  size="small"
                  onClick={() => onOpen(c.id)}
                  data-testid="reminder-campaign-view"
                >
                  {t('reminders.view')}
                </Button>
                {isLive(c) ? (
                  <Popconfirm
                    title={t('reminders.stopConfirm')}
                    okText={t('reminders.stop')}
                    cancelText={t('common.cancel')}
                    onConfirm={async () => {
                      await stop.mutateAsync(c.id);
                      void message.success(t('reminders.stopped'));
                    }}
                  >
                    <Button type="link" size="small" danger data-testid="reminder-campaign-stop">
                      {t('reminders.stop')}
                    </Button>
                  </Popconfirm>
                ) : null}
              </Flex>
            ),
          }),
        ]}
      />
      <CampaignDrawer id={open} onClose={() => onOpen(undefined)} />
    </>
  );
}
