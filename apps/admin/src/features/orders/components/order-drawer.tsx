/**
 * One order in a drawer: who, what, how it was paid, its items, bills and refunds, and a refund form
 * (full or partial, never more than is still refundable; the channel does the rest).
 */
import {
  BILL_KIND_LABELS,
  ORDER_TYPE_LABELS,
  PAY_METHOD_LABELS,
  PAY_STATUS_LABELS,
  REFUND_STATE_LABELS,
} from '@cf/shared/labels/pay';
import { formatYuan, parseYuan, yuanDigits } from '@cf/shared/money';
import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Form,
  Input,
  Skeleton,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useT } from '@admin/lib/i18n/use-t';
import { formatDateTime } from '@admin/lib/format';
import { useLabel } from '@admin/lib/labels';
import { useOrder } from '../api/get-order';
import { useRefundOrder } from '../api/refund-order';

const time = (iso: string | null) => formatDateTime(iso);

export function OrderDrawer({ id, onClose }: { id: number | undefined; onClose: () => void }) {
  const { t, language } = useT();
  const label = useLabel();
  const { data: order, isLoading } = useOrder(id);
  const refund = useRefundOrder();
  const [form] = Form.useForm<{ amount: string; reason: string }>();
  const refundable = order && order.payStatus === 'PAID' ? order.totalFen - order.refundedFen : 0;
  const submit = async (v: { amount: string; reason: string }) => {
    if (!order) return;
    await refund.mutateAsync({ id: order.id, amountFen: parseYuan(v.amount) ?? 0, reason: v.reason ?? '' });
    form.resetFields();
  };
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
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={order.items}
            columns={[
              {
                title: t('orders.item'),
                key: 'name',
                render: (_, i) => (
                  <span data-user-data>{language === 'en' && i.nameEn ? i.nameEn : i.name}</span>
                ),
              },
              { title: t('orders.quantity'), dataIndex: 'quantity', align: 'right' },
              {
                title: t('orders.amount'),
                dataIndex: 'amountFen',
                align: 'right',
                render: (fen: number) => formatYuan(fen),
              },
            ]}
          />
          <Typography.Title level={5}>{t('orders.bills')}</Typography.Title>
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={order.bills}
            columns={[
              {
                title: t('orders.billNo'),
                dataIndex: 'billNo',
                render: (v: string) => <span data-user-data>{v}</span>,
              },
              {
                title: t('orders.billKind'),
                dataIndex: 'kind',
                render: (k: string) => label(BILL_KIND_LABELS, k),
              },
              {
                title: t('orders.item'),
                key: 'project',
                render: (_, b) => (
                  <span data-user-data>{language === 'en' && b.projectEn ? b.projectEn : b.project}</span>
                ),
              },
              {
                title: t('orders.amount'),
                dataIndex: 'amountFen',
                align: 'right',
                render: (fen: number) => formatYuan(fen),
              },
              { title: t('orders.billDate'), dataIndex: 'billDate', render: (v: string) => time(v) },
            ]}
          />
          {order.refunds.length ? (
            <>
              <Typography.Title level={5}>{t('orders.refunds')}</Typography.Title>
              <Table
                size="small"
                rowKey="id"
                pagination={false}
                dataSource={order.refunds}
                data-testid="order-refunds"
                columns={[
                  {
                    title: t('orders.refundNo'),
                    dataIndex: 'outRefundNo',
                    render: (v: string) => <span data-user-data>{v}</span>,
                  },
                  {
                    title: t('orders.amount'),
                    dataIndex: 'amountFen',
                    align: 'right',
                    render: (fen: number) => formatYuan(fen),
                  },
                  {
                    title: t('common.status'),
                    dataIndex: 'status',
                    render: (s: string) => label(REFUND_STATE_LABELS, s),
                  },
                  {
                    title: t('orders.reason'),
                    dataIndex: 'reason',
                    render: (v: string) => <span data-user-data>{v}</span>,
                  },
                  { title: t('orders.createdAt'), dataIndex: 'createdAt', render: (v: string) => time(v) },
                ]}
              />
            </>
          ) : null}
          <Typography.Title level={5}>{t('orders.refund')}</Typography.Title>
          {refundable > 0 ? (
            <Form
              form={form}
              layout="inline"
              onFinish={(v) => void submit(v)}
              initialValues={{ amount: yuanDigits(refundable) }}
              data-testid="refund-form"
            >
              <Form.Item
                name="amount"
                label={t('orders.refundAmount')}
                extra={t('orders.refundable', { amount: formatYuan(refundable) })}
                rules={[
                  {
                    validator: (_, value: string | undefined) => {
                      const fen = parseYuan(value ?? '');
                      if (fen === null || fen <= 0)
                        return Promise.reject(new Error(t('orders.amountInvalid')));
                      if (fen > refundable)
                        return Promise.reject(
                          new Error(t('orders.refundTooMuch', { amount: formatYuan(refundable) })),
                        );
                      return Promise.resolve();
                    },
                  },
                ]}
              >
                <Input inputMode="decimal" style={{ width: 140 }} data-testid="refund-amount" />
              </Form.Item>
              <Form.Item name="reason" label={t('orders.reason')}>
                <Input maxLength={26} style={{ width: 220 }} data-testid="refund-reason" />
              </Form.Item>
              <Space>
                <Button
                  type="primary"
                  danger
                  htmlType="submit"
                  loading={refund.isPending}
                  data-testid="refund-submit"
                >
                  {t('orders.refundSubmit')}
                </Button>
              </Space>
            </Form>
          ) : (
            <Alert type="info" title={t('orders.nothingToRefund')} />
          )}
        </div>
      )}
    </Drawer>
  );
}
