/**
 * /order/invoice/:id — the invoice of one order: its state and facts (with the PDF link once issued), and
 * for a paid order without one, the saved titles to pick from (add, edit, delete, default) and the request.
 */
import Button from 'antd-mobile/es/components/button';
import { formatYuan } from '@cf/shared/money';
import { useState } from 'react';
import { LoadState } from '@/components/finance/load-state';
import { useInvoiceTerm } from '@/components/invoice/invoice-term';
import { useOrderInvoice, type OrderInvoice } from '@/components/invoice/order-invoice-query';
import { toastSuccess } from '@/lib/feedback';
import { useT } from '@/lib/i18n/use-t';
import { useRouteId } from '@/lib/use-route-id';
import { useApplyInvoice } from '../api/apply-invoice';
import { useInvoiceTitles } from '../api/get-invoice-titles';
import { InvoiceFacts } from '../components/invoice-facts';
import { TitlePicker } from '../components/title-picker';
import styles from './order-invoice-page.module.css';

function RequestInvoice({ state }: { state: OrderInvoice }) {
  const t = useT();
  const term = useInvoiceTerm();
  const titles = useInvoiceTitles();
  const apply = useApplyInvoice();
  const [picked, setPicked] = useState<number>();
  const list = titles.data ?? [];
  const chosen = picked ?? list.find((title) => title.isDefault)?.id ?? list[0]?.id;

  async function request() {
    if (!chosen) return;
    const answer = await apply
      .mutateAsync({ orderId: state.orderId, titleId: chosen })
      .catch(() => undefined);
    if (answer) toastSuccess(t('invoice.requestSent', term));
  }

  return (
    <>
      <p className={styles.amount} data-testid="invoiceable">
        {t('invoice.invoiceable', { amount: formatYuan(state.invoiceableFen) })}
      </p>
      <h2 className={styles.heading}>{t('invoice.pickTitle')}</h2>
      <LoadState query={titles}>
        {(loaded) => <TitlePicker titles={loaded} picked={chosen} onPick={setPicked} />}
      </LoadState>
      <Button
        block
        color="primary"
        size="large"
        disabled={!chosen}
        loading={apply.isPending}
        onClick={() => void request()}
        data-testid="invoice-request"
      >
        {t('invoice.request', term)}
      </Button>
    </>
  );
}

function InvoiceScreen({ state }: { state: OrderInvoice }) {
  const t = useT();
  const term = useInvoiceTerm();
  const live = state.invoices.filter((invoice) => invoice.status !== 'reversed');
  const reversed = state.invoices.filter((invoice) => invoice.status === 'reversed');
  return (
    <div className={styles.page} data-testid="order-invoice-page" data-state={state.invoiceStatus}>
      {live.map((invoice) => (
        <InvoiceFacts key={invoice.id} invoice={invoice} />
      ))}
      {state.canApply ? <RequestInvoice state={state} /> : null}
      {!state.canApply && live.length === 0 ? (
        <p className={styles.note}>
          {t(state.invoiceableFen > 0 ? 'invoice.notPaid' : 'invoice.nothing', term)}
        </p>
      ) : null}
      {reversed.length > 0 ? (
        <>
          <h2 className={styles.heading}>{t('invoice.history', term)}</h2>
          {reversed.map((invoice) => (
            <InvoiceFacts key={invoice.id} invoice={invoice} />
          ))}
        </>
      ) : null}
    </div>
  );
}

export default function OrderInvoicePage() {
  const orderId = Number(useRouteId());
  const state = useOrderInvoice(Number.isSafeInteger(orderId) ? orderId : 0);
  return <LoadState query={state}>{(data) => <InvoiceScreen state={data} />}</LoadState>;
}
