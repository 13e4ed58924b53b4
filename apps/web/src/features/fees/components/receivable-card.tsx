import type { ReactNode } from 'react';
import { localName } from '@/components/finance/finance-text';
import { formatDate } from '@/lib/date-time';
import { useLanguage, useT } from '@/lib/i18n/use-t';
import type { Receivable } from '../api/fee-types';
import { OpenOrders } from './open-orders';
import { PayNowCard } from './pay-now-card';

/**
 * A receivable's name, year and due date, what can be paid now with what else is owed (the fee
 * list's figure: one rule), its open orders and its summary folded and explained; `children` go below.
 */
export function ReceivableCard({ receivable, children }: { receivable: Receivable; children?: ReactNode }) {
  const t = useT();
  const language = useLanguage();
  return (
    <PayNowCard
      title={localName(language, receivable.itemName, receivable.itemNameEn)}
      summary={receivable.summary}
      payNow={receivable.payNow}
      testId="receivable-card"
      meta={
        receivable.schoolYear || receivable.dueDate ? (
          <>
            {receivable.schoolYear ? (
              <span>{t('fee.schoolYear', { year: receivable.schoolYear })}</span>
            ) : null}
            {receivable.dueDate ? (
              <span>{t('fee.dueDate', { date: formatDate(receivable.dueDate) })}</span>
            ) : null}
          </>
        ) : undefined
      }
    >
      <OpenOrders orders={receivable.openOrders} />
      {children}
    </PayNowCard>
  );
}
