import type { FeeSummary } from '@cf/shared/fees';
import { formatYuan } from '@cf/shared/money';
import type { TextKey } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import styles from './fee-terms.module.css';

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

interface FeeTermsProps {
  id?: string;
  summary: FeeSummary;
  /** What can be paid now (the server's payNow.payNowFen), the last line. */
  payNowFen: number;
  testId?: string;
}

/** Each figure of the summary with its amount and one line saying what it is (both languages). */
export function FeeTerms({ id, summary, payNowFen, testId }: FeeTermsProps) {
  const t = useT();
  const row = (key: string, textKey: TextKey, explainKey: TextKey, fen: number, total = false) => (
    <div key={key} className={total ? `${styles.term} ${styles.total}` : styles.term} data-amount={key}>
      <dt>{t(textKey)}</dt>
      <dd className={styles.amount} data-role="amount">
        {formatYuan(fen)}
      </dd>
      <dd className={styles.explain}>{t(explainKey)}</dd>
    </div>
  );
  return (
    <dl id={id} className={styles.terms} data-testid={testId}>
      {TERMS.map(({ key, textKey, explainKey }) => row(key, textKey, explainKey, summary[key]))}
      {row('payNow', 'summary.payNow', 'summary.explain.payNow', payNowFen, true)}
    </dl>
  );
}
