import { formatYuan } from '@cf/shared/money';
import { Link } from 'react-router';
import { useT } from '@/lib/i18n/use-t';
import { useOwedNow } from '../api/get-owed-now';
import styles from './owed-now-card.module.css';

/** Home's first card for a student: what can be paid now (the fee list's headline) and the way to pay it. */
export function OwedNowCard() {
  const t = useT();
  const owed = useOwedNow(true);
  if (owed.isError) return null;
  if (!owed.data) {
    // Holds the card's place while the figure loads, so the entries below never move under a tap.
    return (
      <section className={styles.card} aria-busy="true" data-testid="owed-now-loading">
        <div className={styles.text}>
          <p className={styles.title}>{t('home.owedNow')}</p>
          <p className={styles.amount} aria-hidden="true">
            <span className={styles.placeholder}>{'\u00a0'}</span>
          </p>
        </div>
        <span className={styles.paySlot} />
      </section>
    );
  }
  const { dueFen, inOrdersFen } = owed.data;
  return (
    <section className={styles.card} aria-labelledby="owed-now-title" data-testid="owed-now">
      <div className={styles.text}>
        <h2 id="owed-now-title" className={styles.title}>
          {t('home.owedNow')}
        </h2>
        {dueFen > 0 ? (
          <p className={styles.amount} data-testid="owed-now-amount">
            {formatYuan(dueFen)}
          </p>
        ) : (
          <p className={styles.none}>{t('home.owedNothing')}</p>
        )}
        {inOrdersFen > 0 ? (
          <p className={styles.note} data-testid="owed-now-in-orders">
            {t('home.owedInOrders', { amount: formatYuan(inOrdersFen) })}
          </p>
        ) : null}
      </div>
      {dueFen > 0 ? (
        <Link className={styles.pay} to="/fee/index" data-testid="owed-now-pay">
          {t('home.owedPay')}
        </Link>
      ) : null}
    </section>
  );
}
