/**
 * What the payer recorded for an other-means payment: item, amount, how and when they paid, their
 * note and the files they uploaded, next to the bill's own facts, so the clerk can check it against
 * the bank statement.
 */
import { Descriptions, Typography } from 'antd';
import { formatDate, formatDateTime, formatMoney } from '@admin/lib/format';
import { PAY_METHOD_LABELS } from '@cf/shared/labels/pay';
import { useT } from '@admin/lib/i18n/use-t';
import { useLabel } from '@admin/lib/labels';
import type { AdminBill } from '../api/get-bills';
import { BillEvidenceFiles } from './bill-evidence-files';

export function BillEvidence({ bill }: { bill: AdminBill }) {
  const { t, language } = useT();
  const label = useLabel();
  return (
    <>
      <Typography.Paragraph type="secondary">{t('bills.evidenceHint')}</Typography.Paragraph>
      <Descriptions column={1} bordered size="small" data-testid="bill-evidence">
        <Descriptions.Item label={t('bills.billNo')}>{bill.billNo}</Descriptions.Item>
        <Descriptions.Item label={t('bills.person')}>
          <span data-user-data>{bill.personName}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('bills.project')}>
          <span data-user-data>{(language === 'en' && bill.projectEn) || bill.project}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('bills.amount')}>
          <Typography.Text strong>{formatMoney(bill.amountFen)}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('bills.method')}>
          <span data-user-data>{label(PAY_METHOD_LABELS, bill.method)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('bills.billDate')}>{formatDate(bill.billDate)}</Descriptions.Item>
        <Descriptions.Item label={t('bills.note')}>
          {bill.note ? <span data-user-data>{bill.note}</span> : t('bills.noNote')}
        </Descriptions.Item>
        <Descriptions.Item label={t('bills.files')}>
          <BillEvidenceFiles bill={bill} />
        </Descriptions.Item>
        <Descriptions.Item label={t('bills.createdAt')}>{formatDateTime(bill.createdAt)}</Descriptions.Item>
      </Descriptions>
    </>
  );
}
