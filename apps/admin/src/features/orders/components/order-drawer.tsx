/**
 * One order in a drawer: who, what, how it was paid, its items, bills and refunds, and the refund form
 * (refund-form.tsx: full or partial, never more than is still refundable, with a kind, a reason and a
 * confirmation; the channel does the rest).
 */
import {
  BILL_KIND_LABELS,
  ORDER_TYPE_LABELS,
  PAY_METHOD_LABELS,
  PAY_STATUS_LABELS,
  REFUND_STATE_LABELS,
} from '@cf/shared/labels/pay';
import { formatYuan } from '@cf/shared/money';
import type { RefundKind } from '@cf/shared/refund-reason';
import type { AdminOrderDetail } from '@cf/shared/wire/admin-orders';
import { Descriptions, Drawer, Skeleton, Table, Tag, Typography } from 'antd';
import {
  countColumn,
  dateColumn,
  idColumn,
  labelColumn,
  moneyColumn,
  textColumn,
} from '@admin/components/columns';
import { useT } from '@admin/lib/i18n/use-t';
import { formatDateTime } from '@admin/lib/format';
import { useLabel } from '@admin/lib/labels';
import { useOrder } from '../api/get-order';
import { RefundForm } from './refund-form';

const time = (iso: string | null) => formatDateTime(iso);

export function OrderDrawer({ id, onClose }: { id: number | undefined; onClose: () => void }) {
  const { t, language } = useT();
  const label = useLabel();
  const { data: order, isLoading } = useOrder(id);
  return (
    <Drawer open={id !== undefined} onClose={onClose} title={t('orders.detail')} size={760} destroyOnHidden>
      {isLoading || !order ? (
        <Skeleton active />
      ) : (
        <div data-testid="order-detail">
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label={t('orders.orderNo')}>
              <span data-user-data data-testid="order-detail-no">
                {order.orderNo}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.payStatus')}>
              <Tag data-testid="order-detail-status" data-status={order.payStatus}>
                {label(PAY_STATUS_LABELS, order.payStatus)}
              </Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.person')}>
              <span data-user-data>
                {order.personName} {order.personNo ?? ''}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.payer')}>
              <span data-user-data>{order.payerName || order.userName}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.total')}>{formatYuan(order.totalFen)}</Descriptions.Item>
            <Descriptions.Item label={t('orders.refunded')}>
              <span data-testid="order-detail-refunded">{formatYuan(order.refundedFen)}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.orderType')}>
              {label(ORDER_TYPE_LABELS, order.orderType)}
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.channel')}>
              {label(PAY_METHOD_LABELS, order.channel)}
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.paymentNo')}>
              <span data-user-data>{order.paymentNo ?? ''}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.createdAt')}>{time(order.createdAt)}</Descriptions.Item>
            <Descriptions.Item label={t('orders.paidAt')}>{time(order.paidAt)}</Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5}>{t('orders.items')}</Typography.Title>
          <Table<AdminOrderDetail['items'][number]>
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={order.items}
            columns={[
              textColumn({
                title: t('orders.item'),
                key: 'name',
                text: (i) => (language === 'en' && i.nameEn ? i.nameEn : i.name),
                userData: true,
              }),
              countColumn({ title: t('orders.quantity'), dataIndex: 'quantity' }),
              moneyColumn({ title: t('orders.amount'), dataIndex: 'amountFen' }),
            ]}
          />
          <Typography.Title level={5}>{t('orders.bills')}</Typography.Title>
          <Table<AdminOrderDetail['bills'][number]>
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={order.bills}
            columns={[
              idColumn({ title: t('orders.billNo'), dataIndex: 'billNo' }),
              labelColumn({
                title: t('orders.billKind'),
                dataIndex: 'kind',
                render: (k: string) => label(BILL_KIND_LABELS, k),
              }),
              textColumn({
                title: t('orders.item'),
                key: 'project',
                text: (b) => (language === 'en' && b.projectEn ? b.projectEn : b.project),
                userData: true,
              }),
              moneyColumn({ title: t('orders.amount'), dataIndex: 'amountFen' }),
              dateColumn({ title: t('orders.billDate'), dataIndex: 'billDate' }),
            ]}
          />
          {order.refunds.length ? (
            <>
              <Typography.Title level={5}>{t('orders.refunds')}</Typography.Title>
              <Table<AdminOrderDetail['refunds'][number]>
                size="small"
                rowKey="id"
                pagination={false}
                dataSource={order.refunds}
                data-testid="order-refunds"
                columns={[
                  // Fits the drawer: when it was asked under the refund number.
                  idColumn({
                    title: t('orders.refundNoAndTime'),
                    dataIndex: 'outRefundNo',
                    at: (r) => r.createdAt,
                  }),
                  moneyColumn({ title: t('orders.amount'), dataIndex: 'amountFen' }),
                  labelColumn({
                    title: t('orders.refundKindColumn'),
                    dataIndex: 'kind',
                    render: (k: RefundKind) => t(`orders.refundKind.${k}`),
                  }),
                  labelColumn({
                    title: t('common.status'),
                    dataIndex: 'status',
                    render: (s: string) => label(REFUND_STATE_LABELS, s),
                  }),
                  textColumn({ title: t('orders.reason'), dataIndex: 'reason', userData: true }),
                ]}
              />
            </>
          ) : null}
          <Typography.Title level={5}>{t('orders.refund')}</Typography.Title>
          <RefundForm key={order.id} order={order} />
        </div>
      )}
    </Drawer>
  );
}
