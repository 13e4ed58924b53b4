import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PageSpinner } from '@/components/page-spinner';
import { useT } from '@/lib/i18n/use-t';
import { useStepUpMethod } from '../api/get-step-up-method';
import styles from './mine.module.css';
import { ProveHeldPhone } from './prove-held-phone';

/**
 * Step 1 of a bank card or e-mail change: a code to the phone on file buys a 'finance' proof (the
 * server takes it only from a phone held 24 hours). Without a phone on file there is nothing to
 * prove it with: the person sets one first. Step 2 (`children`) gets the proof.
 */
export function FinanceProof({ children }: { children: (verifyToken: string) => ReactNode }) {
  const t = useT();
  const stepUp = useStepUpMethod();
  const [verifyToken, setVerifyToken] = useState<string>();
  if (verifyToken) return children(verifyToken);
  if (stepUp.isError) return <p className={styles.alert}>{t('phone.loadFailed')}</p>;
  if (!stepUp.data) return <PageSpinner />;
  if (stepUp.data.method !== 'sms')
    return (
      <div className={styles.alert} role="alert">
        <p style={{ margin: 0 }}>{t('mine.needPhone')}</p>
        <Link className={styles.actionLink} to="/user/phone">
          {t('mine.setPhone')}
        </Link>
      </div>
    );
  return (
    <ProveHeldPhone
      purpose="finance"
      method={{ ...stepUp.data, method: stepUp.data.method }}
      onProven={setVerifyToken}
    />
  );
}
