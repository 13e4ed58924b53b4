import Button from 'antd-mobile/es/components/button';
import { useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { LoadError } from '@/components/finance/load-error';
import { PageSpinner } from '@/components/page-spinner';
import { StatusView } from '@/components/status-view';
import { useT } from '@/lib/i18n/use-t';
import { currentQuery } from '@/lib/navigation';
import { useCashier } from '../api/get-cashier';
import { CashierView } from '../components/cashier-view';
import { PayResultView } from '../components/pay-result-view';
import { payPagePath, readPayQuery, type PayQuery } from '../pay-query';

/** The cashier of an order still open; a final order shows its result instead. */
function Cashier({ pay }: { pay: PayQuery }) {
  const navigate = useNavigate();
  const cashier = useCashier(pay.orderNo, pay.payAuthToken);
  const open = cashier.data && (cashier.data.payStatus === 'NOT_PAY' || cashier.data.payStatus === 'PAYING');

  useEffect(() => {
    if (cashier.data && !open) navigate(payPagePath(pay, 'result'), { replace: true });
  }, [cashier.data, open, navigate, pay]);

  if (cashier.isPending) return <PageSpinner />;
  if (cashier.isError) return <LoadError error={cashier.error} onRetry={() => cashier.refetch()} />;
  if (!open) return <PageSpinner />;
  return (
    <CashierView
      cashier={cashier.data}
      fetchedAt={cashier.dataUpdatedAt}
      pay={pay}
      onExpired={() => void cashier.refetch()}
    />
  );
}

/**
 * /pay: the cashier (?orderNo=...) and, after paying (?view=result), the result. A pay link's
 * payAuthToken stays in the address and goes with every call, so someone else can pay.
 */
export default function PayPage() {
  const t = useT();
  const navigate = useNavigate();
  const { search } = useLocation();
  const pay = useMemo(() => readPayQuery(currentQuery(search)), [search]);

  if (!pay.orderNo)
    return (
      <StatusView title={t('pay.noOrder')} description={t('pay.noOrderHint')} testId="pay-no-order">
        <Button color="primary" onClick={() => navigate('/order/index')}>
          {t('pay.myOrders')}
        </Button>
      </StatusView>
    );
  return pay.view === 'result' ? (
    <PayResultView key={pay.orderNo} pay={pay} />
  ) : (
    <Cashier key={pay.orderNo} pay={pay} />
  );
}
