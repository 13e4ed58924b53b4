/** A write-only field: what is stored shows only as set / not set (ids: their last 4 characters). */
import type { SecretState } from '@cf/shared/wire/admin-settings';
import { Input, Tag } from 'antd';
import { useT } from '@admin/lib/i18n/use-t';

export function SecretState({ state }: { state: SecretState }) {
  const { t } = useT();
  if (!state.set) return <Tag>{t('settings.secretNotSet')}</Tag>;
  return (
    <Tag color="green">
      {state.tail ? t('settings.secretSetTail', { tail: state.tail }) : t('settings.secretSet')}
    </Tag>
  );
}

export function SecretInput({
  multiline,
  ...props
}: {
  multiline?: boolean;
  id?: string;
  value?: string;
  onChange?: (e: { target: { value: string } }) => void;
}) {
  const { t } = useT();
  return multiline ? (
    <Input.TextArea rows={3} autoComplete="off" placeholder={t('settings.secretHint')} {...props} />
  ) : (
    <Input.Password autoComplete="new-password" placeholder={t('settings.secretHint')} {...props} />
  );
}
