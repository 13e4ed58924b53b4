import Switch from 'antd-mobile/es/components/switch';
import type { NotifyGroup } from '@cf/shared/notify';
import { toastSuccess } from '@/lib/feedback';
import type { TextKey } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { useNotifySettings, useSaveNotifySettings } from '../api/notify-settings';
import styles from '../components/mine.module.css';
import notify from './notify-page.module.css';

const GROUP_TEXT: Record<NotifyGroup, { label: TextKey; hint: TextKey }> = {
  receipts: { label: 'notify.receipts', hint: 'notify.receiptsHint' },
  refunds: { label: 'notify.refunds', hint: 'notify.refundsHint' },
  invoices: { label: 'notify.invoices', hint: 'notify.invoicesHint' },
  binding: { label: 'notify.binding', hint: 'notify.bindingHint' },
  bills: { label: 'notify.bills', hint: 'notify.billsHint' },
  salary: { label: 'notify.salary', hint: 'notify.salaryHint' },
  reminders: { label: 'notify.reminders', hint: 'notify.remindersHint' },
};

/**
 * /user/notify, Mine › 消息通知: each kind of message on or off (saved at once); security alerts
 * (phone or bank card changed) are always on and shown so.
 */
export default function NotifyPage() {
  const t = useT();
  const settings = useNotifySettings();
  const save = useSaveNotifySettings();
  const groups = settings.data?.groups ?? [];

  async function toggle(group: NotifyGroup, on: boolean) {
    const off = groups.filter((g) => (g.group === group ? !on : !g.on)).map((g) => g.group);
    await save.mutateAsync({ off });
    toastSuccess(t('notify.saved'));
  }

  return (
    <div className={styles.page}>
      <p className={styles.hint}>{t('notify.hint')}</p>
      {settings.isError ? <p className={styles.hint}>{t('notify.loadFailed')}</p> : null}
      <section className={styles.section}>
        <h2 className={styles.sectionTitle}>{t('notify.kinds')}</h2>
        <div className={styles.box}>
          {groups.map(({ group, on }) => (
            <label key={group} className={notify.row} data-testid={`notify-${group}`}>
              <span className={notify.text}>
                <span className={notify.label}>{t(GROUP_TEXT[group].label)}</span>
                <span className={notify.hint}>{t(GROUP_TEXT[group].hint)}</span>
              </span>
              <Switch
                checked={on}
                loading={save.isPending && save.variables?.off.includes(group) !== !on}
                onChange={(next) => toggle(group, next)}
                aria-label={t(GROUP_TEXT[group].label)}
              />
            </label>
          ))}
        </div>
      </section>
      <section className={styles.section}>
        <div className={styles.box}>
          <div className={notify.row} data-testid="notify-security">
            <span className={notify.text}>
              <span className={notify.label}>{t('notify.security')}</span>
              <span className={notify.hint}>{t('notify.securityHint')}</span>
            </span>
            <span className={notify.always}>{t('notify.alwaysOn')}</span>
          </div>
        </div>
      </section>
    </div>
  );
}
