/**
 * Orders: search by person, order number, payment number, state, channel and creation days; one order's
 * detail with bills and refunds (refund from there); the current search exported as XLSX.
 */
import { formatYuan } from '@cf/shared/money';
import type { AdminOrder } from '@cf/shared/wire/admin-orders';
import { DatePicker, Form, Input, Select, Table, Tag } from 'antd';
import { useState } from 'react';
import { Page } from '@admin/components/page';
import { ExportButton, SearchButtons } from '@admin/components/search-export';
import { useT } from '@admin/lib/i18n/use-t';
import { serverPagination } from '@admin/lib/use-paging';
import { exportOrders } from '../api/export-orders';
import { useOrders, type OrderSearch } from '../api/list-orders';
import { OrderDrawer } from '../components/order-drawer';

const STATES = ['NOT_PAY', 'PAYING', 'PAID', 'REFUND', 'CLOSED'] as const;
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
  const [search, setSearch] = useState<OrderSearch>({});
  const [page, setPage] = useState({ current: 1, size: 20 });
  const [openId, setOpenId] = useState<number>();
  const orders = useOrders(search, page.current, page.size);
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
            options={STATES.map((s) => ({ value: s, label: t(`payStatus.${s}`) }))}
          />
        </Form.Item>
        <Form.Item name="channel" label={t('orders.channel')}>
          <Select
            allowClear
            style={{ width: 120 }}
            options={['wechat', 'sandbox'].map((c) => ({
              value: c,
              label: t(`orders.channel.${c}` as never),
            }))}
          />
        </Form.Item>
        <Form.Item name="days" label={t('orders.days')}>
          <DatePicker.RangePicker />
        </Form.Item>
        <SearchButtons onReset={() => setSearch({})} testId="orders-search-submit" />
      </Form>
      <Table<AdminOrder>
        rowKey="id"
        loading={orders.isFetching}
        dataSource={orders.data?.records}
        data-testid="orders-table"
        onRow={(order) => ({ onClick: () => setOpenId(order.id), style: { cursor: 'pointer' } })}
        pagination={serverPagination(page, orders.data?.total, (current, size) => setPage({ current, size }))}
        columns={[
          {
            title: t('orders.orderNo'),
            dataIndex: 'orderNo',
            render: (v: string) => <span data-user-data>{v}</span>,
          },
          {
            title: t('orders.person'),
            key: 'person',
            render: (_, o) => (
              <span data-user-data>
                {o.personName} {o.personNo ?? ''}
              </span>
            ),
          },
          {
            title: t('orders.items'),
            dataIndex: 'itemsSummary',
            ellipsis: { showTitle: false },
            render: (v: string) => <span data-user-data>{v}</span>,
          },
          {
            title: t('orders.total'),
            dataIndex: 'totalFen',
            align: 'right',
            render: (fen: number) => formatYuan(fen),
          },
          {
            title: t('orders.refunded'),
            dataIndex: 'refundedFen',
            align: 'right',
            render: (fen: number) => (fen ? formatYuan(fen) : ''),
          },
          {
            title: t('orders.payStatus'),
            dataIndex: 'payStatus',
            render: (s: string) => <Tag color={COLORS[s]}>{t(`payStatus.${s}` as never)}</Tag>,
          },
          {
            title: t('orders.channel'),
            dataIndex: 'channel',
            render: (c: string | null) => (c ? t(`orders.channel.${c}` as never) : ''),
          },
          {
            title: t('orders.createdAt'),
            dataIndex: 'createdAt',
            render: (v: string) => new Date(v).toLocaleString(),
          },
        ]}
      />
      <OrderDrawer id={openId} onClose={() => setOpenId(undefined)} />
    </Page>
  );
}
