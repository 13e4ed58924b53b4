import Button from 'antd-mobile/es/components/button';
import { formatYuan } from '@cf/shared/money';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { cashierPath } from '@/components/finance/cashier-path';
import { toastFail } from '@/lib/feedback';
import { useT } from '@/lib/i18n/use-t';
import { useCreateOtherOrder } from '../api/create-other-order';
import { useReceivable, type ReceivableDetail } from '../api/get-receivable';
import { AmountInput } from '../components/amount-input';
import { LoadState } from '@/components/finance/load-state';
import { OfflinePaymentPopup } from '../components/offline-payment-popup';
import { ReceivableCard } from '../components/receivable-card';
import { checkPayAmount, defaultAmountText } from '../pay-amount';
import styles from './fee-page.module.css';
import { useRouteId } from '@/lib/use-route-id';

function PayReceivable({ receivable }: { receivable: ReceivableDetail }) {
  const t = useT();
  const navigate = useNavigate();
  const createOrder = useCreateOtherOrder();
  const [amountText, setAmountText] = useState(() => defaultAmountText(receivable.availableFen));
  const [offlineOpen, setOfflineOpen] = useState(false);
  const { receivableId, availableFen, allowPartial } = receivable;
  // The sum to pay, shown on the button as it is typed; null while the typed amount is not one.
  const typed = checkPayAmount(amountText, availableFen);
  const typedFen = !allowPartial ? availableFen : typed.ok ? typed.fen : null;

  async function pay() {
    let amountFen: number | undefined;
    if (allowPartial) {
      const check = checkPayAmount(amountText, availableFen);
      if (!check.ok) return toastFail(t(check.problem));
      amountFen = check.fen;
    }
    const order = await createOrder.mutateAsync({ receivableId, amountFen }).catch(() => undefined);
    if (order) navigate(cashierPath(order));
  }

  return (
    <div className={styles.page}>
      <ReceivableCard receivable={receivable}>
        {availableFen > 0 && allowPartial ? (
          <div className={styles.actions}>
            <label htmlFor="receivable-amount" className={styles.cardMeta}>
              {t('fee.payAmount')}
            </label>
            <AmountInput
              id="receivable-amount"
              value={amountText}
              onChange={setAmountText}
              limits={{ maxFen: availableFen }}
            />
          </div>
        ) : null}
      </ReceivableCard>
      <div className={styles.actions}>
        {availableFen > 0 ? (
          <>
            <Button
              block
              color="primary"
              size="large"
              loading={createOrder.isPending}
              onClick={() => void pay()}
              data-testid="receivable-pay"
            >
              {typedFen === null
                ? t('fee.payNow')
                : t('fee.payAmountButton', { amount: formatYuan(typedFen) })}
            </Button>
            <Button block fill="outline" onClick={() => setOfflineOpen(true)} data-testid="offline-open">
              {t('fee.offlineOpen')}
            </Button>
          </>
        ) : (
          <p className={styles.empty}>{t('fee.nothingToPay')}</p>
        )}
        <Link className={styles.headLink} to={`/fee/other/receivable/${receivableId}`}>
          {t('fee.paymentDetail')}
        </Link>
      </div>
      <OfflinePaymentPopup
        visible={offlineOpen}
        onClose={() => setOfflineOpen(false)}
        receivableId={receivableId}
        availableFen={availableFen}
      />
    </div>
  );
}

/** /fee/other/receivable/product/:id: pay a receivable assigned to me, in part where it allows. */
export default function ReceivableProductPage() {
  const id = useRouteId();
  const receivable = useReceivable(id);
  return <LoadState query={receivable}>{(data) => <PayReceivable receivable={data} />}</LoadState>;
}
