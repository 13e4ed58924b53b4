/**
 * Orders: search by person, order number, payment number, state, channel and creation days; one order's
 * detail with bills and refunds (refund from there); what the search adds up to above the table (the
 * server's totals, the list's filters); the current search exported as XLSX.
 */
import { PAY_CHANNEL_NAMES, PAY_STATUSES } from '@cf/shared/fees';
import { PAY_METHOD_LABELS, PAY_STATUS_LABELS } from '@cf/shared/labels/pay';
import { formatYuan } from '@cf/shared/money';
import type { AdminOrder } from '@cf/shared/wire/admin-orders';
import { Card, DatePicker, Flex, Form, Input, Select, Statistic, Table, Tag } from 'antd';
import { useState } from 'react';
import {
  idColumn,
  labelColumn,
  moneyColumn,
  personColumn,
  SecondLine,
  textColumn,
} from '@admin/components/columns';
import { Page } from '@admin/components/page';
import { ExportButton, SearchButtons } from '@admin/components/search-export';
import { useT } from '@admin/lib/i18n/use-t';
import { useLabel } from '@admin/lib/labels';
import { serverPagination } from '@admin/lib/use-paging';
import { exportOrders } from '../api/export-orders';
import { useOrderTotals } from '../api/get-order-totals';
import { useOrders, type OrderSearch } from '../api/list-orders';
import { OrderDrawer } from '../components/order-drawer';

const COLORS: Record<string, string> = {
  NOT_PAY: 'blue',
  PAYING: 'cyan',
  PAID: 'green',
  REFUND: 'orange',
  CLOSED: 'red',
};

interface FormValues extends Omit<OrderSearch, 'from' | 'to'> {
  days?: [{ format(p: string): string }, { format(p: string): string }] | null;
}

export default function OrdersPage() {
  const { t } = useT();
  const label = useLabel();
  const [search, setSearch] = useState<OrderSearch>({});
  const [page, setPage] = useState({ current: 1, size: 20 });
  const [openId, setOpenId] = useState<number>();
  const orders = useOrders(search, page.current, page.size);
  const totals = useOrderTotals(search);
  const apply = ({ days, ...rest }: FormValues) => {
    const trimmed = Object.fromEntries(
      Object.entries(rest).map(([k, v]) => [k, typeof v === 'string' ? v.trim() || undefined : v]),
    ) as OrderSearch;
    setSearch({ ...trimmed, from: days?.[0]?.format('YYYY-MM-DD'), to: days?.[1]?.format('YYYY-MM-DD') });
    setPage({ ...page, current: 1 });
  };
  return (
    <Page
      title={t('orders.heading')}
      extra={
        <ExportButton
          onExport={() => exportOrders(search)}
          label={t('orders.export')}
          testId="orders-export"
        />
      }
    >
      <Form<FormValues>
        layout="inline"
        onFinish={apply}
        style={{ marginBottom: 16, rowGap: 8 }}
        data-testid="orders-search"
      >
        <Form.Item name="person" label={t('orders.person')}>
          <Input allowClear maxLength={64} placeholder={t('orders.personHint')} data-testid="orders-person" />
        </Form.Item>
        <Form.Item name="orderNo" label={t('orders.orderNo')}>
          <Input allowClear maxLength={64} data-testid="orders-order-no" />
        </Form.Item>
        <Form.Item name="paymentNo" label={t('orders.paymentNo')}>
          <Input allowClear maxLength={64} />
        </Form.Item>
        <Form.Item name="payStatus" label={t('orders.payStatus')}>
          <Select
            allowClear
            style={{ width: 120 }}
            options={PAY_STATUSES.map((s) => ({ value: s, label: label(PAY_STATUS_LABELS, s) }))}
          />
        </Form.Item>
        <Form.Item name="channel" label={t('orders.channel')}>
          <Select
            allowClear
            style={{ width: 120 }}
            options={PAY_CHANNEL_NAMES.map((c) => ({ value: c, label: label(PAY_METHOD_LABELS, c) }))}
          />
        </Form.Item>
        <Form.Item name="days" label={t('orders.days')}>
          <DatePicker.RangePicker />
        </Form.Item>
        <SearchButtons onReset={() => setSearch({})} testId="orders-search-submit" />
      </Form>
      <Card size="small" style={{ marginBottom: 16 }} data-testid="orders-totals">
        <Flex gap={48} wrap>
          <Statistic
            title={t('orders.totals.count')}
            value={totals.data?.count ?? '—'}
            data-testid="orders-totals-count"
          />
          <Statistic
            title={t('orders.totals.paid')}
            value={totals.data ? formatYuan(totals.data.paidFen) : '—'}
            data-testid="orders-totals-paid"
          />
          <Statistic
            title={t('orders.totals.refunded')}
            value={totals.data ? formatYuan(totals.data.refundedFen) : '—'}
            data-testid="orders-totals-refunded"
          />
        </Flex>
      </Card>
      <Table<AdminOrder>
        rowKey="id"
        loading={orders.isFetching}
        dataSource={orders.data?.records}
        data-testid="orders-table"
        onRow={(order) => ({ onClick: () => setOpenId(order.id), style: { cursor: 'pointer' } })}
        pagination={serverPagination(page, orders.data?.total, (current, size) => setPage({ current, size }))}
        columns={[
          // Fits 1024 px: the time under the order number, the channel under the state, the refund under
          // the amount; the items take the room left.
          idColumn({
            title: t('orders.orderNoAndTime'),
            dataIndex: 'orderNo',
            at: (o) => o.createdAt,
          }),
          personColumn({
            title: t('orders.person'),
            key: 'person',
            name: (o) => o.personName,
            no: (o) => o.personNo,
          }),
          textColumn({ title: t('orders.items'), key: 'items', text: (o) => o.itemsSummary, userData: true }),
          // What was refunded under the amount, where there is any: no column of mostly empty cells.
          moneyColumn({
            title: t('orders.total'),
            dataIndex: 'totalFen',
            render: (fen: number, o) => (
              <>
                {formatYuan(fen)}
                {o.refundedFen > 0 && (
                  <SecondLine kind="money" testId="orders-refunded">
                    {t('orders.refundedOf', { amount: formatYuan(o.refundedFen) })}
                  </SecondLine>
                )}
              </>
            ),
          }),
          labelColumn({
            title: t('orders.stateAndChannel'),
            dataIndex: 'payStatus',
            render: (s: string, o) => (
              <>
                <Tag color={COLORS[s]}>{label(PAY_STATUS_LABELS, s)}</Tag>
                <SecondLine>{label(PAY_METHOD_LABELS, o.channel)}</SecondLine>
              </>
            ),
          }),
        ]}
      />
      <OrderDrawer id={openId} onClose={() => setOpenId(undefined)} />
    </Page>
  );
}
