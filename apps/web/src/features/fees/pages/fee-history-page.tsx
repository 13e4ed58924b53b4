import Tabs from 'antd-mobile/es/components/tabs';
import { useT } from '@/lib/i18n/use-t';
import { useQueryParam } from '@/lib/use-query-param';
import type { FeeCategory } from '../api/get-fee-history';
import { BillHistory } from '../components/bill-history';
import styles from './fee-history-page.module.css';

const CATEGORIES: FeeCategory[] = ['FEE', 'OTHER'];

/** /fee/history: historical payments, student fees and comprehensive fees side by side. */
export default function FeeHistoryPage() {
  const t = useT();
  const [param, setParam] = useQueryParam('category');
  const category: FeeCategory = param === 'OTHER' ? 'OTHER' : 'FEE';
  return (
    <Tabs
      activeKey={category}
      onChange={(key) => setParam(key)}
      className={styles.tabs}
      style={{ '--content-padding': '0' }}
    >
      {CATEGORIES.map((key) => (
        <Tabs.Tab key={key} title={t(key === 'FEE' ? 'fee.studentFees' : 'fee.otherFees')}>
          {key === category ? <BillHistory category={key} /> : null}
        </Tabs.Tab>
      ))}
    </Tabs>
  );
}
