import { formatYuan } from '@cf/shared/money';
import type { ReactNode } from 'react';
import { localName } from '@/components/finance/finance-text';
import { formatDate } from '@/lib/date-time';
import { useLanguage, useT } from '@/lib/i18n/use-t';
import type { Receivable } from '../api/fee-types';
import { FeeSummaryGrid } from './fee-summary-grid';
import { OpenOrders } from './open-orders';
import styles from './receivable-card.module.css';

/** A receivable's name, year, due date, fee summary and what is open on it; `children` go below. */
export function ReceivableCard({ receivable, children }: { receivable: Receivable; children?: ReactNode }) {
  const t = useT();
  const language = useLanguage();
  return (
    <section className={styles.card} aria-labelledby="receivable-name" data-testid="receivable-card">
      <h2 id="receivable-name" className={styles.name}>
        {localName(language, receivable.itemName, receivable.itemNameEn)}
      </h2>
      <p className={styles.meta}>
        {receivable.schoolYear ? <span>{t('fee.schoolYear', { year: receivable.schoolYear })}</span> : null}
        {receivable.dueDate ? (
          <span>{t('fee.dueDate', { date: formatDate(receivable.dueDate) })}</span>
        ) : null}
      </p>
      <div className={styles.available}>
        <span>{t('fee.available')}</span>
        <strong data-testid="receivable-available">{formatYuan(receivable.availableFen)}</strong>
      </div>
      <FeeSummaryGrid summary={receivable.summary} />
      <OpenOrders orders={receivable.openOrders} />
      {receivable.pendingReviewFen > 0 ? (
        <p className={styles.hint}>
          {t('fee.pendingReview', { amount: formatYuan(receivable.pendingReviewFen) })}
        </p>
      ) : null}
      {children}
    </section>
  );
}
