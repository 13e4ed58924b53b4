import { BillHistory } from '../components/bill-history';

/** /fee/other/history: the comprehensive fee payment history. */
export default function OtherHistoryPage() {
  return <BillHistory category="OTHER" />;
}
