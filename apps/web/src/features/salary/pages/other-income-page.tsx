/**
 * /user/salary/other-income: income outside the salary (invigilation, lecture fees, research grants)
 * by year with the year's totals; a record opens its detail.
 */
import type { OtherIncome } from '@cf/shared/wire/salary';
import { useState } from 'react';
import { SheetPopup } from '@/components/sheet-popup';
import { StatusView } from '@/components/status-view';
import { useT } from '@/lib/i18n/use-t';
import { useQueryParam } from '@/lib/use-query-param';
import { useOtherIncome } from '../api/get-other-income';
import { EyeToggle, Money } from '../components/amounts';
import { RowButton } from '../components/row-button';
import { SalaryGate } from '../components/salary-gate';
import { SalaryLoadState } from '../components/salary-load-state';
import { YearTabs } from '../components/year-tabs';
import styles from '../components/salary.module.css';

export default function OtherIncomePage() {
  return (
    <SalaryGate>
      <OtherIncomeView />
    </SalaryGate>
  );
}

function OtherIncomeView() {
  const t = useT();
  const [yearParam, setYear] = useQueryParam('year');
  const query = useOtherIncome(yearParam ? Number(yearParam) || undefined : undefined);
  const [open, setOpen] = useState<OtherIncome | null>(null);
  return (
    <div className={styles.page}>
      <div className={styles.toolbar}>
        <EyeToggle />
      </div>
      <SalaryLoadState query={query}>
        {(income) =>
          income.years.length === 0 ? (
            <StatusView
              role="status"
              testId="income-empty"
              title={t('salary.noIncome')}
              description={t('salary.noIncomeHint')}
            />
          ) : (
            <>
              <YearTabs years={income.years} year={income.year} onChange={(y) => setYear(String(y))} />
              <section className={styles.card} aria-labelledby="income-year-totals">
                <h3 id="income-year-totals" className={styles.totalsTitle}>
                  {t('salary.incomeTotals', { year: income.year ?? '' })}
                </h3>
                <dl className={styles.totals}>
                  <div>
                    <dt>{t('salary.amount')}</dt>
                    <dd>
                      <Money fen={income.totals.amountFen} />
                    </dd>
                  </div>
                  <div>
                    <dt>{t('salary.tax')}</dt>
                    <dd>
                      <Money fen={income.totals.taxFen} />
                    </dd>
                  </div>
                  <div>
                    <dt>{t('salary.net')}</dt>
                    <dd>
                      <Money fen={income.totals.netFen} />
                    </dd>
                  </div>
                </dl>
              </section>
              {income.records.length === 0 ? (
                <StatusView
                  role="status"
                  title={t('salary.noIncome')}
                  description={t('salary.noIncomeHint')}
                />
              ) : (
                <div className={styles.list} data-testid="income-records">
                  {income.records.map((r) => (
                    <RowButton
                      key={r.id}
                      title={r.project}
                      meta={`${r.department} · ${r.paidOn}`}
                      amount={<Money fen={r.netFen} />}
                      onClick={() => setOpen(r)}
                      userData
                    />
                  ))}
                </div>
              )}
            </>
          )
        }
      </SalaryLoadState>
      <SheetPopup
        visible={open !== null}
        onClose={() => setOpen(null)}
        heightVh={50}
        titleId="income-detail"
        title={t('salary.incomeDetail')}
      >
        {open ? (
          <dl className={`${styles.items} ${styles.card}`} data-testid="income-detail">
            <div className={styles.item}>
              <dt>{t('salary.project')}</dt>
              <dd data-user-data>{open.project}</dd>
            </div>
            <div className={styles.item}>
              <dt>{t('salary.department')}</dt>
              <dd data-user-data>{open.department}</dd>
            </div>
            <div className={styles.item}>
              <dt>{t('salary.paidOn')}</dt>
              <dd>{open.paidOn}</dd>
            </div>
            <div className={styles.item}>
              <dt>{t('salary.amount')}</dt>
              <dd>
                <Money fen={open.amountFen} />
              </dd>
            </div>
            <div className={styles.item}>
              <dt>{t('salary.tax')}</dt>
              <dd>
                <Money fen={open.taxFen} />
              </dd>
            </div>
            <div className={styles.item}>
              <dt>{t('salary.net')}</dt>
              <dd>
                <Money fen={open.netFen} />
              </dd>
            </div>
          </dl>
        ) : null}
      </SheetPopup>
    </div>
  );
}
