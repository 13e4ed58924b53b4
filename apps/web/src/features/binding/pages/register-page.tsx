import Button from 'antd-mobile/es/components/button';
import RightOutline from 'antd-mobile-icons/es/RightOutline';
import { Link } from 'react-router';
import { useMobileModules } from '@/api/get-mobile-modules';
import { useT } from '@/lib/i18n/use-t';
import { reloadAt, takeReturnAddress } from '@/lib/navigation';
import { openPopup } from '@/lib/popups';
import { hasValidUserId } from '@/lib/session';
import { useSession } from '@/lib/use-session';
import { BindPanel } from '../components/bind-panel';
import styles from './register-page.module.css';

/** /register: bind a school identity; after binding the app reloads at the return address. */
export default function RegisterPage() {
  const t = useT();
  const { user } = useSession();
  const enrollOpen = (useMobileModules(user?.tenantId).data ?? []).includes('enroll');
  return (
    <div style={{ padding: '1rem' }}>
      <h2 style={{ margin: '0 0 0.25rem', fontSize: '1.1rem' }}>{t('bind.title')}</h2>
      <p style={{ margin: '0 0 1rem', fontSize: '0.85rem', color: '#666' }}>{t('bind.intro')}</p>
      {enrollOpen ? (
        // A newly admitted student has no student number to bind yet: enrolment fees come first.
        <Link className={styles.enrollLink} to="/enroll" data-testid="register-enroll-link">
          <span>
            <strong>{t('bind.enrollTitle')}</strong>
            <span className={styles.enrollText}>{t('bind.enrollText')}</span>
          </span>
          <RightOutline aria-hidden="true" />
        </Link>
      ) : null}
      <BindPanel idPrefix="register" onBound={() => reloadAt(takeReturnAddress())} />
      {/* Only for a visitor without an account session (a new WeChat user): someone signed in already is. */}
      {hasValidUserId(user) ? null : (
        <Button
          block
          fill="none"
          color="primary"
          style={{ marginTop: '0.75rem' }}
          onClick={() => openPopup('login')}
          data-testid="register-sign-in-instead"
        >
          {t('bind.signInInstead')}
        </Button>
      )}
    </div>
  );
}
