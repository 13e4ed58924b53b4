import type { FeeSummary } from '@cf/shared/fees';
import { formatYuan } from '@cf/shared/money';
import type { TextKey } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import styles from './fee-summary-grid.module.css';

/** The fee summary of spec §3, in its order. */
const AMOUNTS: { key: keyof FeeSummary; textKey: TextKey }[] = [
  { key: 'payable', textKey: 'summary.payable' },
  { key: 'deferred', textKey: 'summary.deferred' },
  { key: 'pending', textKey: 'summary.pending' },
  { key: 'receivable', textKey: 'summary.receivable' },
  { key: 'received', textKey: 'summary.received' },
  { key: 'refund', textKey: 'summary.refund' },
  { key: 'reduction', textKey: 'summary.reduction' },
  { key: 'deferredDeduction', textKey: 'summary.deferredDeduction' },
];

/** Payable, deferred, pending, receivable, received, refund/carry-over, reduction, deferred-payment deduction. */
export function FeeSummaryGrid({ summary, testId }: { summary: FeeSummary; testId?: string }) {
  const t = useT();
  return (
    <dl className={styles.grid} data-testid={testId}>
      {AMOUNTS.map(({ key, textKey }) => (
        <div key={key} className={styles.cell} data-amount={key}>
          <dt>{t(textKey)}</dt>
          <dd>{formatYuan(summary[key])}</dd>
        </div>
      ))}
    </dl>
  );
}
