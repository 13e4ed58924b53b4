import Tag from 'antd-mobile/es/components/tag';
import type { InvoiceState, OrderInvoiceState } from '@cf/shared/wire/invoice';
import type { TextKey } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';

const TEXT: Record<InvoiceState | OrderInvoiceState, TextKey> = {
  none: 'invoice.state.none',
  requested: 'invoice.state.requested',
  issued: 'invoice.state.issued',
  failed: 'invoice.state.failed',
  reversing: 'invoice.state.reversing',
  reversed: 'invoice.state.reversed',
};
const COLOR: Record<InvoiceState | OrderInvoiceState, string> = {
  none: '#888888',
  requested: '#1677ff',
  issued: '#00b578',
  failed: '#ff3141',
  reversing: '#ff8f1f',
  reversed: '#888888',
};

/** An invoice's (or an order's invoice) state in words and colour. */
export function InvoiceStateTag({ state }: { state: InvoiceState | OrderInvoiceState }) {
  const t = useT();
  return (
    <Tag color={COLOR[state]} fill="outline" data-testid="invoice-state" data-state={state}>
      {t(TEXT[state])}
    </Tag>
  );
}
