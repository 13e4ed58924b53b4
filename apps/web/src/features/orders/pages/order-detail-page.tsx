import Button from 'antd-mobile/es/components/button';
import { formatYuan } from '@cf/shared/money';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { BillCard } from '@/components/finance/bill-card';
import { LoadState } from '@/components/finance/load-state';
import { cashierPath } from '@/components/finance/cashier-path';
import { localName, payMethodText } from '@/components/finance/finance-text';
import { LastPayFailedNote, PayStatusTag } from '@/components/finance/status-tag';
import { OrderInvoiceCard } from '@/components/invoice/order-invoice-card';
import { formatDateTime } from '@/lib/date-time';
import { toastSuccess, toastText } from '@/lib/feedback';
import { loadDialog } from '@/lib/imperative';
import { useLanguage, useT } from '@/lib/i18n/use-t';
import { useCancelOrder } from '../api/cancel-order';
import { useCreatePayLink } from '@/api/create-pay-link';
import { useOrderDetail, type OrderDetail } from '../api/get-order-detail';
import { OrderRating } from '../components/order-rating';
import { OrderSignature } from '../components/order-signature';
import { showPayLink } from '../components/share-pay-link';
import { closeReasonText } from '../order-labels';
import { useCopy } from '@/lib/use-copy';
import styles from './order-detail-page.module.css';
import { useRouteId } from '@/lib/use-route-id';

const isOpen = (order: OrderDetail) => order.payStatus === 'NOT_PAY' || order.payStatus === 'PAYING';

/** Continue paying, share a pay link, cancel: for my own open order. */
function OpenOrderActions({ order }: { order: OrderDetail }) {
  const t = useT();
  const navigate = useNavigate();
  const cancel = useCancelOrder();
  const payLink = useCreatePayLink();

  async function confirmCancel() {
    const Dialog = await loadDialog();
    const sure = await Dialog.confirm({
      content: t('order.cancelConfirm'),
      confirmText: t('order.cancelYes'),
      cancelText: t('order.cancelNo'),
    });
    if (!sure) return;
    const answer = await cancel.mutateAsync(order.id).catch(() => undefined);
    if (!answer) return;
    if (answer.result === 'closed') toastSuccess(t('order.cancelled'));
    else if (answer.result === 'paid') toastText(t('order.cancelFoundPaid'));
    else toastText(t('order.cancelAlreadyFinal'));
  }

  async function share() {
    const link = await payLink.mutateAsync(order.orderNo).catch(() => undefined);
    if (link) await showPayLink(link);
  }

  return (
    <div className={styles.actions} role="group" aria-label={t('order.actions')} data-testid="order-actions">
      <Button
        block
        color="primary"
        size="large"
        onClick={() => navigate(cashierPath({ orderNo: order.orderNo, orderId: order.id }))}
        data-testid="order-continue-pay"
      >
        {t(order.lastPayFailed ? 'pay.payAgain' : 'order.continuePay')}
      </Button>
      <div className={styles.actionRow}>
        <Button
          block
          fill="outline"
          loading={payLink.isPending}
          onClick={() => void share()}
          data-testid="order-share"
        >
          {t('order.share')}
        </Button>
        <Button
          block
          fill="outline"
          color="danger"
          loading={cancel.isPending}
          onClick={() => void confirmCancel()}
          data-testid="order-cancel"
        >
          {t('order.cancel')}
        </Button>
      </div>
    </div>
  );
}

/** One line of the order's facts; a fact the order does not have (yet) is left out, not shown as "—". */
function Field({
  label,
  children,
  testId,
  userData,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
  /** A person's name or other text the school wrote, in whatever language it is (not translated). */
  userData?: boolean;
}) {
  if (children === null || children === undefined || children === '') return null;
  return (
    <div className={styles.field} data-testid={testId}>
      <dt>{label}</dt>
      <dd data-user-data={userData || undefined}>{children}</dd>
    </div>
  );
}

/**
 * The order number on one line (never broken mid-number) under its label, with a copy button: a payer
 * reads it out to the finance office or pastes it into a chat.
 */
function OrderNoField({ orderNo }: { orderNo: string }) {
  const t = useT();
  const { field: value, copied, copy } = useCopy<HTMLSpanElement>(orderNo, t('order.copyNoByHand'));
  return (
    <div className={`${styles.field} ${styles.orderNoField}`} data-testid="order-no">
      <dt>{t('order.orderNo')}</dt>
      <dd className={styles.orderNoValue}>
        <span ref={value} className={styles.orderNo} data-testid="order-no-value">
          {orderNo}
        </span>
        <button
          type="button"
          className={styles.copyNo}
          onClick={() => void copy()}
          data-testid="order-no-copy"
        >
          {t(copied ? 'order.noCopied' : 'order.copyNo')}
        </button>
      </dd>
    </div>
  );
}

