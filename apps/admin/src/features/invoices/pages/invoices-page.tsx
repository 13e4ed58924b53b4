/**
 * The e-invoice queue (the invoices issue): invoices by state, failed ones first, each with why it
 * failed and how often it was tried; a failed one can be sent to the platform again.
 */
import type { AdminInvoice, InvoiceState } from '@cf/shared/wire/invoice';
import { App, Button, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import {
  countColumn,
  Cut,
  dateColumn,
  idColumn,
  labelColumn,
  moneyColumn,
  textColumn,
} from '@admin/components/columns';
import { Page } from '@admin/components/page';
import { QueueTable } from '@admin/components/queue-table';
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
    dateColumn({ title: t('invoices.requestedAt'), dataIndex: 'requestedAt' }),
    idColumn({ title: t('invoices.orderNo'), dataIndex: 'orderNo' }),
    textColumn({
      title: t('invoices.payerName'),
      key: 'payerName',
      text: (row) => row.payerName,
      userData: true,
    }),
    idColumn({ title: t('invoices.taxId'), dataIndex: 'taxId' }),
    labelColumn({
      title: t('invoices.type'),
      dataIndex: 'invoiceType',
      render: (type: AdminInvoice['invoiceType']) => t(`invoices.type.${type}`),
    }),
    moneyColumn({ title: t('invoices.amount'), dataIndex: 'amountFen' }),
    ...(status === 'failed'
      ? [
          textColumn<AdminInvoice>({
            title: t('invoices.failReason'),
            key: 'failReason',
            text: (row) => row.failReason,
            userData: true,
            render: (_, row) => (
              <Typography.Text type="danger">
                <Cut text={row.failReason} userData />
              </Typography.Text>
            ),
          }),
          countColumn<AdminInvoice>({ title: t('invoices.attempts'), dataIndex: 'attempts' }),
          labelColumn<AdminInvoice>({
            title: t('common.actions'),
            key: 'actions',
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
          }),
        ]
      : [
          idColumn<AdminInvoice>({ title: t('invoices.billNo'), dataIndex: 'billNo' }),
          dateColumn<AdminInvoice>({ title: t('invoices.issuedAt'), dataIndex: 'issuedAt' }),
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
