/**
 * One campaign: its counts (sent, failed, waiting, not sent, reminded today already, stopped, paid
 * since) and its people, each with the outcome (and why it failed or was not sent), the channel, and
 * what they owed then, owe now and paid since — narrowed by outcome or by payment.
 */
import { formatYuan } from '@cf/shared/money';
import type { Campaign, Recipient, RecipientState } from '@cf/shared/wire/admin-reminders';
import { Drawer, Flex, Select, Statistic, Table, Tag } from 'antd';
import { useState } from 'react';
import {
  dateColumn,
  labelColumn,
  moneyColumn,
  personColumn,
  SecondLine,
  textColumn,
} from '@admin/components/columns';
import type { TextKey } from '@admin/lib/i18n/i18n';
import { useT } from '@admin/lib/i18n/use-t';
import { useCampaign } from '../api/get-campaign';
import { useRecipients, type RecipientFilter } from '../api/list-recipients';
import { CAMPAIGN_STATUS_COLORS } from './campaign-status-colors';
import { filterText } from './filter-summary';
import { reasonText } from './reason-text';

/** The outcomes (the wire's RECIPIENT_STATES; its zod code stays out of the console's pages). */
const STATES: RecipientState[] = ['queued', 'sent', 'failed', 'skipped', 'already', 'stopped'];
const STATE_COLORS: Record<RecipientState, string> = {
  queued: 'default',
  sent: 'success',
  failed: 'error',
  skipped: 'warning',
  already: 'default',
  stopped: 'default',
};
const COUNTS = ['sent', 'failed', 'queued', 'skipped', 'already', 'stopped', 'paid'] as const;

export function CampaignDrawer({ id, onClose }: { id: number | undefined; onClose: () => void }) {
  const { t, language } = useT();
  const [filter, setFilter] = useState<RecipientFilter>({});
  const [current, setCurrent] = useState(1);
  const campaign = useCampaign(id);
  const c: Campaign | undefined = campaign.data;
  const people = useRecipients(id, filter, current, c?.status);
  const itemName = c ? (language === 'en' && c.itemNameEn ? c.itemNameEn : c.itemName) : '';
  const narrow = (next: RecipientFilter) => {
    setFilter(next);
    setCurrent(1);
  };
  return (
    <Drawer
      width={1000}
      open={id !== undefined}
      onClose={() => {
        setFilter({});
        setCurrent(1);
        onClose();
      }}
      title={c ? t('reminders.detailOf', { item: itemName, id: c.id }) : ''}
      data-testid="reminder-campaign-drawer"
    >
      {c ? (
        <>
          <Flex gap={12} align="center" style={{ marginBottom: 12 }}>
            <Tag color={CAMPAIGN_STATUS_COLORS[c.status]}>{t(`reminders.status.${c.status}`)}</Tag>
            <span data-user-data>{filterText(t, c.filter)}</span>
          </Flex>
          <Flex gap={32} wrap style={{ marginBottom: 16 }} data-testid="reminder-campaign-counts">
            <Statistic title={t('reminders.people')} value={c.people ?? '-'} />
            {COUNTS.map((key) => (
              <Statistic
                key={key}
                title={t(`reminders.counts.${key}`)}
                value={c.progress[key]}
                data-testid={`reminder-count-${key}`}
              />
            ))}
          </Flex>
        </>
      ) : null}
      <Flex gap={12} wrap style={{ marginBottom: 12 }}>
        <Select
          style={{ width: 180 }}
          value={filter.state ?? ''}
          onChange={(state: RecipientState | '') => narrow({ ...filter, state: state || undefined })}
          options={[
            { value: '', label: t('reminders.allStates') },
            ...STATES.map((s) => ({ value: s, label: t(`reminders.state.${s}`) })),
          ]}
          data-testid="reminder-recipients-state"
        />
        <Select
          style={{ width: 180 }}
          value={filter.paid ?? ''}
          onChange={(paid: 'yes' | 'no' | '') => narrow({ ...filter, paid: paid || undefined })}
          options={[
            { value: '', label: t('reminders.paidFilter') },
            { value: 'yes', label: t('reminders.paidYes') },
            { value: 'no', label: t('reminders.paidNo') },
          ]}
        />
      </Flex>
      <Table<Recipient>
        rowKey="id"
        size="small"
        loading={people.isLoading}
        dataSource={people.data?.records}
        data-testid="reminder-recipients"
        pagination={{
          current,
          total: people.data?.total ?? 0,
          onChange: setCurrent,
          showTotal: (total) => t('common.total', { total }),
        }}
        columns={[
          personColumn({
            title: t('reminders.person'),
            key: 'person',
            name: (r) => r.personName,
            no: (r) => r.personNo,
          }),
          textColumn({ title: t('reminders.className'), dataIndex: 'className', userData: true }),
          moneyColumn({ title: t('reminders.owedThen'), dataIndex: 'owedFen' }),
          moneyColumn({ title: t('reminders.owedNow'), dataIndex: 'owedNowFen' }),
          moneyColumn({
            title: t('reminders.paidSince'),
            dataIndex: 'paidSinceFen',
            render: (fen: number) => (fen > 0 ? <Tag color="green">{`+${formatYuan(fen)}`}</Tag> : ''),
          }),
          labelColumn({
            title: t('reminders.outcome'),
            dataIndex: 'state',
            render: (s: RecipientState, r) => (
              <>
                <Tag color={STATE_COLORS[s]} data-testid="reminder-recipient-state" data-state={s}>
                  {t(`reminders.state.${s}`)}
                </Tag>
                {r.channel && s === 'sent' ? (
                  <SecondLine>{t(`reminders.channel.${r.channel}` as TextKey)}</SecondLine>
                ) : null}
              </>
            ),
          }),
          textColumn({
            title: t('reminders.reasonTitle'),
            key: 'reason',
            text: (r) => reasonText(t, r.reason),
          }),
          dateColumn({ title: t('reminders.sentAt'), dataIndex: 'sentAt' }),
        ]}
      />
    </Drawer>
  );
}
