import { formatYuan } from '@cf/shared/money';
import { Link } from 'react-router';
import { LastPayFailedNote, PayStatusTag } from '@/components/finance/status-tag';
import { useInvoiceTerm } from '@/components/invoice/invoice-term';
import { formatDateTime } from '@/lib/date-time';
import { useT } from '@/lib/i18n/use-t';
import type { OrderRecord } from '../api/get-orders';
import { invoiceText } from '../order-labels';
import styles from './order-card.module.css';

/** One order of a list: number, type, items, whose and when, total and pay status; opens the detail. */
export function OrderCard({ order, other }: { order: OrderRecord; other?: boolean }) {
  const t = useT();
  const term = useInvoiceTerm();
  return (
    <Link
      className={styles.card}
      to={`/order/detail/${order.id}`}
      state={other ? { other: true } : undefined}
      data-testid="order-card"
      data-order-no={order.orderNo}
      data-status={order.payStatus}
    >
      <div className={styles.head}>
        <span className={styles.type}>
          {t(order.orderType === 'FEE' ? 'order.type.FEE' : 'order.type.OTHER')}
        </span>
        <span className={styles.no}>{order.orderNo}</span>
        <PayStatusTag status={order.payStatus} />
      </div>
      <p className={styles.items}>{order.itemsSummary}</p>
      {order.lastPayFailed ? <LastPayFailedNote className={styles.payFailed} /> : null}
      {order.payStatus === 'PAID' || order.payStatus === 'REFUND' ? (
        <p className={styles.invoice} data-testid="order-card-invoice" data-state={order.invoiceStatus}>
          {t('order.invoice', term)} · {invoiceText(order.invoiceStatus, t)}
        </p>
      ) : null}
      <div className={styles.foot}>
        <span className={styles.meta}>
          {formatDateTime(order.createdAt)}
          {order.personName ? (
            <>
              {' · '}
              <span data-user-data>{order.personName}</span>
            </>
          ) : null}
        </span>
        <span className={styles.total}>{formatYuan(order.totalFen)}</span>
      </div>
    </Link>
  );
}
