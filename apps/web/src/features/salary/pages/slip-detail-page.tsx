/**
 * /user/salary/detail/:id: one month's slip — net pay first, then the items grouped as earnings,
 * deductions and tax with their subtotals — and the months before and after.
 */
import Button from 'antd-mobile/es/components/button';
import type { SalaryGroup } from '@cf/shared/salary';
import type { SlipDetail } from '@cf/shared/wire/salary';
import { useNavigate } from 'react-router';
import { useT } from '@/lib/i18n/use-t';
import { useRouteId } from '@/lib/use-route-id';
import { useSlip } from '../api/get-slip';
import { EyeToggle, Money } from '../components/amounts';
import { periodText } from '../components/period-text';
import { SalaryGate } from '../components/salary-gate';
import { SalaryLoadState } from '../components/salary-load-state';
import styles from '../components/salary.module.css';

const GROUPS: { group: SalaryGroup; total: (s: SlipDetail) => number }[] = [
  { group: 'income', total: (s) => s.grossFen },
  { group: 'deduction', total: (s) => s.deductionFen },
  { group: 'tax', total: (s) => s.taxFen },
];

export default function SlipDetailPage() {
  return (
    <SalaryGate>
      <SlipDetailView />
    </SalaryGate>
  );
}

function SlipDetailView() {
  const t = useT();
  const id = useRouteId();
  const navigate = useNavigate();
  const query = useSlip(id);
  const go = (to: number | null) => {
    if (to !== null) void navigate(`/user/salary/detail/${to}`, { replace: true });
  };
  return (
    <div className={styles.page}>
      <SalaryLoadState query={query}>
        {(slip) => (
          <>
            <div className={styles.toolbar}>
              <h2 className={styles.toolbarTitle}>{periodText(t, slip.period)}</h2>
              <EyeToggle />
            </div>
            <section className={styles.netCard} aria-label={t('salary.netPay')}>
              <p className={styles.netLabel}>{t('salary.netPay')}</p>
              <Money fen={slip.netFen} className={styles.netAmount} />
              <p className={styles.netMeta}>{t('salary.payDate', { date: slip.payDate })}</p>
            </section>
            {GROUPS.map(({ group, total }) => {
              const items = slip.items.filter((i) => i.group === group);
              const title = t(`salary.group.${group}`);
              // One item that is the group itself (个人所得税 under 个人所得税): said once, with its amount.
              const only = items.length === 1 ? items[0]! : undefined;
              if (only && only.name === title && only.amountFen === total(slip))
                return (
                  <section
                    key={group}
                    className={`${styles.group} ${styles.groupSingle}`}
                    aria-labelledby={`salary-group-${group}`}
                    data-testid={`salary-group-${group}`}
                  >
                    <h3 id={`salary-group-${group}`} className={styles.groupTitle}>
                      {title}
                    </h3>
                    <Money fen={only.amountFen} />
                  </section>
                );
              return (
                <section
                  key={group}
                  className={styles.group}
                  aria-labelledby={`salary-group-${group}`}
                  data-testid={`salary-group-${group}`}
                >
                  <h3 id={`salary-group-${group}`} className={styles.groupTitle}>
                    {title}
                  </h3>
                  <dl className={styles.items}>
                    {items.length === 0 ? <div className={styles.none}>{t('salary.noItems')}</div> : null}
                    {items.map((item, i) => (
                      <div key={`${item.name}-${i}`} className={styles.item}>
                        <dt data-user-data>{item.name}</dt>
                        <dd>
                          <Money fen={item.amountFen} />
                        </dd>
                      </div>
                    ))}
                  </dl>
                  {/* A subtotal of one item would only say it again. */}
                  {only && only.amountFen === total(slip) ? null : (
                    <div className={styles.subtotal}>
                      <span>{t('salary.subtotal')}</span>
                      <Money fen={total(slip)} />
                    </div>
                  )}
                </section>
              );
            })}
            <div className={styles.pager}>
              <Button disabled={slip.prevId === null} onClick={() => go(slip.prevId)}>
                {t('salary.prev')}
              </Button>
              <Button disabled={slip.nextId === null} onClick={() => go(slip.nextId)}>
                {t('salary.next')}
              </Button>
            </div>
          </>
        )}
      </SalaryLoadState>
    </div>
  );
}
