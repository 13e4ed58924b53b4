import { formatYuan } from '@cf/shared/money';
import { useState } from 'react';
import { Link } from 'react-router';
import { localName } from '@/components/finance/finance-text';
import { formatDate } from '@/lib/date-time';
import { useLanguage, useT } from '@/lib/i18n/use-t';
import type { Receivable } from '../api/fee-types';
import { payableNow } from '../fee-selection';
import { AmountInput } from './amount-input';
import { BillStatusTag } from '@/components/finance/status-tag';
import { FeeTerms } from './fee-terms';
import { OpenOrders, openOrdersState } from './open-orders';
import { PickCheckbox } from './pick-checkbox';
import styles from './fee-item-row.module.css';

interface FeeItemRowProps {
  item: Receivable;
  /** The amount text when picked; undefined when not. */
  amountText: string | undefined;
  onPick: (on: boolean) => void;
  onAmount: (text: string) => void;
}

/** One receivable of the student fee page: pick it, type a part amount where allowed, see its summary. */
export function FeeItemRow({ item, amountText, onPick, onAmount }: FeeItemRowProps) {
  const t = useT();
  const language = useLanguage();
  const [open, setOpen] = useState(false);
  const name = localName(language, item.itemName, item.itemNameEn);
  const picked = amountText !== undefined;
  const canPay = payableNow(item);
  // Nothing left to pick: the rest is in orders, each said below in its state's word and colour (spec §9).
  const openState = openOrdersState(item.openOrders);
  const summaryId = `fee-summary-${item.receivableId}`;
  const pickId = `fee-pick-${item.receivableId}`;

  return (
    <li className={styles.row} data-testid={`fee-item-${item.receivableId}`}>
      <div className={styles.line}>
        <PickCheckbox
          id={pickId}
          checked={picked}
          disabled={!canPay}
          onChange={onPick}
          data-testid="fee-item-pick"
        />
        <div className={styles.main}>
          <label htmlFor={pickId} className={styles.name}>
            {name}
          </label>
          <p className={styles.meta}>
            {item.dueDate ? t('fee.dueDate', { date: formatDate(item.dueDate) }) : null}
            {item.allowPartial ? <span className={styles.badge}>{t('fee.partialAllowed')}</span> : null}
          </p>
        </div>
        <div className={styles.amount}>
          {canPay ? (
            <>
              <span className={styles.amountValue}>{formatYuan(item.availableFen)}</span>
              <span className={styles.amountLabel}>{t('fee.available')}</span>
            </>
          ) : openState ? (
            // The orders' states are said once, on each order below.
            <>
              <span className={styles.openAmount}>{formatYuan(item.openOrderFen)}</span>
              <span className={styles.amountLabel}>{t('fee.inOrder')}</span>
            </>
          ) : item.summary.receivable > 0 ? (
            <BillStatusTag status={1} />
          ) : (
            <span className={styles.settled}>{t('fee.settled')}</span>
          )}
        </div>
      </div>
      <OpenOrders orders={item.openOrders} className={styles.openOrders} />
      {item.pendingReviewFen > 0 ? (
        <p className={styles.hint}>{t('fee.pendingReview', { amount: formatYuan(item.pendingReviewFen) })}</p>
      ) : null}
      {picked && item.allowPartial ? (
        <div className={styles.partial}>
          <label htmlFor={`fee-amount-${item.receivableId}`} className={styles.partialLabel}>
            <span aria-hidden="true">{t('fee.payAmount')}</span>
            <span className={styles.srOnly}>{t('fee.payAmountOf', { name })}</span>
          </label>
          <AmountInput
            id={`fee-amount-${item.receivableId}`}
            value={amountText}
            onChange={onAmount}
            limits={{ maxFen: item.availableFen }}
          />
        </div>
      ) : null}
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.linkButton}
          aria-expanded={open}
          aria-controls={summaryId}
          onClick={() => setOpen((v) => !v)}
        >
          {t(open ? 'fee.hideSummary' : 'fee.showSummary')}
        </button>
        <Link className={styles.linkButton} to={`/fee/other/receivable/${item.receivableId}`}>
          {t('fee.paymentDetail')}
        </Link>
      </div>
      {open ? (
        <div id={summaryId} className={styles.summary}>
          <FeeTerms summary={item.summary} payNowFen={item.payNow.payNowFen} />
        </div>
      ) : null}
    </li>
  );
}
