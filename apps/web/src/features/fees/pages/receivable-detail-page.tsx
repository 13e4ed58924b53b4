import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { BillCard } from '@/components/finance/bill-card';
import { useT } from '@/lib/i18n/use-t';
import { useReceivable, type ReceivableDetail } from '../api/get-receivable';
import { LoadState } from '@/components/finance/load-state';
import { OfflinePaymentPopup } from '../components/offline-payment-popup';
import { ReceivableCard } from '../components/receivable-card';
import styles from './fee-page.module.css';
import { useRouteId } from '@/lib/use-route-id';

function PaymentDetail({ receivable }: { receivable: ReceivableDetail }) {
  const t = useT();
  const navigate = useNavigate();
  const [offlineOpen, setOfflineOpen] = useState(false);
  const { receivableId, availableFen, bills } = receivable;

  return (
    <div className={styles.page}>
      <ReceivableCard receivable={receivable} />
      <section aria-labelledby="bills-title" data-testid="receivable-bills">
        <h2 id="bills-title" className={styles.sectionHeading}>
          {t('fee.bills')}
        </h2>
        {bills.length === 0 ? (
          <p className={styles.empty}>{t('fee.noBills')}</p>
        ) : (
          bills.map((bill) => <BillCard key={bill.id} bill={bill} />)
        )}
      </section>
      {availableFen > 0 ? (
        <div className={styles.actions}>
          <Button
            block
            color="primary"
            onClick={() => navigate(`/fee/other/receivable/product/${receivableId}`)}
            data-testid="receivable-pay-online"
          >
            {t('fee.payOnline')}
          </Button>
          <Button block fill="outline" onClick={() => setOfflineOpen(true)} data-testid="offline-open">
            {t('fee.offlineOpen')}
          </Button>
        </div>
      ) : null}
      <OfflinePaymentPopup
        visible={offlineOpen}
        onClose={() => setOfflineOpen(false)}
        receivableId={receivableId}
        availableFen={availableFen}
      />
    </div>
  );
}

/** /fee/other/receivable/:id: payment detail — the summary and the charge and refund bills of one receivable. */
export default function ReceivableDetailPage() {
  const id = useRouteId();
  const receivable = useReceivable(id);
  return <LoadState query={receivable}>{(data) => <PaymentDetail receivable={data} />}</LoadState>;
}
