import type { FeeSummary, PayNow } from '@cf/shared/fees';
import { formatYuan } from '@cf/shared/money';
import { useId, useState, type ReactNode } from 'react';
import type { TextKey } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import styles from './pay-now-card.module.css';

/**
 * The eight figures of spec §3 with what each means, in the order they build on each other: what was
 * charged, what came off it, what is still owed, what is due now; then what can be paid now.
 */
const TERMS: { key: keyof FeeSummary; textKey: TextKey; explainKey: TextKey }[] = [
  { key: 'payable', textKey: 'summary.payable', explainKey: 'summary.explain.payable' },
  { key: 'reduction', textKey: 'summary.reduction', explainKey: 'summary.explain.reduction' },
  {
    key: 'deferredDeduction',
    textKey: 'summary.deferredDeduction',
    explainKey: 'summary.explain.deferredDeduction',
  },
  { key: 'received', textKey: 'summary.received', explainKey: 'summary.explain.received' },
  { key: 'refund', textKey: 'summary.refund', explainKey: 'summary.explain.refund' },
  { key: 'receivable', textKey: 'summary.receivable', explainKey: 'summary.explain.receivable' },
  { key: 'deferred', textKey: 'summary.deferred', explainKey: 'summary.explain.deferred' },
  { key: 'pending', textKey: 'summary.pending', explainKey: 'summary.explain.pending' },
];

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
        <dl id={`${foldId}-fold`} className={styles.terms} data-testid="fee-summary">
          {TERMS.map(({ key, textKey, explainKey }) => (
            <div key={key} className={styles.term} data-amount={key}>
              <dt>{t(textKey)}</dt>
              <dd className={styles.termAmount} data-role="amount">
                {formatYuan(summary[key])}
              </dd>
              <dd className={styles.explain}>{t(explainKey)}</dd>
            </div>
          ))}
          <div className={`${styles.term} ${styles.total}`} data-amount="payNow">
            <dt>{t('summary.payNow')}</dt>
            <dd className={styles.termAmount} data-role="amount">
              {formatYuan(payNow.payNowFen)}
            </dd>
            <dd className={styles.explain}>{t('summary.explain.payNow')}</dd>
          </div>
        </dl>
      ) : null}
    </section>
  );
}
