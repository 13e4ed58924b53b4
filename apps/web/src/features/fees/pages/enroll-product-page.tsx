import Button from 'antd-mobile/es/components/button';
import { useLocation, useNavigate } from 'react-router';
import { cashierPath } from '@/components/finance/cashier-path';
import { StatusView } from '@/components/status-view';
import { useT } from '@/lib/i18n/use-t';
import { useCreateEnrollOrder } from '../api/create-enroll-order';
import { useFeeItem } from '../api/get-fee-item';
import { ItemOrderForm } from '../components/item-order-form';
import { LoadState } from '@/components/finance/load-state';
import styles from './fee-page.module.css';
import { useRouteId } from '@/lib/use-route-id';

/** Who /enroll found; it travels in the history entry's state, never in the address. */
export interface EnrolleeState {
  idCard: string;
  name: string;
  admissionNo?: string;
}

function enrolleeOf(state: unknown): EnrolleeState | undefined {
  const s = state as Partial<EnrolleeState> | null;
  return s && typeof s.idCard === 'string' && typeof s.name === 'string'
    ? { idCard: s.idCard, name: s.name, admissionNo: s.admissionNo }
    : undefined;
}

/** /fee/other/enroll/product/:id: an enrolment fee of the newly admitted student found through /enroll. */
export default function EnrollProductPage() {
  const t = useT();
  const id = useRouteId();
  const { state } = useLocation();
  const navigate = useNavigate();
  const enrollee = enrolleeOf(state);
  const item = useFeeItem(id);
  const createOrder = useCreateEnrollOrder();

  if (!enrollee)
    return (
      <StatusView
        title={t('enroll.findFirst')}
        description={t('enroll.findFirstHint')}
        testId="enroll-find-first"
      >
        <Button color="primary" onClick={() => navigate('/enroll', { replace: true })}>
          {t('enroll.goFind')}
        </Button>
      </StatusView>
    );

  return (
    <LoadState query={item}>
      {(feeItem) => (
        <ItemOrderForm
          item={feeItem}
          header={
            <section className={styles.card} data-testid="enrollee-card">
              <p className={styles.cardTitle}>{enrollee.name}</p>
              {enrollee.admissionNo ? (
                <p className={styles.cardMeta}>{t('enroll.admissionNo', { no: enrollee.admissionNo })}</p>
              ) : null}
            </section>
          }
          onOrder={async ({ formData }) => {
            const order = await createOrder.mutateAsync({
              idCard: enrollee.idCard,
              name: enrollee.name,
              feeItemId: feeItem.id,
              formData,
            });
            navigate(cashierPath(order));
          }}
        />
      )}
    </LoadState>
  );
}
