import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import { emailProblem, normalizeEmail } from '@cf/shared/contact-rules';
import { maskEmail } from '@cf/shared/mask';
import { refreshAfterWrite } from '@cf/shared/query-refresh';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { FormRow } from '@/components/form-row';
import { toastFail, toastSuccess, toastText } from '@/lib/feedback';
import { useT } from '@/lib/i18n/use-t';
import { codeProblem } from '@/lib/pending-code';
import { useSession } from '@/lib/use-session';
import { useChangeEmail } from '../api/change-email';
import { bindInfoQuery, useBindInfo } from '@/api/get-bind-info';
import { useSendEmailCode } from '../api/send-email-code';
import { FinanceProof } from '../components/finance-proof';
import styles from '../components/mine.module.css';
import { SmsCodeRow } from '../components/sms-code-row';
import { ValueRow } from '../components/value-row';

/**
 * /user/email: step 1 proves the phone on file (a 'finance' proof), step 2 sends a code to the new
 * address (format and length checked here and on the server) and saves it with that code.
 */
export default function EmailPage() {
  const t = useT();
  const { user } = useSession();
  const info = useBindInfo(user?.userId).data;
  return (
    <div className={styles.page}>
      <div className={styles.box}>
        <ValueRow
          label={t('mine.currentEmail')}
          value={maskEmail(info?.financeEmail || info?.email)}
          testId="email-current"
        />
      </div>
      <FinanceProof>{(verifyToken) => <EmailForm verifyToken={verifyToken} />}</FinanceProof>
    </div>
  );
}

function EmailForm({ verifyToken }: { verifyToken: string }) {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const [email, setEmail] = useState('');
  const [verifyCode, setVerifyCode] = useState('');
  const [verifyId, setVerifyId] = useState('');
  const [saving, setSaving] = useState(false);
  const sendCode = useSendEmailCode();
  const change = useChangeEmail();

  function problem(): string | null {
    const found = emailProblem(email);
    return found ? t(found.key, found.max ? { max: found.max } : undefined) : null;
  }

  async function send(): Promise<boolean> {
    const found = problem();
    if (found) {
      toastFail(found);
      return false;
    }
    const { id } = await sendCode.mutateAsync({ email: normalizeEmail(email), verifyToken });
    setVerifyId(id);
    toastText(t('mine.emailSent'));
    return true;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const codeKey = codeProblem(verifyCode, verifyId);
    const found = problem() ?? (codeKey && t(codeKey));
    if (found) return toastFail(found);
    setSaving(true);
    try {
      await change.mutateAsync({
        email: normalizeEmail(email),
        verifyId,
        verifyCode: verifyCode.trim(),
        verifyToken,
      });
      await refreshAfterWrite(queryClient, bindInfoQuery(user?.userId ?? '').queryKey);
      toastSuccess(t('mine.emailSaved'));
      void navigate('/user/edit', { replace: true });
    } catch (error) {
      // The client already showed the server's message; the form stays for another try.
      // eslint-disable-next-line no-console
      console.error('e-mail change failed', error);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby="email-step-new">
      <h3 id="email-step-new" style={{ margin: '0 0 0.5rem', fontSize: '0.9rem' }}>
        {t('mine.stepEmail')}
      </h3>
      <p className={styles.hint}>{t('mine.emailHint')}</p>
      <div className={styles.box}>
        <FormRow htmlFor="mine-email" label={t('mine.newEmail')}>
          <Input
            id="mine-email"
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            maxLength={128}
            placeholder={t('mine.emailPlaceholder')}
            value={email}
            onChange={setEmail}
            clearable
          />
        </FormRow>
        <SmsCodeRow
          id="mine-email-code"
          name="emailCode"
          label={t('mine.emailCode')}
          value={verifyCode}
          onChange={setVerifyCode}
          onSend={send}
        />
      </div>
      <Button type="submit" block color="primary" loading={saving} disabled={saving}>
        {t('mine.submit')}
      </Button>
    </form>
  );
}