export function OrderView({ order, other }: { order: OrderDetail; other: boolean }) {
  const t = useT();
  const language = useLanguage();
  const actions = isOpen(order) && !other;
  return (
    <div className={actions ? `${styles.page} ${styles.withActions}` : styles.page}>
      <section className={styles.head} aria-labelledby="order-total">
        <PayStatusTag status={order.payStatus} />
        {order.lastPayFailed ? <LastPayFailedNote className={styles.payFailed} /> : null}
        <p id="order-total" className={styles.total} data-testid="order-total">
          {formatYuan(order.totalFen)}
        </p>
        {order.refundedFen > 0 ? (
          <p className={styles.refunded}>{t('order.refunded', { amount: formatYuan(order.refundedFen) })}</p>
        ) : null}
        {isOpen(order) ? (
          <p className={styles.expire}>{t('order.expireAt', { time: formatDateTime(order.expireAt) })}</p>
        ) : null}
      </section>

      <section className={styles.card} aria-labelledby="order-fields">
        <h2 id="order-fields" className={styles.cardTitle}>
          {t('order.info')}
        </h2>
        <dl className={styles.fields}>
          <OrderNoField orderNo={order.orderNo} />
          <Field label={t('order.orderType')}>
            {t(order.orderType === 'FEE' ? 'order.type.FEE' : 'order.type.OTHER')}
          </Field>
          <Field label={t('order.createdAt')}>{formatDateTime(order.createdAt)}</Field>
          <Field label={t('order.totalAmount')}>{formatYuan(order.totalFen)}</Field>
          <Field label={t('order.userName')} userData>
            {order.userName}
          </Field>
          <Field label={t('order.personName')} userData>
            {order.personName}
          </Field>
          <Field label={t('order.payerName')} userData>
            {order.payerName}
          </Field>
          <Field label={t('order.paymentNo')}>{order.paymentNo}</Field>
          <Field label={t('order.paidAt')}>{formatDateTime(order.paidAt)}</Field>
          <Field label={t('order.payMethod')}>{payMethodText(order.payMethod, t)}</Field>
          {/* The invoice and the signature have cards of their own, shown only where they apply. */}
          {order.payStatus === 'CLOSED' ? (
            <Field label={t('order.closedAt')}>
              {[formatDateTime(order.closedAt), closeReasonText(order.closeReason, t)]
                .filter(Boolean)
                .join(' · ')}
            </Field>
          ) : null}
        </dl>
      </section>

      <OrderInvoiceCard order={order} />
      <OrderSignature order={order} />
      <OrderRating order={order} />

      <section className={styles.card} aria-labelledby="order-items">
        <h2 id="order-items" className={styles.cardTitle}>
          {t('order.items')}
        </h2>
        <ul className={styles.items}>
          {order.items.map((item) => (
            <li key={item.id} className={styles.item}>
              <span className={styles.itemName}>
                {localName(language, item.name, item.nameEn)}
                <span className={styles.itemMeta}>
                  {t('order.priceTimesQuantity', {
                    price: formatYuan(item.priceFen),
                    quantity: item.quantity,
                  })}
                </span>
              </span>
              <span>{formatYuan(item.amountFen)}</span>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="order-bills" data-testid="order-bills">
        <h2 id="order-bills" className={styles.sectionHeading}>
          {t('order.bills')}
        </h2>
        {order.bills.length === 0 ? (
          <p className={styles.empty}>{t('order.noBills')}</p>
        ) : (
          order.bills.map((bill) => <BillCard key={bill.id} bill={bill} />)
        )}
      </section>

      {actions ? <OpenOrderActions order={order} /> : null}
    </div>
  );
}

/** /order/detail/:id: every field of an order, its items, its charge and refund bills, and what can be done. */
export default function OrderDetailPage() {
  const id = useRouteId();
  const { state } = useLocation();
  const order = useOrderDetail(id);
  // Opened from other people's orders: I paid it for someone else, its actions are theirs.
  const other = !!(state as { other?: boolean } | null)?.other;
  return <LoadState query={order}>{(data) => <OrderView order={data} other={other} />}</LoadState>;
}
