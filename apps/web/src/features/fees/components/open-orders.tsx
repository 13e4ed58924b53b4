import { formatYuan } from '@cf/shared/money';
import { Link } from 'react-router';
import { cashierPath } from '@/components/finance/cashier-path';
import { LastPayFailedNote, PayStatusTag } from '@/components/finance/status-tag';
import { useT } from '@/lib/i18n/use-t';
import type { Receivable } from '../api/fee-types';
import styles from './open-orders.module.css';

type OpenOrder = Receivable['openOrders'][number];

/** The state a receivable's open orders are in, as one: paying once any of them is, else unpaid. */
export function openOrdersState(orders: readonly OpenOrder[]): OpenOrder['payStatus'] | null {
  if (orders.some((order) => order.payStatus === 'PAYING')) return 'PAYING';
  return orders.length > 0 ? 'NOT_PAY' : null;
}

/**
 * The open orders holding part of a receivable: each in its state's word and spec §9 colour (with
 * "上次支付未成功" when its last attempt failed), the part it holds, a way to pay it from here, and
 * a link to that order (not to a list tab that may not show it).
 */
export function OpenOrders({ orders, className }: { orders: readonly OpenOrder[]; className?: string }) {
  const t = useT();
  if (orders.length === 0) return null;
  return (
    <ul className={className ? `${styles.list} ${className}` : styles.list} data-testid="open-orders">
      {orders.map((order) => (
        <li
          key={order.orderId}
          className={styles.order}
          data-testid="open-order"
          data-order-no={order.orderNo}
          data-status={order.payStatus}
        >
          <PayStatusTag status={order.payStatus} />
          {order.lastPayFailed ? <LastPayFailedNote className={styles.payFailed} /> : null}
          <span className={styles.amount}>{t('fee.openOrder', { amount: formatYuan(order.amountFen) })}</span>
          <span className={styles.links}>
            <Link
              className={styles.link}
              to={cashierPath({ orderNo: order.orderNo, orderId: order.orderId })}
              data-testid="open-order-pay"
            >
              {t(
                order.lastPayFailed
                  ? 'pay.payAgain'
                  : order.payStatus === 'PAYING'
                    ? 'order.continuePay'
                    : 'pay.goPay',
              )}
            </Link>
            <Link className={styles.link} to={`/order/detail/${order.orderId}`}>
              {t('fee.viewOrder')}
            </Link>
          </span>
        </li>
      ))}
    </ul>
  );
}
