import Tag from 'antd-mobile/es/components/tag';
import type { PayStatus } from '@cf/shared/fees';
import type { TextKey } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { PAY_STATUS_TEXT } from './pay-status-text';
import { billStatusTagColor, payStatusTagColor } from './status-colors';

const BILL_STATUS_TEXT: Record<0 | 1 | 2, TextKey> = {
  0: 'billStatus.0',
  1: 'billStatus.1',
  2: 'billStatus.2',
};

/** An order's pay status (spec §4) in its spec §9 colour. */
export function PayStatusTag({ status }: { status: PayStatus }) {
  const t = useT();
  return (
    <Tag color={payStatusTagColor(status)} fill="outline" data-testid="pay-status" data-status={status}>
      {t(PAY_STATUS_TEXT[status])}
    </Tag>
  );
}

/**
 * Said next to an open order's status when its last payment attempt failed or was abandoned
 * (the wire's lastPayFailed): the order is payable again ("上次支付未成功").
 */
export function LastPayFailedNote({ className }: { className?: string }) {
  const t = useT();
  return (
    <span className={className} data-testid="last-pay-failed">
      {t('order.lastPayFailed')}
    </span>
  );
}

/** A bill's review status (0 void, 1 not reviewed, 2 reviewed) in its spec §9 colour. */
export function BillStatusTag({ status }: { status: number }) {
  const t = useT();
  const known = (status === 0 || status === 2 ? status : 1) as 0 | 1 | 2;
  return (
    <Tag color={billStatusTagColor(status)} fill="outline" data-testid="bill-status" data-status={status}>
      {t(BILL_STATUS_TEXT[known])}
    </Tag>
  );
}
