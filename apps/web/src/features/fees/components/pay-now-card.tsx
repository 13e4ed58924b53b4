import type { FeeSummary, PayNow } from '@cf/shared/fees';
import { formatYuan } from '@cf/shared/money';
import { useId, useState, type ReactNode } from 'react';
import { useT } from '@/lib/i18n/use-t';
import { FeeTerms } from './fee-terms';
import styles from './pay-now-card.module.css';

interface PayNowCardProps {
  title: string;
  summary: FeeSummary;
  payNow: PayNow;
  /** Under the headline: how to pay it (the fee list: tick 全选). */
  hint?: string;
  /** In the card's head, beside the title (a link to the history). */
  action?: ReactNode;
  /** Under the title (a receivable's school year and due date). */
  meta?: ReactNode;
  /** Below the notes, before the fold (a receivable's open orders). */
  children?: ReactNode;
  testId?: string;
}

/**
 * The payer's one figure — what can be paid now (@cf/shared/fees payNowOf, sent by the server) — with
 * what else is owed said in words, and the eight figures of the summary folded behind an explanation
 * of each term. The fee list's head and a receivable's detail.
 */
export function PayNowCard(props: PayNowCardProps) {
  const { title, summary, payNow, hint, action, meta, children, testId } = props;
  const t = useT();
  const [open, setOpen] = useState(false);
  const foldId = useId();
  const notes = [
    payNow.inOrdersFen > 0 ? t('fee.inOrders', { amount: formatYuan(payNow.inOrdersFen) }) : null,
    payNow.inReviewFen > 0 ? t('fee.inReview', { amount: formatYuan(payNow.inReviewFen) }) : null,
    payNow.deferredOwedFen > 0 ? t('fee.deferredOwed', { amount: formatYuan(payNow.deferredOwedFen) }) : null,
  ].filter((note): note is string => note !== null);

  return (
    <section className={styles.card} aria-labelledby={`${foldId}-title`} data-testid={testId}>
      <div className={styles.head}>
        <h2 id={`${foldId}-title`} className={styles.title}>
          {title}
        </h2>
        {action}
      </div>
      {meta ? <p className={styles.meta}>{meta}</p> : null}
      <p className={styles.headline}>
        <span className={styles.label}>{t('summary.payNow')}</span>
        <strong className={styles.amount} data-testid="pay-now-amount">
          {formatYuan(payNow.payNowFen)}
        </strong>
      </p>
      {payNow.payNowFen > 0 && hint ? <p className={styles.hint}>{hint}</p> : null}
      {payNow.payNowFen === 0 ? <p className={styles.hint}>{t('fee.payNowNothing')}</p> : null}
      {notes.length > 0 ? (
        <ul className={styles.notes} data-testid="pay-now-notes">
          {notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
      {children}
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={`${foldId}-fold`}
        onClick={() => setOpen((v) => !v)}
        data-testid="pay-now-explain"
      >
        {t(open ? 'fee.explainHide' : 'fee.explainShow')}
      </button>
      {open ? (
        <FeeTerms id={`${foldId}-fold`} summary={summary} payNowFen={payNow.payNowFen} testId="fee-summary" />
      ) : null}
    </section>
  );
}
