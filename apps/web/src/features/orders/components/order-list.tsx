import Tabs from 'antd-mobile/es/components/tabs';
import type { OrderTab } from '@cf/shared/fees';
import { PagedList } from '@/components/finance/paged-list';
import { useT } from '@/lib/i18n/use-t';
import { useQueryParam } from '@/lib/use-query-param';
import { useOrders } from '../api/get-orders';
import { ORDER_TAB_KEYS, orderTabText, tabOf, type OrderScope } from '../order-tabs';
import { OrderCard } from './order-card';
import styles from './order-list.module.css';

function TabOrders({ scope, tab }: { scope: OrderScope; tab: OrderTab }) {
  const t = useT();
  const orders = useOrders(scope, tab);
  return (
    <PagedList
      query={orders}
      keyOf={(order) => order.id}
      renderItem={(order) => <OrderCard order={order} other={scope === 'other'} />}
      emptyText={t(scope === 'other' ? 'order.emptyOther' : 'order.empty')}
      testId={`orders-${scope}-${tab}`}
    />
  );
}

/** An order list with its tabs (kept in the address as ?tab=...), paged, pull to refresh. */
export function OrderList({ scope }: { scope: OrderScope }) {
  const t = useT();
  const [param, setParam] = useQueryParam('tab');
  const tab = tabOf(param);
  return (
    <div className={styles.wrap}>
      <Tabs
        className={styles.tabs}
        activeKey={tab}
        onChange={(key) => setParam(key === 'all' ? null : key)}
        style={{ '--content-padding': '0', '--title-font-size': '0.85rem' }}
      >
        {ORDER_TAB_KEYS.map((key) => (
          <Tabs.Tab key={key} title={t(orderTabText(key))} />
        ))}
      </Tabs>
      <TabOrders key={tab} scope={scope} tab={tab} />
    </div>
  );
}
