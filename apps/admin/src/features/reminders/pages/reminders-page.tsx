/**
 * 催缴提醒 / Fee reminders: a new reminder (who, how many, what they owe, the message, send now or at a
 * time), the reminders sent with their progress and people (stop one midway), and the reminders
 * scheduled per item. The tab and the open campaign are in the address (#/reminders?tab=sent&campaign=3).
 */
import { Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { Page } from '@admin/components/page';
import { useT } from '@admin/lib/i18n/use-t';
import { CampaignList } from '../components/campaign-list';
import { NewReminder } from '../components/new-reminder';
import { SchedulesPanel } from '../components/schedules-panel';

const TABS = ['new', 'sent', 'scheduled'] as const;
type Tab = (typeof TABS)[number];

export default function RemindersPage() {
  const { t } = useT();
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((k) => k === params.get('tab')) ?? 'new';
  const campaign = Number(params.get('campaign')) || undefined;
  const go = (next: { tab: Tab; campaign?: number }) =>
    setParams(next.campaign ? { tab: next.tab, campaign: String(next.campaign) } : { tab: next.tab });
  return (
    <Page title={t('reminders.heading')}>
      <Tabs
        activeKey={tab}
        onChange={(key) => go({ tab: key as Tab })}
        items={[
          {
            key: 'new',
            label: t('reminders.tabNew'),
            children: <NewReminder onSent={(c) => go({ tab: 'sent', campaign: c.id })} />,
          },
          {
            key: 'sent',
            label: t('reminders.tabCampaigns'),
            children: <CampaignList open={campaign} onOpen={(id) => go({ tab: 'sent', campaign: id })} />,
          },
          { key: 'scheduled', label: t('reminders.tabSchedules'), children: <SchedulesPanel /> },
        ]}
      />
    </Page>
  );
}
