import { isOtherMeansMethod } from '@cf/shared/fees';
import { formatYuan } from '@cf/shared/money';
import type { Bill } from '@cf/shared/wire/fee';
import { formatDate, formatDateTime } from '@/lib/date-time';
import { useLanguage, useT } from '@/lib/i18n/use-t';
import { localName, payMethodText } from './finance-text';
import { BillStatusTag } from './status-tag';
import styles from './bill-card.module.css';

/** Bill status 2: reviewed (billStatus.*). */
const BILL_REVIEWED = 2;

/** A charge or refund bill as the server sends it (amounts in fen; @cf/shared/wire/fee). */
export type BillView = Bill;

/** One bill (spec §3): date, method, project, price, quantity, amount or refund amount, status. */
export function BillCard({ bill }: { bill: BillView }) {
  const t = useT();
  const language = useLanguage();
  const refund = bill.kind === 'REFUND';
  return (
    <article className={styles.card} data-testid="bill-card" data-kind={bill.kind}>
      <header className={styles.head}>
        <span className={refund ? `${styles.kind} ${styles.refund}` : styles.kind}>
          {t(refund ? 'bill.kind.REFUND' : 'bill.kind.CHARGE')}
        </span>
        <span className={styles.project}>{localName(language, bill.project, bill.projectEn)}</span>
        {/* A payer needs the review state only while it matters: awaiting review, or void. */}
        {bill.status === BILL_REVIEWED ? null : <BillStatusTag status={bill.status} />}
      </header>
      <dl className={styles.fields}>
        <dt>{t('bill.date')}</dt>
        {/* Other means give the day of payment only: no invented 00:00. */}
        <dd>{isOtherMeansMethod(bill.method) ? formatDate(bill.billDate) : formatDateTime(bill.billDate)}</dd>
        <dt>{t('bill.method')}</dt>
        <dd>{payMethodText(bill.method, t)}</dd>
        <dt>{t('bill.price')}</dt>
        <dd>{formatYuan(bill.priceFen)}</dd>
        <dt>{t('bill.quantity')}</dt>
        <dd>{bill.quantity}</dd>
        <dt>{t(refund ? 'bill.refundAmount' : 'bill.amount')}</dt>
        <dd className={refund ? styles.refundAmount : styles.amount}>{formatYuan(bill.amountFen)}</dd>
        <dt>{t('bill.no')}</dt>
        <dd className={styles.no}>{bill.billNo}</dd>
      </dl>
    </article>
  );
}
