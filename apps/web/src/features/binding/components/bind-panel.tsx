import Button from 'antd-mobile/es/components/button';
import { bindSettingsFromParams } from '@cf/shared/validation';
import { useSystemParams } from '@/api/get-system-params';
import { PageSpinner } from '@/components/page-spinner';
import { StatusView } from '@/components/status-view';
import { useT } from '@/lib/i18n/use-t';
import { useSession } from '@/lib/use-session';
import { BindForm } from './bind-form';

/** Loads the tenant's bind params, then shows the bind form ('Failed to retrieve parameters!' on failure). */
export function BindPanel({ idPrefix, onBound }: { idPrefix: string; onBound: () => void }) {
  const t = useT();
  const { user } = useSession();
  const params = useSystemParams(user?.tenantId);

  if (!user) return null;
  if (params.isError)
    return (
      <StatusView role="alert" title={t('common.paramsFailed')}>
        <Button color="primary" onClick={() => void params.refetch()}>
          {t('common.retry')}
        </Button>
      </StatusView>
    );
  if (!params.data) return <PageSpinner />;
  return (
    <BindForm
      settings={bindSettingsFromParams(params.data)}
      user={user}
      idPrefix={idPrefix}
      onBound={onBound}
    />
  );
}
