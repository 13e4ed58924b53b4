import { BillHistory } from '../components/bill-history';

/** /fee/collect/history: the student fee payment history. */
export default function CollectHistoryPage() {
  return <BillHistory category="FEE" />;
}
