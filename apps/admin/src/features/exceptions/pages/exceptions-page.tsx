/**
 * Payment exceptions: money that arrived but could not be applied (paid after the order closed, an
 * amount that differs, paid twice, no such order). A finance manager or admin sends it back through its
 * channel; anyone of the office may mark it settled another way, with a note.
 */
import { checkExceptionNote, EXCEPTION_NOTE_MAX_LENGTH } from '@cf/shared/payment-exception';
import { PAY_METHOD_LABELS, REFUND_STATE_LABELS } from '@cf/shared/labels/pay';
import { translate } from '@cf/shared/messages';
import { App, Button, Flex, Popconfirm, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { idColumn, labelColumn, moneyColumn, SecondLine, textColumn } from '@admin/components/columns';
import { Page } from '@admin/components/page';
import { QueueTable } from '@admin/components/queue-table';
import { ReasonDialog } from '@admin/components/reason-dialog';
import { formatDateTime, formatMoney } from '@admin/lib/format';
import type { TextKey } from '@admin/lib/i18n/i18n';
import { useT } from '@admin/lib/i18n/use-t';
import { useLabel } from '@admin/lib/labels';
import { allows } from '@admin/lib/roles';
import { usePaging } from '@admin/lib/use-paging';
import { useSession } from '@admin/lib/use-session';
import { useExceptions, type ExceptionStatus, type PaymentException } from '../api/get-exceptions';
import { useRefundException } from '../api/refund-exception';
import { useSettleException } from '../api/settle-exception';

const STATUSES: ExceptionStatus[] = ['open', 'refunded', 'resolved'];
const KINDS = ['paid_after_close', 'amount_mismatch', 'duplicate_payment', 'unknown_order'];
const REFUND_COLOR = { PROCESSING: 'processing', SUCCESS: 'success', FAILED: 'error' } as const;

export default function ExceptionsPage() {
  const { t, language } = useT();
  const { message } = App.useApp();
  const label = useLabel();
  const { level } = useSession();
  const mayRefund = allows(level, 'manager');
  const [status, setStatus] = useState<ExceptionStatus>('open');
  const paging = usePaging();
  const list = useExceptions(status, paging.current, paging.size);
  const refund = useRefundException();
  const settle = useSettleException();
  const [settling, setSettling] = useState<PaymentException>();

  const columns: TableColumnsType<PaymentException> = [
    // Fits 1024 px: the kind and the time under the order number, the channel under its transaction,
    // the actions one under the other.
    {
      ...idColumn<PaymentException>({
        title: t('exceptions.orderKindAt'),
        dataIndex: 'orderNo',
        key: 'order',
      }),
      render: (orderNo: string | null, row: PaymentException) => (
        <>
          <span data-user-data>{orderNo}</span>
          <SecondLine>
            {KINDS.includes(row.kind) ? (
              <Tag color="orange">{t(`exceptions.kind.${row.kind}` as TextKey)}</Tag>
            ) : (
              row.kind
            )}
          </SecondLine>
          <SecondLine kind="date">{formatDateTime(row.createdAt)}</SecondLine>
        </>
      ),
    },
    moneyColumn({ title: t('exceptions.amount'), dataIndex: 'amountFen' }),
    {
      ...idColumn<PaymentException>({
        title: t('exceptions.transactionAndChannel'),
        dataIndex: 'transactionId',
      }),
      render: (transactionId: string, row: PaymentException) => (
        <>
          <span>{transactionId}</span>
          <SecondLine>{label(PAY_METHOD_LABELS, row.channel)}</SecondLine>
        </>
      ),
    },
    ...(status === 'refunded'
      ? [
          labelColumn<PaymentException>({
            title: t('exceptions.refundStatus'),
            dataIndex: 'refundStatus',
            render: (value: PaymentException['refundStatus']) =>
              value && <Tag color={REFUND_COLOR[value]}>{label(REFUND_STATE_LABELS, value)}</Tag>,
          }),
        ]
      : []),
    ...(status === 'resolved'
      ? [
          textColumn<PaymentException>({
            title: t('exceptions.note'),
            key: 'note',
            text: (row) => row.note,
            userData: true,
          }),
        ]
      : []),
    ...(status === 'open'
      ? [
          labelColumn<PaymentException>({
            title: t('common.actions'),
            key: 'actions',
            render: (_: unknown, row: PaymentException) => (
              <Flex vertical align="start" gap={4}>
                {mayRefund && (
                  <Popconfirm
                    title={t('exceptions.refundConfirm', { amount: formatMoney(row.amountFen) })}
                    okText={t('exceptions.refund')}
                    okButtonProps={{ danger: true }}
                    cancelText={t('common.cancel')}
                    onConfirm={() =>
                      refund.mutateAsync(row.id).then(() => void message.success(t('exceptions.refundSent')))
                    }
                  >
                    <Button danger size="small">
                      {t('exceptions.refund')}
                    </Button>
                  </Popconfirm>
                )}
                <Button size="small" onClick={() => setSettling(row)}>
                  {t('exceptions.settle')}
                </Button>
              </Flex>
            ),
          }),
        ]
      : []),
  ];

  return (
    <Page title={t('exceptions.heading')}>
      <QueueTable<PaymentException, ExceptionStatus>
        tabs={STATUSES.map((key) => ({ status: key, label: t(`exceptions.tab.${key}`) }))}
        status={status}
        onStatus={setStatus}
        paging={paging}
        list={list}
        columns={columns}
        testId="exceptions-table"
      />
      <ReasonDialog
        open={!!settling}
        title={t('exceptions.settleTitle')}
        label={t('exceptions.settleNote')}
        okText={t('exceptions.settle')}
        maxLength={EXCEPTION_NOTE_MAX_LENGTH}
        check={(note) => {
          const checked = checkExceptionNote(note);
          return checked.ok ? undefined : translate(checked.message, language, checked.params);
        }}
        pending={settle.isPending}
        onCancel={() => setSettling(undefined)}
        onSubmit={(note) =>
          settling &&
          settle.mutate(
            { id: settling.id, note: note.trim() },
            {
              onSuccess: () => {
                setSettling(undefined);
                void message.success(t('exceptions.settled'));
              },
            },
          )
        }
      />
    </Page>
  );
}
