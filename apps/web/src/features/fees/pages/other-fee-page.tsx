import RightOutline from 'antd-mobile-icons/es/RightOutline';
import { formatYuan } from '@cf/shared/money';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { localName } from '@/components/finance/finance-text';
import { LoadState } from '@/components/finance/load-state';
import { StatusView } from '@/components/status-view';
import { useLanguage, useT } from '@/lib/i18n/use-t';
import { useQueryParam } from '@/lib/use-query-param';
import { useOtherFees, type OtherFees as OtherFeesData } from '../api/get-other-fees';
import { isTopup } from '../item-order';
import { SignatureTag } from '../components/signature-tag';
import styles from './other-fee-page.module.css';

function EntryLink({
  to,
  title,
  detail,
  amount,
  badge,
  testId,
}: {
  to: string;
  title: string;
  /** A short mark after the title (an item that asks for a signature). */
  badge?: ReactNode;
  detail?: ReactNode;
  amount?: ReactNode;
  testId: string;
}) {
  return (
    <li>
      <Link className={styles.entry} to={to} data-testid={testId}>
        <span className={styles.entryMain}>
          <span className={styles.entryTitle}>
            {title}
            {badge}
          </span>
          {detail ? <span className={styles.entryDetail}>{detail}</span> : null}
        </span>
        {amount ? <span className={styles.entryAmount}>{amount}</span> : null}
        <RightOutline className={styles.chevron} aria-hidden="true" />
      </Link>
    </li>
  );
}

/**
 * /fee/other: comprehensive fees — receivables assigned to me, manual items and top-ups (home's
 * top-up entry opens it with category=recharge, showing the top-ups only).
 */
export default function OtherFeePage() {
  const [category] = useQueryParam('category');
  const topupOnly = category === 'recharge';
  const fees = useOtherFees();

  return <LoadState query={fees}>{(data) => <OtherFees fees={data} topupOnly={topupOnly} />}</LoadState>;
}

function OtherFees({ fees, topupOnly }: { fees: OtherFeesData; topupOnly: boolean }) {
  const t = useT();
  const language = useLanguage();
  const { receivables, manual, topup } = fees;
  const section = (id: string, title: string, children: ReactNode) => (
    <section className={styles.section} aria-labelledby={id} data-testid={id}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      <ul className={styles.list}>{children}</ul>
    </section>
  );
  const nothing = topupOnly ? topup.length === 0 : receivables.length + manual.length + topup.length === 0;

  return (
    <div className={styles.page}>
      <div className={styles.toolbar}>
        <Link className={styles.historyLink} to="/fee/other/history" data-testid="other-history-link">
          {t('fee.otherHistory')}
        </Link>
      </div>
      {nothing ? <StatusView title={t('fee.noOtherFees')} /> : null}
      {!topupOnly && receivables.length > 0
        ? section(
            'other-receivables',
            t('fee.myReceivables'),
            receivables.map((r) => (
              <EntryLink
                key={r.receivableId}
                to={`/fee/other/receivable/product/${r.receivableId}`}
                title={localName(language, r.itemName, r.itemNameEn)}
                detail={r.schoolYear ? t('fee.schoolYear', { year: r.schoolYear }) : undefined}
                amount={r.availableFen > 0 ? formatYuan(r.availableFen) : t('fee.settled')}
                testId={`other-receivable-${r.receivableId}`}
              />
            )),
          )
        : null}
      {!topupOnly && manual.length > 0
        ? section(
            'other-manual',
            t('fee.manualItems'),
            manual.map((item) => (
              <EntryLink
                key={item.id}
                to={`/fee/other/manual/product/${item.id}`}
                title={localName(language, item.name, item.nameEn)}
                badge={item.signatureTiming ? <SignatureTag /> : undefined}
                detail={localName(language, item.description, item.descriptionEn) || undefined}
                amount={formatYuan(item.priceFen)}
                testId={`other-item-${item.id}`}
              />
            )),
          )
        : null}
      {topup.length > 0
        ? section(
            'other-topup',
            t('fee.topups'),
            topup
              .filter(isTopup)
              .map((item) => (
                <EntryLink
                  key={item.id}
                  to={`/fee/other/manual/product/${item.id}`}
                  title={localName(language, item.name, item.nameEn)}
                  detail={localName(language, item.description, item.descriptionEn) || undefined}
                  testId={`other-item-${item.id}`}
                />
              )),
          )
        : null}
    </div>
  );
}
