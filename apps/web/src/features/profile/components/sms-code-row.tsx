import Input from 'antd-mobile/es/components/input';
import type { ReactNode } from 'react';
import { FormRow } from '@/components/form-row';
import { SendCodeButton } from '@/components/send-code-button';
import { useT } from '@/lib/i18n/use-t';

/**
 * The one verification-code line of the profile forms: the 6-digit code and its send button with
 * the spec §4 countdown (SendCodeButton). Used for codes to the held phone, a new phone and a new
 * e-mail address alike.
 */
export function SmsCodeRow({
  id,
  name = 'verifyCode',
  label,
  value,
  onChange,
  onSend,
}: {
  id: string;
  name?: string;
  label?: ReactNode;
  value: string;
  onChange: (value: string) => void;
  /** Sends the code; resolves true when sent (the caller keeps the verify id). */
  onSend: () => Promise<boolean>;
}) {
  const t = useT();
  return (
    <FormRow htmlFor={id} label={label ?? t('bind.verifyCode')} extra={<SendCodeButton onSend={onSend} />}>
      <Input
        id={id}
        name={name}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        placeholder={t('code.placeholder')}
        value={value}
        onChange={onChange}
      />
    </FormRow>
  );
}
