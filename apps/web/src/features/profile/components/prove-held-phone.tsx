import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import { useState, type FormEvent } from 'react';
import { FormRow } from '@/components/form-row';
import { SendCodeButton } from '@/components/send-code-button';
import { toastFail, toastText } from '@/lib/feedback';
import { useT } from '@/lib/i18n/use-t';
import type { StepUpMethodReply as StepUpMethod } from '@cf/shared/wire/user';
import { useSendHeldPhoneCode } from '../api/send-held-phone-code';
import { useVerifyHeldPhone } from '../api/verify-held-phone';
import { useVerifyPassword } from '../api/verify-password';

const boxStyle = { borderRadius: '0.5rem', overflow: 'hidden', marginBottom: '1rem' } as const;
const hintStyle = { margin: '0 0 0.75rem', fontSize: '0.8rem', lineHeight: 1.5, color: '#666' } as const;

/**
 * Step 1 of the phone change (issue 9): the caller proves control of the phone held now (a code
 * texted to it, shown masked) or, holding none, re-enters the password. Answers a one-use token.
 */
export function ProveHeldPhone({
  method,
  onProven,
}: {
  method: StepUpMethod & { method: 'sms' | 'password' };
  onProven: (verifyToken: string) => void;
}) {
  const t = useT();
  const [verifyCode, setVerifyCode] = useState('');
  const [verifyId, setVerifyId] = useState('');
  const [password, setPassword] = useState('');
  const [checking, setChecking] = useState(false);
  const sendCode = useSendHeldPhoneCode();
  const verifyPhone = useVerifyHeldPhone();
  const verifyPassword = useVerifyPassword();
  const bySms = method.method === 'sms';

  async function send(): Promise<boolean> {
    const { id } = await sendCode.mutateAsync();
    setVerifyId(id);
    toastText(t('code.sent'));
    return true;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (checking) return;
    const problem = bySms
      ? verifyCode.trim()
        ? null
        : t('validate.verifyCodeRequired')
      : password
        ? null
        : t('validate.passwordRequired');
    if (problem) return toastFail(problem);
    setChecking(true);
    try {
      const token = bySms
        ? await verifyPhone.mutateAsync({ verifyId, verifyCode: verifyCode.trim() })
        : await verifyPassword.mutateAsync(password);
      onProven(token);
    } catch (error) {
      // The client already showed the server's message; the person may try again.
      // eslint-disable-next-line no-console
      console.error('phone proof failed', error);
    } finally {
      setChecking(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby="phone-step-prove">
      <h3 id="phone-step-prove" style={{ margin: '0 0 0.5rem', fontSize: '0.9rem' }}>
        {bySms ? t('phone.stepProve') : t('phone.stepProvePassword')}
      </h3>
      <p style={hintStyle}>{bySms ? t('phone.proveSmsHint') : t('phone.provePasswordHint')}</p>
      <div style={boxStyle}>
        {bySms ? (
          <>
            <FormRow htmlFor="phone-held" label={t('phone.heldPhone')}>
              <Input id="phone-held" value={method.phoneMasked ?? ''} readOnly />
            </FormRow>
            <FormRow
              htmlFor="phone-held-code"
              label={t('bind.verifyCode')}
              extra={<SendCodeButton onSend={send} />}
            >
              <Input
                id="phone-held-code"
                name="heldVerifyCode"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                placeholder={t('code.placeholder')}
                value={verifyCode}
                onChange={setVerifyCode}
              />
            </FormRow>
          </>
        ) : (
          <FormRow htmlFor="phone-password" label={t('phone.password')}>
            <Input
              id="phone-password"
              name="password"
              type="password"
              autoComplete="current-password"
              placeholder={t('validate.passwordRequired')}
              value={password}
              onChange={setPassword}
            />
          </FormRow>
        )}
      </div>
      <Button type="submit" block color="primary" loading={checking} disabled={checking}>
        {t('phone.next')}
      </Button>
    </form>
  );
}
