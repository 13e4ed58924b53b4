/**
 * The order detail's invoice card (one line in features/orders/pages/order-detail-page.tsx): the order's
 * invoice state, a plain link to the PDF once issued (WeChat's browser opens it inline), and the way to
 * the invoice screen (request one, or see its details). Only for paid orders.
 */
import type { PayStatus } from '@cf/shared/fees';
import { Link } from 'react-router';
import { useT } from '@/lib/i18n/use-t';
import { InvoiceStateTag } from './invoice-state-tag';
import { useInvoiceTerm } from './invoice-term';
import styles from './order-invoice-card.module.css';
import { useOrderInvoice } from './order-invoice-query';

export function OrderInvoiceCard({ order }: { order: { id: number; payStatus: PayStatus } }) {
  const t = useT();
  const term = useInvoiceTerm();
  const paid = order.payStatus === 'PAID' || order.payStatus === 'REFUND';
  const { data } = useOrderInvoice(order.id, paid);
  if (!paid || !data || (!data.canApply && data.invoices.length === 0)) return null;
  const live = data.invoices.find((invoice) => invoice.status !== 'reversed');
  return (
    <section className={styles.card} aria-labelledby="order-invoice-title" data-testid="order-invoice">
      <div className={styles.head}>
        <h2 id="order-invoice-title" className={styles.title}>
          {t('invoice.card.title', term)}
        </h2>
        <InvoiceStateTag state={data.invoiceStatus} />
      </div>
      <div className={styles.links}>
        {live?.fileUrl ? (
          <a className={`${styles.link} ${styles.primary}`} href={live.fileUrl} data-testid="invoice-view">
            {t('invoice.view', term)}
          </a>
        ) : null}
        <Link
          className={data.canApply ? `${styles.link} ${styles.primary}` : styles.link}
          to={`/order/invoice/${order.id}`}
          data-testid="invoice-open"
        >
          {t(data.canApply ? 'invoice.request' : 'invoice.details', term)}
        </Link>
      </div>
    </section>
  );
}
