import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import { SheetPopup } from '@/components/sheet-popup';
import { ACCOUNT_PARAM_KEYS, isPhone } from '@cf/shared/validation';
import { useState, type FormEvent } from 'react';
import { useSystemParams } from '@/api/get-system-params';
import { FormRow } from '@/components/form-row';
import { toastFail, toastSuccess, toastText } from '@/lib/feedback';
import { useT } from '@/lib/i18n/use-t';
import { reloadAt } from '@/lib/navigation';
import { useSession } from '@/lib/use-session';
import { useStepUpMethod } from '../api/get-step-up-method';
import { useSendPhoneCode } from '../api/send-phone-code';
import { useUpdateRegisterPhone } from '../api/update-register-phone';
import { ProveHeldPhone } from './prove-held-phone';
import { SmsCodeRow } from './sms-code-row';

/**
 * The phone-change popup (60% height, spec §2, §5). Step 1 (issue 9) proves the phone held now: a
 * code texted to it, or the password when none is held (ProveHeldPhone). Step 2 is the spec's form:
 * 11 digits, first 1, second 3–9 ('enter a correct phone'); the code only when
 * account_registerPhone is '1'; 'modified successfully', the popup closes and the page reloads; a
 * failure only logs and re-enables the button.
 */
export default function PhoneChangePopup({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const t = useT();
  const { user } = useSession();
  const tenantId = user?.tenantId ?? '';
  const params = useSystemParams(tenantId);
  const stepUp = useStepUpMethod();
  /** The proof of step 1; undefined while unproven, or for good when there is nothing to prove. */
  const [verifyToken, setVerifyToken] = useState<string>();
  const proven = verifyToken !== undefined || stepUp.data?.method === 'none';
  const needCode = params.data?.[ACCOUNT_PARAM_KEYS.registerPhone] === '1';
  const [phone, setPhone] = useState('');
  const [verifyCode, setVerifyCode] = useState('');
  const [verifyId, setVerifyId] = useState('');
  const [saving, setSaving] = useState(false);
  const sendCode = useSendPhoneCode();
  const update = useUpdateRegisterPhone();

  function phoneProblem(): string | null {
    if (!phone.trim()) return t('validate.phoneEmpty');
    return isPhone(phone.trim()) ? null : t('validate.phoneCorrect');
  }

  async function send(): Promise<boolean> {
    const problem = phoneProblem();
    if (problem) {
      toastFail(problem);
      return false;
    }
    const { id } = await sendCode.mutateAsync({ tenantId, phone: phone.trim() });
    setVerifyId(id);
    toastText(t('code.sent'));
    return true;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const problem =
      phoneProblem() ?? (needCode && !verifyCode.trim() ? t('validate.verifyCodeRequired') : null);
    if (problem) return toastFail(problem);
    setSaving(true);
    try {
      await update.mutateAsync({
        phone: phone.trim(),
        verifyCode: verifyCode.trim(),
        verifyId,
        tenantId,
        verifyToken,
      });
      toastSuccess(t('phone.modified'), {
        duration: 1000,
        afterClose: () => reloadAt(window.location.hash.slice(1) || '/home'),
      });
      onClose();
    } catch (error) {
      // Spec §8: a failed phone change only logs; the client already showed the server's message.
      // eslint-disable-next-line no-console
      console.error('phone change failed', error);
    } finally {
      setSaving(false);
    }
  }

  return (
    <SheetPopup
      visible={visible}
      onClose={onClose}
      heightVh={60}
      titleId="phone-title"
      title={t('phone.title')}
    >
      {params.isError ? (
        <p role="alert">{t('common.paramsFailed')}</p>
      ) : stepUp.isError ? (
        <p role="alert">{t('phone.loadFailed')}</p>
      ) : !stepUp.data ? null : !proven && stepUp.data.method !== 'none' ? (
        <ProveHeldPhone method={{ ...stepUp.data, method: stepUp.data.method }} onProven={setVerifyToken} />
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('phone.stepNew')}>
          {stepUp.data.method === 'none' ? null : (
            <h3 id="phone-step-new" style={{ margin: '0 0 0.5rem', fontSize: '0.9rem' }}>
              {t('phone.stepNew')}
            </h3>
          )}
          {needCode ? (
            <p style={{ margin: '0 0 0.75rem', fontSize: '0.8rem', color: '#666' }}>
              {t('phone.newSmsHint')}
            </p>
          ) : null}
          <div style={{ borderRadius: '0.5rem', overflow: 'hidden', marginBottom: '1rem' }}>
            <FormRow htmlFor="phone-change-phone" label={t('phone.phone')}>
              <Input
                id="phone-change-phone"
                name="phone"
                type="tel"
                inputMode="numeric"
                maxLength={11}
                placeholder={t('bind.enter', { label: t('phone.phone') })}
                value={phone}
                onChange={setPhone}
                clearable
              />
            </FormRow>
            {needCode ? (
              <SmsCodeRow id="phone-change-code" value={verifyCode} onChange={setVerifyCode} onSend={send} />
            ) : null}
          </div>
          <Button type="submit" block color="primary" loading={saving} disabled={saving || !params.data}>
            {t('phone.submit')}
          </Button>
        </form>
      )}
    </SheetPopup>
  );
}
