import { OrderList } from '../components/order-list';

/** /order/other: other people's orders — those I paid through a pay link. */
export default function OtherOrdersPage() {
  return <OrderList scope="other" />;
}
