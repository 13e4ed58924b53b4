import { useState } from 'react';
import { useLocation } from 'react-router';
import { LanguageSwitch } from '@/components/language-switch';
import { useT } from '@/lib/i18n/use-t';
import { currentQuery, reloadAt } from '@/lib/navigation';
import { LoginForm } from '../components/login-form';
import { WechatCallback } from '../components/wechat-callback';
import styles from './login-page.module.css';

/** /login: the password form, or the authorizing state when WeChat sent the visitor back. */
export default function LoginPage() {
  const t = useT();
  const location = useLocation();
  const query = currentQuery(location.search);
  const [passwordInstead, setPasswordInstead] = useState(false);
  const callback = query.code && query.state && !passwordInstead;
  // WeChat comes back with the state and no code when the visitor refused: say so, offer it again.
  const denied = !query.code && Boolean(query.state);

  return (
    <main className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{t('app.name')}</h1>
        <LanguageSwitch />
      </header>
      {callback ? (
        <WechatCallback
          code={query.code!}
          state={query.state!}
          onUsePassword={() => setPasswordInstead(true)}
        />
      ) : (
        <>
          {denied ? (
            <div className={styles.denied} role="status" data-testid="wechat-denied">
              <p>{t('login.authorizeDenied')}</p>
              <button type="button" className="plain-button" onClick={() => reloadAt('/home')}>
                {t('login.authorizeAgain')}
              </button>
            </div>
          ) : null}
          <h2 className={styles.subtitle}>{t('login.title')}</h2>
          <LoginForm />
        </>
      )}
    </main>
  );
}
