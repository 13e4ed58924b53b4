import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import { refreshAfterWrite } from '@cf/shared/query-refresh';
import { isPhone } from '@cf/shared/validation';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { FormRow } from '@/components/form-row';
import { PageSpinner } from '@/components/page-spinner';
import { toastFail, toastSuccess, toastText } from '@/lib/feedback';
import { useT } from '@/lib/i18n/use-t';
import { codeProblem } from '@/lib/pending-code';
import { useSession } from '@/lib/use-session';
import { useChangeReservedPhone } from '../api/change-phone';
import { bindInfoQuery } from '@/api/get-bind-info';
import { stepUpMethodQuery, useStepUpMethod } from '../api/get-step-up-method';
import { useSendNewPhoneCode } from '../api/send-new-phone-code';
import { CaptchaRow, useCaptchaKey } from '../components/captcha-row';
import styles from '../components/mine.module.css';
import { ProveHeldPhone } from '../components/prove-held-phone';
import { SmsCodeRow } from '../components/sms-code-row';

/**
 * /user/phone, the finance-reserved phone: step 1 proves the phone held now (a code texted to it,
 * or the password when none is held); step 2 is spec §5's profile phone edit: the new phone (11
 * digits, 1 then 3–9), the picture code and the SMS code to the new phone with its 60 s countdown.
 */
export default function PhonePage() {
  const t = useT();
  const stepUp = useStepUpMethod();
  const [verifyToken, setVerifyToken] = useState<string>();
  let body;
  if (stepUp.isError) body = <p className={styles.alert}>{t('phone.loadFailed')}</p>;
  else if (!stepUp.data) body = <PageSpinner />;
  else if (verifyToken === undefined && stepUp.data.method !== 'none')
    body = (
      <ProveHeldPhone method={{ ...stepUp.data, method: stepUp.data.method }} onProven={setVerifyToken} />
    );
  else body = <NewPhoneForm verifyToken={verifyToken} />;
  return <div className={styles.page}>{body}</div>;
}

function NewPhoneForm({ verifyToken }: { verifyToken: string | undefined }) {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const captcha = useCaptchaKey();
  const [phone, setPhone] = useState('');
  const [captchaCode, setCaptchaCode] = useState('');
  const [verifyCode, setVerifyCode] = useState('');
  const [verifyId, setVerifyId] = useState('');
  const [saving, setSaving] = useState(false);
  const sendCode = useSendNewPhoneCode();
  const change = useChangeReservedPhone();

  function phoneProblem(): string | null {
    if (!phone.trim()) return t('validate.phoneEmpty');
    return isPhone(phone.trim()) ? null : t('validate.phoneCorrect');
  }

  async function send(): Promise<boolean> {
    const problem = phoneProblem() ?? (captchaCode.trim() && captcha.key ? null : t('mine.captchaRequired'));
    if (problem) {
      toastFail(problem);
      return false;
    }
    try {
      const { id } = await sendCode.mutateAsync({
        phone: phone.trim(),
        captchaKey: captcha.key!,
        captchaCode: captchaCode.trim(),
      });
      setVerifyId(id);
      toastText(t('code.sent'));
      return true;
    } finally {
      // A picture code is good for one send only.
      setCaptchaCode('');
      captcha.renew();
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const codeKey = codeProblem(verifyCode, verifyId);
    const problem = phoneProblem() ?? (codeKey && t(codeKey));
    if (problem) return toastFail(problem);
    setSaving(true);
    try {
      await change.mutateAsync({ phone: phone.trim(), verifyCode: verifyCode.trim(), verifyId, verifyToken });
      await Promise.all([
        refreshAfterWrite(queryClient, bindInfoQuery(user?.userId ?? '').queryKey),
        refreshAfterWrite(queryClient, stepUpMethodQuery().queryKey),
      ]);
      toastSuccess(t('mine.phoneSaved'));
      void navigate('/user/edit', { replace: true });
    } catch (error) {
      // Spec §8: a failed phone change only logs; the client already showed the server's message.
      // eslint-disable-next-line no-console
      console.error('phone change failed', error);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby="phone-step-new">
      <h3 id="phone-step-new" style={{ margin: '0 0 0.5rem', fontSize: '0.9rem' }}>
        {t('mine.stepNewPhone')}
      </h3>
      <p className={styles.hint}>{t('mine.newPhoneHint')}</p>
      <div className={styles.box}>
        <FormRow htmlFor="mine-new-phone" label={t('mine.newPhone')}>
          <Input
            id="mine-new-phone"
            name="phone"
            type="tel"
            inputMode="numeric"
            maxLength={11}
            placeholder={t('mine.newPhonePlaceholder')}
            value={phone}
            onChange={setPhone}
            clearable
          />
        </FormRow>
        <CaptchaRow value={captchaCode} onChange={setCaptchaCode} />
        <SmsCodeRow id="mine-new-phone-code" value={verifyCode} onChange={setVerifyCode} onSend={send} />
      </div>
      <Button type="submit" block color="primary" loading={saving} disabled={saving}>
        {t('mine.submit')}
      </Button>
    </form>
  );
}
