import { OrderList } from '../components/order-list';

/** /order/index: my orders (the exchange icon in the top bar switches to other people's orders). */
export default function MyOrdersPage() {
  return <OrderList scope="mine" />;
}
