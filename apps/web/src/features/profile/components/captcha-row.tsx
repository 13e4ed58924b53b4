import Input from 'antd-mobile/es/components/input';
import { useQueryClient } from '@tanstack/react-query';
import { captchaQueryOptions, useCaptcha } from '@/api/get-captcha';
import { FormRow } from '@/components/form-row';
import { useT } from '@/lib/i18n/use-t';
import styles from './mine.module.css';

/**
 * The picture code a code to a new phone needs (spec §5 profile phone edit): the typed text and
 * the image (tap for a new one). `captchaKey` is undefined until the image has loaded.
 */
export function CaptchaRow({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const t = useT();
  const captcha = useCaptcha();
  const queryClient = useQueryClient();
  const refresh = () => {
    onChange('');
    void queryClient.invalidateQueries({ queryKey: captchaQueryOptions().queryKey });
  };
  return (
    <FormRow
      htmlFor="mine-captcha"
      label={t('mine.captcha')}
      extra={
        <button
          type="button"
          className={styles.captchaButton}
          onClick={refresh}
          aria-label={t('login.captchaImage')}
          data-testid="captcha-refresh"
        >
          {captcha.data ? (
            <img className={styles.captchaImage} src={captcha.data.image} alt={t('login.captchaImage')} />
          ) : (
            <span className={styles.captchaImage} />
          )}
        </button>
      }
    >
      <Input
        id="mine-captcha"
        name="captcha"
        autoComplete="off"
        maxLength={8}
        placeholder={t('login.captchaPlaceholder')}
        value={value}
        onChange={onChange}
      />
    </FormRow>
  );
}

/** The key of the captcha on screen (the send call names it), and a way to ask for a new one. */
export function useCaptchaKey(): { key: string | undefined; renew: () => void } {
  const captcha = useCaptcha();
  const queryClient = useQueryClient();
  return {
    key: captcha.data?.key,
    renew: () => void queryClient.invalidateQueries({ queryKey: captchaQueryOptions().queryKey }),
  };
}
