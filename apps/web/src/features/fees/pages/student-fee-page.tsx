import Button from 'antd-mobile/es/components/button';
import { formatYuan } from '@cf/shared/money';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { cashierPath } from '@/components/finance/cashier-path';
import { LoadState } from '@/components/finance/load-state';
import { StatusView } from '@/components/status-view';
import { toastFail } from '@/lib/feedback';
import { useT } from '@/lib/i18n/use-t';
import { useCreateFeeOrder } from '../api/create-fee-order';
import { useStudentFees } from '../api/get-student-fees';
import { FeeItemRow } from '../components/fee-item-row';
import { PayNowCard } from '../components/pay-now-card';
import {
  orderLines,
  payableNow,
  selectAll,
  selectionTotal,
  toggle,
  type FeeSelection,
} from '../fee-selection';
import { PickCheckbox } from '../components/pick-checkbox';
import styles from './fee-page.module.css';

/**
 * /fee/index: the bound student's fees by school year, led by what can be paid now (the figure home
 * shows and 全选 picks) with the summary of spec §3 folded and explained; pick items or all, type a
 * part amount where allowed, create the order and go to the cashier.
 */
export default function StudentFeePage() {
  const t = useT();
  const navigate = useNavigate();
  const fees = useStudentFees();
  const createOrder = useCreateFeeOrder();
  const [selection, setSelection] = useState<FeeSelection>({});
  const items = useMemo(() => fees.data?.years.flatMap((year) => year.items) ?? [], [fees.data]);
  const payable = items.filter(payableNow);
  const pickedCount = Object.keys(selection).length;
  const allPicked = payable.length > 0 && pickedCount === payable.length;

  async function pay() {
    const check = orderLines(items, selection);
    if (!check.ok) return toastFail(t(check.problem));
    const order = await createOrder.mutateAsync(check.lines).catch(() => undefined);
    // The client already showed the server's reason when it failed.
    if (order) navigate(cashierPath(order));
  }

  return (
    <LoadState
      query={fees}
      refusedAction={
        // Staff who kept a bookmark of Student fees: their fees are under Comprehensive payment.
        <Button color="primary" onClick={() => navigate('/fee/other')} data-testid="fee-go-other">
          {t('fee.otherFees')}
        </Button>
      }
    >
      {({ summary, payNow, years }) => (
        <div className={`${styles.page} ${styles.withFooter}`}>
          <PayNowCard
            title={t('fee.total')}
            summary={summary}
            payNow={payNow}
            hint={t('fee.payNowPickAll')}
            testId="fee-pay-now"
            action={
              <Link className={styles.headLink} to="/fee/collect/history" data-testid="fee-history-link">
                {t('fee.history')}
              </Link>
            }
          />

          {years.length === 0 ? (
            <StatusView title={t('fee.noStudentFees')} description={t('fee.noStudentFeesHint')} />
          ) : (
            years.map((year) => (
              <section
                key={year.schoolYear}
                className={styles.group}
                aria-labelledby={`year-${year.schoolYear}`}
                data-testid="fee-year"
              >
                <h2 id={`year-${year.schoolYear}`} className={styles.groupTitle}>
                  <span>{t('fee.schoolYear', { year: year.schoolYear })}</span>
                  <span className={styles.groupAmount}>
                    {t('fee.yearPayNow', { amount: formatYuan(year.payNow.payNowFen) })}
                  </span>
                </h2>
                <ul className={styles.list}>
                  {year.items.map((item) => (
                    <FeeItemRow
                      key={item.receivableId}
                      item={item}
                      amountText={selection[item.receivableId]}
                      onPick={(on) => setSelection((s) => toggle(s, item, on))}
                      onAmount={(text) => setSelection((s) => ({ ...s, [item.receivableId]: text }))}
                    />
                  ))}
                </ul>
              </section>
            ))
          )}

          <footer className={styles.footer}>
            <PickCheckbox
              checked={allPicked}
              indeterminate={pickedCount > 0 && !allPicked}
              disabled={payable.length === 0}
              onChange={(on) => setSelection(selectAll(items, on))}
              data-testid="fee-pick-all"
            >
              {t('fee.pickAll')}
            </PickCheckbox>
            <div className={styles.footerTotal}>
              <span className={styles.footerLabel}>{t('fee.selectedTotal')}</span>
              <span className={styles.footerAmount} data-testid="fee-selected-total">
                {formatYuan(selectionTotal(items, selection))}
              </span>
            </div>
            <Button
              color="primary"
              disabled={pickedCount === 0}
              loading={createOrder.isPending}
              onClick={() => void pay()}
              data-testid="fee-pay"
            >
              {t('fee.payNow')}
            </Button>
          </footer>
        </div>
      )}
    </LoadState>
  );
}
