/**
 * /user/salary/index: years as tabs, each month's net pay, the year's totals and a chart of the last
 * 12 months; a month opens its slip. Behind the staff check and the step-up (SalaryGate).
 */
import { useNavigate } from 'react-router';
import { StatusView } from '@/components/status-view';
import { useT } from '@/lib/i18n/use-t';
import { useQueryParam } from '@/lib/use-query-param';
import { useSalaryIndex } from '../api/get-salary-index';
import { EyeToggle, Money } from '../components/amounts';
import { NetChart } from '../components/net-chart';
import { monthText } from '../components/period-text';
import { RowButton } from '../components/row-button';
import { SalaryGate } from '../components/salary-gate';
import { SalaryLoadState } from '../components/salary-load-state';
import { YearTabs } from '../components/year-tabs';
import styles from '../components/salary.module.css';

export default function SalaryIndexPage() {
  return (
    <SalaryGate>
      <SalaryIndex />
    </SalaryGate>
  );
}

function SalaryIndex() {
  const t = useT();
  const navigate = useNavigate();
  const [yearParam, setYear] = useQueryParam('year');
  const query = useSalaryIndex(yearParam ? Number(yearParam) || undefined : undefined);
  const otherIncome = (
    <RowButton
      className={styles.linkRow}
      title={t('salary.otherIncome')}
      meta={t('salary.otherIncomeHint')}
      onClick={() => navigate('/user/salary/other-income')}
      testId="salary-other-income-link"
    />
  );
  return (
    <div className={styles.page}>
      <div className={styles.toolbar}>
        <EyeToggle />
      </div>
      <SalaryLoadState query={query}>
        {(index) =>
          index.years.length === 0 ? (
            <>
              <StatusView
                role="status"
                testId="salary-empty"
                title={t('salary.noSlips')}
                description={t('salary.noSlipsHint')}
              />
              {otherIncome}
            </>
          ) : (
            <>
              <NetChart months={index.lastTwelve} />
              <YearTabs years={index.years} year={index.year} onChange={(y) => setYear(String(y))} />
              <section className={styles.card} aria-labelledby="salary-year-totals">
                <h3 id="salary-year-totals" className={styles.totalsTitle}>
                  {t('salary.yearTotals', { year: index.year ?? '' })}
                </h3>
                {/* Two by two, so it adds up as read: gross - deductions - tax = net. */}
                <dl className={`${styles.totals} ${styles.totalsTwoByTwo}`} data-testid="salary-year-totals">
                  <div>
                    <dt>{t('salary.gross')}</dt>
                    <dd>
                      <Money fen={index.totals.grossFen} />
                    </dd>
                  </div>
                  <div>
                    <dt>{t('salary.deductions')}</dt>
                    <dd>
                      <Money fen={index.totals.deductionFen} />
                    </dd>
                  </div>
                  <div>
                    <dt>{t('salary.tax')}</dt>
                    <dd>
                      <Money fen={index.totals.taxFen} />
                    </dd>
                  </div>
                  <div>
                    <dt>{t('salary.net')}</dt>
                    <dd>
                      <Money fen={index.totals.netFen} />
                    </dd>
                  </div>
                </dl>
              </section>
              {index.months.length === 0 ? (
                <StatusView
                  role="status"
                  title={t('salary.noSlipsYear', { year: index.year ?? '' })}
                  description={t('salary.noSlipsHint')}
                />
              ) : (
                <div className={styles.list} data-testid="salary-months">
                  {index.months.map((m) => (
                    <RowButton
                      key={m.id}
                      title={monthText(t, m.period)}
                      meta={t('salary.payDate', { date: m.payDate })}
                      amount={<Money fen={m.netFen} />}
                      onClick={() => navigate(`/user/salary/detail/${m.id}`)}
                    />
                  ))}
                </div>
              )}
              {otherIncome}
            </>
          )
        }
      </SalaryLoadState>
    </div>
  );
}
