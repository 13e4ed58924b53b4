/**
 * Other-means bills: money a person says they paid outside the app (bank transfer, cash at the desk)
 * waits here until a clerk has looked at its evidence and approves it (it then counts as received)
 * or voids it (it never counts). Decisions are taken in the evidence drawer, never blind from the list.
 */
import { App, Button, Drawer, Popconfirm, Space, Tag, type TableColumnsType } from 'antd';
import { useState, type HTMLAttributes } from 'react';
import {
  idColumn,
  labelColumn,
  moneyColumn,
  personColumn,
  SecondLine,
  textColumn,
} from '@admin/components/columns';
import { Page } from '@admin/components/page';
import { QueueTable } from '@admin/components/queue-table';
import { formatDate, formatMoney } from '@admin/lib/format';
import { PAY_METHOD_LABELS } from '@cf/shared/labels/pay';
import { useT } from '@admin/lib/i18n/use-t';
import { useLabel } from '@admin/lib/labels';
import { usePaging } from '@admin/lib/use-paging';
import { useDecideBill } from '../api/decide-bill';
import { useBills, type AdminBill, type BillStatus } from '../api/get-bills';
import { BillEvidence } from '../components/bill-evidence';

const TABS = [
  { status: 1, key: 'pending' },
  { status: 2, key: 'reviewed' },
  { status: 0, key: 'voided' },
] as const;

export default function BillsPage() {
  const { t, language } = useT();
  const label = useLabel();
  const { message } = App.useApp();
  const [status, setStatus] = useState<BillStatus>(1);
  const paging = usePaging();
  const list = useBills(status, paging.current, paging.size);
  const decide = useDecideBill();
  const [open, setOpen] = useState<AdminBill>();

  const decideOpen = (decision: 'review' | 'void') =>
    open &&
    decide.mutateAsync({ id: open.id, decision }).then(() => {
      setOpen(undefined);
      void message.success(t(decision === 'review' ? 'bills.reviewed' : 'bills.voided'));
    });

  // Fits 1024 px: when it was recorded under the bill number, the day paid under how.
  const columns: TableColumnsType<AdminBill> = [
    idColumn({
      title: t('bills.billNoAndTime'),
      dataIndex: 'billNo',
      at: (bill) => bill.createdAt,
    }),
    personColumn({
      title: t('bills.person'),
      key: 'person',
      name: (bill) => bill.personName,
      no: (bill) => bill.personNo,
      onCell: () => ({ 'data-testid': 'bill-person' }) as HTMLAttributes<HTMLElement>,
    }),
    textColumn({
      title: t('bills.project'),
      key: 'project',
      text: (bill) => (language === 'en' && bill.projectEn) || bill.project,
      userData: true,
    }),
    moneyColumn({ title: t('bills.amount'), dataIndex: 'amountFen' }),
    labelColumn({
      title: t('bills.methodAndDay'),
      dataIndex: 'method',
      render: (method: string, bill) => (
        <>
          <span data-user-data>{label(PAY_METHOD_LABELS, method)}</span>
          <SecondLine kind="date">{formatDate(bill.billDate)}</SecondLine>
        </>
      ),
    }),
    labelColumn({
      title: t('common.actions'),
      key: 'actions',
      render: (_, bill) => (
        <Button
          size="small"
          type={status === 1 ? 'primary' : 'default'}
          onClick={() => setOpen(bill)}
          data-testid="bill-open"
        >
          {t('bills.view')}
        </Button>
      ),
    }),
  ];

  return (
    <Page title={t('bills.heading')}>
      <QueueTable<AdminBill, BillStatus>
        tabs={TABS.map((tab) => ({ status: tab.status, label: t(`bills.tab.${tab.key}`) }))}
        status={status}
        onStatus={setStatus}
        paging={paging}
        list={list}
        columns={columns}
        testId="bills-table"
        onRow={(bill) => ({ 'data-bill-no': bill.billNo }) as HTMLAttributes<HTMLElement>}
      />
      <Drawer
        open={!!open}
        size={520}
        title={
          <Space>
            {t('bills.evidence')}
            {open && status !== 1 && <Tag>{t(status === 2 ? 'bills.tab.reviewed' : 'bills.tab.voided')}</Tag>}
          </Space>
        }
        onClose={() => setOpen(undefined)}
        destroyOnHidden
        footer={
          status === 1 && (
            <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
              <Popconfirm
                title={t('bills.voidConfirm')}
                okText={t('bills.void')}
                okButtonProps={{ danger: true }}
                cancelText={t('common.cancel')}
                onConfirm={() => decideOpen('void')}
              >
                <Button danger loading={decide.isPending && decide.variables?.decision === 'void'}>
                  {t('bills.void')}
                </Button>
              </Popconfirm>
              <Popconfirm
                title={t('bills.reviewConfirm', { amount: open ? formatMoney(open.amountFen) : '' })}
                okText={t('bills.review')}
                cancelText={t('common.cancel')}
                onConfirm={() => decideOpen('review')}
              >
                <Button type="primary" loading={decide.isPending && decide.variables?.decision === 'review'}>
                  {t('bills.review')}
                </Button>
              </Popconfirm>
            </Space>
          )
        }
      >
        {open && <BillEvidence bill={open} />}
      </Drawer>
    </Page>
  );
}
