/** The salary step-up: a code texted to the finance-reserved phone (shown masked) buys the proof. */
import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import { useState, type FormEvent } from 'react';
import { FormRow } from '@/components/form-row';
import { PageSpinner } from '@/components/page-spinner';
import { SendCodeButton } from '@/components/send-code-button';
import { StatusView } from '@/components/status-view';
import { toastFail, toastText } from '@/lib/feedback';
import { useT } from '@/lib/i18n/use-t';
import { useSendSalaryCode } from '../api/send-salary-code';
import { useStepUpMethod } from '../api/get-step-up-method';
import { useVerifySalaryPhone } from '../api/verify-salary-phone';
import { keepSalaryProof } from '../salary-proof';
import styles from './salary.module.css';

export function SalaryStepUp() {
  const t = useT();
  const method = useStepUpMethod();
  const sendCode = useSendSalaryCode();
  const verify = useVerifySalaryPhone();
  const [verifyId, setVerifyId] = useState('');
  const [verifyCode, setVerifyCode] = useState('');

  if (method.isPending) return <PageSpinner />;
  if (method.data?.method !== 'sms')
    return (
      <StatusView
        role="status"
        testId="salary-no-phone"
        title={t('salary.stepUpTitle')}
        description={t('salary.noPhone')}
      />
    );

  async function send(): Promise<boolean> {
    const { id } = await sendCode.mutateAsync();
    setVerifyId(id);
    toastText(t('salary.codeSent'));
    return true;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (verify.isPending) return;
    if (!verifyCode.trim()) return toastFail(t('salary.codeRequired'));
    try {
      keepSalaryProof(await verify.mutateAsync({ verifyId, verifyCode: verifyCode.trim() }));
    } catch (error) {
      // The client showed the server's message (wrong or expired code); the person may try again.
      // eslint-disable-next-line no-console
      console.error('salary step-up failed', error);
    }
  }

  return (
    <form
      className={styles.page}
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-labelledby="salary-step-up"
    >
      <h2 id="salary-step-up" className={styles.stepTitle}>
        {t('salary.stepUpTitle')}
      </h2>
      <p className={styles.hint}>{t('salary.stepUpHint')}</p>
      <div className={styles.formBox}>
        <FormRow htmlFor="salary-held-phone" label={t('salary.heldPhone')}>
          <Input id="salary-held-phone" value={method.data.phoneMasked ?? ''} readOnly />
        </FormRow>
        <FormRow
          htmlFor="salary-code"
          label={t('salary.verifyCode')}
          extra={<SendCodeButton onSend={send} />}
        >
          <Input
            id="salary-code"
            name="salaryVerifyCode"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder={t('salary.codePlaceholder')}
            value={verifyCode}
            onChange={setVerifyCode}
          />
        </FormRow>
      </div>
      <Button type="submit" block color="primary" loading={verify.isPending} disabled={verify.isPending}>
        {t('salary.verify')}
      </Button>
    </form>
  );
}
