import { useNavigate } from 'react-router';
import { cashierPath } from '@/components/finance/cashier-path';
import { useCreateOtherOrder } from '../api/create-other-order';
import { useFeeItem } from '../api/get-fee-item';
import { ItemOrderForm } from '../components/item-order-form';
import { LoadState } from '@/components/finance/load-state';
import { useRouteId } from '@/lib/use-route-id';

/** /fee/other/manual/product/:id: a manual item (price × quantity) or a top-up, with its form fields. */
export default function ManualProductPage() {
  const id = useRouteId();
  const navigate = useNavigate();
  const item = useFeeItem(id);
  const createOrder = useCreateOtherOrder();

  return (
    <LoadState query={item}>
      {(feeItem) => (
        <ItemOrderForm
          item={feeItem}
          onOrder={async ({ quantity, amountFen, formData }) => {
            const order = await createOrder.mutateAsync({
              feeItemId: feeItem.id,
              quantity,
              amountFen,
              formData,
            });
            navigate(cashierPath(order));
          }}
        />
      )}
    </LoadState>
  );
}
