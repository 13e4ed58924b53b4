import { BillCard } from '@/components/finance/bill-card';
import { PagedList } from '@/components/finance/paged-list';
import { useT } from '@/lib/i18n/use-t';
import { useFeeHistory, type FeeCategory } from '../api/get-fee-history';

/** My charge and refund bills of one category, newest first, paged. */
export function BillHistory({ category }: { category: FeeCategory }) {
  const t = useT();
  const history = useFeeHistory(category);
  return (
    <PagedList
      query={history}
      keyOf={(bill) => bill.id}
      renderItem={(bill) => <BillCard bill={bill} />}
      emptyText={t('fee.noHistory')}
      testId={`bill-history-${category}`}
    />
  );
}
