/**
 * The e-invoice queue (the invoices issue): invoices by state, failed ones first, each with why it
 * failed and how often it was tried; a failed one can be sent to the platform again.
 */
import type { AdminInvoice, InvoiceState } from '@cf/shared/wire/invoice';
import { App, Button, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { Page } from '@admin/components/page';
import { QueueTable } from '@admin/components/queue-table';
import { formatDateTime, formatMoney } from '@admin/lib/format';
import { useT } from '@admin/lib/i18n/use-t';
import { usePaging } from '@admin/lib/use-paging';
import { useInvoices } from '../api/get-invoices';
import { useRetryInvoice } from '../api/retry-invoice';

/** Failed first: the queue a clerk works through. */
const TABS: InvoiceState[] = ['failed', 'requested', 'issued', 'reversing', 'reversed'];

export default function InvoicesPage() {
  const { t } = useT();
  const { message } = App.useApp();
  const [status, setStatus] = useState<InvoiceState>('failed');
  const paging = usePaging();
  const list = useInvoices(status, paging.current, paging.size);
  const retry = useRetryInvoice();

  const columns: TableColumnsType<AdminInvoice> = [
    { title: t('invoices.requestedAt'), dataIndex: 'requestedAt', render: formatDateTime, width: 150 },
    { title: t('invoices.orderNo'), dataIndex: 'orderNo' },
    {
      title: t('invoices.payerName'),
      dataIndex: 'payerName',
      render: (name: string) => <span data-user-data>{name}</span>,
    },
    { title: t('invoices.taxId'), dataIndex: 'taxId' },
    {
      title: t('invoices.type'),
      dataIndex: 'invoiceType',
      render: (type: AdminInvoice['invoiceType']) => t(`invoices.type.${type}`),
    },
    { title: t('invoices.amount'), dataIndex: 'amountFen', align: 'right', render: formatMoney },
    ...(status === 'failed'
      ? [
          {
            title: t('invoices.failReason'),
            dataIndex: 'failReason',
            render: (reason: string | null) => (
              <Typography.Text type="danger" data-user-data>
                {reason}
              </Typography.Text>
            ),
          },
          { title: t('invoices.attempts'), dataIndex: 'attempts', align: 'right' as const },
          {
            title: t('common.actions'),
            key: 'actions',
            fixed: 'right' as const,
            render: (_: unknown, row: AdminInvoice) => (
              <Button
                size="small"
                type="primary"
                loading={retry.isPending && retry.variables === row.id}
                onClick={() =>
                  retry.mutate(row.id, { onSuccess: () => void message.success(t('invoices.retried')) })
                }
              >
                {t('invoices.retry')}
              </Button>
            ),
          },
        ]
      : [
          { title: t('invoices.billNo'), dataIndex: 'billNo' },
          { title: t('invoices.issuedAt'), dataIndex: 'issuedAt', render: formatDateTime },
        ]),
  ];

  return (
    <Page title={t('invoices.heading')}>
      <QueueTable<AdminInvoice, InvoiceState>
        tabs={TABS.map((key) => ({ status: key, label: t(`invoices.tab.${key}`) }))}
        status={status}
        onStatus={setStatus}
        paging={paging}
        list={list}
        columns={columns}
        testId="invoices-table"
      />
    </Page>
  );
}
