import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { getTenant } from '@/api/get-tenant';
import { FormRow } from '@/components/form-row';
import { beginLoading, clearLoading, toastFail, toastSuccess } from '@/lib/feedback';
import { useLanguage, useT } from '@/lib/i18n/use-t';
import { reloadAt, takeReturnAddress } from '@/lib/navigation';
import { saveSession } from '@/lib/session';
import { getPreferredTenantId, setPreferredTenantId } from '@/lib/tenant';
import { wechatSource } from '@/lib/wechat';
import { captchaQueryOptions, useCaptcha } from '@/api/get-captcha';
import { usePublicTenants } from '../api/get-public-tenants';
import { useLoginByPassword } from '../api/login-by-password';
import { startWechatAuthorize } from '../wechat-flow';
import styles from './login-form.module.css';

/**
 * Sign-in by account (or phone) and password with a captcha (spec §2, §5): account and password
 * are required; 'logging in, please wait' -> 'login succeeded' -> reload at the return address.
 */
export function LoginForm({ idPrefix = 'login' }: { idPrefix?: string }) {
  const t = useT();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const tenants = usePublicTenants();
  const captcha = useCaptcha();
  const login = useLoginByPassword();
  const [chosenTenant, setChosenTenant] = useState(getPreferredTenantId() ?? '');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [captchaCode, setCaptchaCode] = useState('');
  // Once signed in the button stays disabled until the page reloads.
  const [signedIn, setSignedIn] = useState(false);
  const source = wechatSource();

  const tenantList = tenants.data ?? [];
  // The kept tenant when it is still offered, else the first one.
  const tenantId = tenantList.some((x) => x.tenantId === chosenTenant)
    ? chosenTenant
    : (tenantList[0]?.tenantId ?? '');
  const id = (name: string) => `${idPrefix}-${name}`;

  function newCaptcha() {
    setCaptchaCode('');
    void queryClient.invalidateQueries({ queryKey: captchaQueryOptions().queryKey });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (login.isPending || signedIn) return;
    const missing = !tenantId
      ? 'login.tenantRequired'
      : !username.trim()
        ? 'login.accountRequired'
        : !password
          ? 'login.passwordRequired'
          : !captchaCode.trim()
            ? 'login.captchaRequired'
            : undefined;
    if (missing) return toastFail(t(missing));
    if (!captcha.data) return newCaptcha();
    setPreferredTenantId(tenantId);
    beginLoading(t('login.loggingIn'));
    try {
      const grant = await login.mutateAsync({
        tenantId,
        username,
        password,
        captchaKey: captcha.data.key,
        captchaCode,
      });
      clearLoading();
      setSignedIn(true);
      // The session is saved as the page reloads, so nothing moves under the success toast.
      toastSuccess(t('login.succeeded'), {
        duration: 1000,
        afterClose: () => {
          saveSession(grant);
          reloadAt(takeReturnAddress());
        },
      });
    } catch {
      // The client already showed the server's reason; a captcha is good for one try only.
      clearLoading();
      newCaptcha();
    }
  }

  async function signInWithWechat() {
    if (!source || !tenantId) return;
    const tenant = await queryClient.fetchQuery({
      queryKey: ['tenant', tenantId],
      queryFn: () => getTenant(tenantId),
    });
    if (!startWechatAuthorize(tenant, source)) toastFail(t('common.appNotAuthorized'));
  }

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate aria-label={t('login.title')}>
      <div className={styles.fields}>
        <FormRow htmlFor={id('tenant')} label={t('login.tenant')}>
          <select
            id={id('tenant')}
            className={styles.select}
            value={tenantId}
            onChange={(e) => {
              setChosenTenant(e.target.value);
              setPreferredTenantId(e.target.value);
            }}
          >
            {tenantList.length === 0 ? (
              <option value="">{tenants.isLoading ? t('common.loading') : t('login.noTenants')}</option>
            ) : null}
            {tenantList.map((tenant) => (
              <option key={tenant.tenantId} value={tenant.tenantId}>
                {language === 'en' ? tenant.tenantNameEn || tenant.tenantName : tenant.tenantName}
              </option>
            ))}
          </select>
        </FormRow>
        <FormRow htmlFor={id('username')} label={t('login.username')}>
          <input
            id={id('username')}
            className={styles.input}
            name="username"
            autoComplete="username"
            placeholder={t('login.usernamePlaceholder')}
            value={username}
            onChange={(e) => setUsername(e.target.value)}
          />
        </FormRow>
        <FormRow htmlFor={id('password')} label={t('login.password')}>
          <input
            id={id('password')}
            className={styles.input}
            name="password"
            type="password"
            autoComplete="current-password"
            placeholder={t('login.passwordPlaceholder')}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </FormRow>
        <FormRow
          htmlFor={id('captcha')}
          label={t('login.captcha')}
          extra={
            <button
              type="button"
              className={styles.captchaButton}
              onClick={newCaptcha}
              aria-label={t('login.captchaImage')}
              data-testid="captcha-refresh"
            >
              {captcha.data ? (
                <img className={styles.captchaImage} src={captcha.data.image} alt={t('login.captchaImage')} />
              ) : (
                <span className={styles.captchaPlaceholder} />
              )}
            </button>
          }
        >
          <input
            id={id('captcha')}
            className={styles.input}
            name="captcha"
            autoComplete="off"
            autoCapitalize="off"
            maxLength={8}
            placeholder={t('login.captchaPlaceholder')}
            value={captchaCode}
            onChange={(e) => setCaptchaCode(e.target.value)}
          />
        </FormRow>
      </div>
      <button
        className={styles.submit}
        type="submit"
        disabled={login.isPending || signedIn}
        aria-busy={login.isPending}
      >
        {t('login.submit')}
      </button>
      {source ? (
        <button className={styles.wechat} type="button" onClick={() => void signInWithWechat()}>
          {t(source === 'wxwork' ? 'login.wechatWork' : 'login.wechat')}
        </button>
      ) : null}
    </form>
  );
}
