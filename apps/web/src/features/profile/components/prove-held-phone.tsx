import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import { useState, type FormEvent } from 'react';
import { FormRow } from '@/components/form-row';
import { toastFail, toastText } from '@/lib/feedback';
import { useT } from '@/lib/i18n/use-t';
import { codeProblem, dropPendingCode, keepPendingCode, pendingCode } from '@/lib/pending-code';
import type { StepUpMethodReply as StepUpMethod } from '@cf/shared/wire/user';
import { useSendHeldPhoneCode } from '../api/send-held-phone-code';
import { useVerifyHeldPhone, type ProofPurpose } from '../api/verify-held-phone';
import { useVerifyPassword } from '../api/verify-password';
import { SmsCodeRow } from './sms-code-row';

const boxStyle = { borderRadius: '0.5rem', overflow: 'hidden', marginBottom: '1rem' } as const;
const hintStyle = { margin: '0 0 0.75rem', fontSize: '0.8rem', lineHeight: 1.5, color: '#666' } as const;

/**
 * Step 1 of a phone, bank card or e-mail change (issues 9, 12): the caller proves control of the
 * phone held now (a code texted to it, shown masked) or, for a phone change while holding none,
 * re-enters the password. Answers a one-use token for `purpose`.
 */
export function ProveHeldPhone({
  method,
  onProven,
  purpose = 'phone',
}: {
  method: StepUpMethod & { method: 'sms' | 'password' };
  onProven: (verifyToken: string) => void;
  purpose?: ProofPurpose;
}) {
  const t = useT();
  const [verifyCode, setVerifyCode] = useState('');
  // The code sent to the held phone survives a reload (issue 24): it is kept per purpose and phone.
  const flow = `held-phone-${purpose}`;
  const heldPhone = method.phoneMasked ?? '';
  const [verifyId, setVerifyId] = useState(() => pendingCode(flow, heldPhone)?.id ?? '');
  const [password, setPassword] = useState('');
  const [checking, setChecking] = useState(false);
  const sendCode = useSendHeldPhoneCode();
  const verifyPhone = useVerifyHeldPhone();
  const verifyPassword = useVerifyPassword();
  const bySms = method.method === 'sms';
  const finance = purpose === 'finance';

  async function send(): Promise<boolean> {
    const { id } = await sendCode.mutateAsync();
    setVerifyId(id);
    keepPendingCode(flow, { id, to: heldPhone });
    toastText(t('code.sent'));
    return true;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (checking) return;
    const codeKey = codeProblem(verifyCode, verifyId);
    const problem = bySms ? codeKey && t(codeKey) : password ? null : t('validate.passwordRequired');
    if (problem) return toastFail(problem);
    setChecking(true);
    try {
      const token = bySms
        ? await verifyPhone.mutateAsync({ verifyId, verifyCode: verifyCode.trim(), purpose })
        : await verifyPassword.mutateAsync(password);
      if (bySms) dropPendingCode(flow);
      onProven(token);
    } catch (error) {
      // The client already showed the server's message; the person may try again.
      // eslint-disable-next-line no-console
      console.error('phone proof failed', error);
    } finally {
      setChecking(false);
    }
  }

  const title = finance
    ? t('mine.stepProveFinance')
    : bySms
      ? t('phone.stepProve')
      : t('phone.stepProvePassword');
  const hint = finance
    ? t('mine.proveFinanceHint')
    : bySms
      ? t('phone.proveSmsHint')
      : t('phone.provePasswordHint');
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby="phone-step-prove">
      <h3 id="phone-step-prove" style={{ margin: '0 0 0.5rem', fontSize: '0.9rem' }}>
        {title}
      </h3>
      <p style={hintStyle}>{hint}</p>
      <div style={boxStyle}>
        {bySms ? (
          <>
            <FormRow htmlFor="phone-held" label={t('phone.heldPhone')}>
              <Input id="phone-held" value={method.phoneMasked ?? ''} readOnly />
            </FormRow>
            <SmsCodeRow
              id="phone-held-code"
              name="heldVerifyCode"
              value={verifyCode}
              onChange={setVerifyCode}
              onSend={send}
            />
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
