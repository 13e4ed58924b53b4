import Button from 'antd-mobile/es/components/button';
import { useQueryClient } from '@tanstack/react-query';
import { StatusView } from '@/components/status-view';
import { useT } from '@/lib/i18n/use-t';
import { openPopup } from '@/lib/popups';
import { useBindInfo } from '@/api/get-bind-info';
import styles from './binding-pending.module.css';

interface BindingPendingProps {
  userId: string;
  status: 'pending' | 'refused';
}

/**
 * In place of every screen while the binding waits for the finance office (or was refused): what
 * happens next, a way to look again, and binding anew (with the held phone's code it is active at once).
 */
export default function BindingPending({ userId, status }: BindingPendingProps) {
  const t = useT();
  const queryClient = useQueryClient();
  const info = useBindInfo(userId);
  const refused = status === 'refused';
  const checkAgain = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['user-info', userId] }),
      queryClient.invalidateQueries({ queryKey: ['bind-info', userId] }),
    ]);
  return (
    <StatusView
      role="status"
      testId="binding-pending"
      title={refused ? t('bind.refused.title') : t('bind.pending.title')}
      description={
        <>
          {refused
            ? t('bind.refused.body', { reason: info.data?.refuseReason ?? '' })
            : t('bind.pending.body')}
          <span className={styles.hint}>{t('bind.pending.hint')}</span>
        </>
      }
    >
      {refused ? null : (
        <Button color="primary" onClick={() => void checkAgain()}>
          {t('bind.pending.refresh')}
        </Button>
      )}
      <Button color="primary" fill="outline" onClick={() => openPopup('rebinding')}>
        {t('bind.pending.rebind')}
      </Button>
    </StatusView>
  );
}
