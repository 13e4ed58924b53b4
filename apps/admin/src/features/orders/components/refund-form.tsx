/**
 * Refunding a paid order, as a careful finance tool: the amount starts empty ("全额" fills what is still
 * refundable, refunds in flight held back: the server's refundableFen), the clerk says what the refund
 * means for the receivable (reduce it, or refund only: @cf/shared/refund-reason) and why, and a
 * confirmation names the payer, the amount, the channel and that it cannot be undone before anything is sent.
 */
import { messages, translate, type MessageKey } from '@cf/shared/messages';
import { formatYuan, parseYuan, yuanDigits } from '@cf/shared/money';
import { checkRefundReason, REFUND_KINDS, type RefundKind } from '@cf/shared/refund-reason';
import type { AdminOrderDetail } from '@cf/shared/wire/admin-orders';
import { Alert, Button, Descriptions, Form, Input, Modal, Radio, Space, Typography } from 'antd';
import { useState } from 'react';
import { useT } from '@admin/lib/i18n/use-t';
import { useRefundOrder } from '../api/refund-order';

interface Values {
  amount?: string;
  kind?: RefundKind;
  reason?: string;
}

interface Pending {
  amountFen: number;
  kind: RefundKind;
  reason: string;
}

/** The channel's name in the clerk's language (the code itself when it has none). */
function channelText(channel: string | null, language: 'zh' | 'en'): string {
  if (!channel) return '';
  const key = `pay.channel.${channel}`;
  return Object.hasOwn(messages, key) ? translate(key as MessageKey, language) : channel;
}

export function RefundForm({ order }: { order: AdminOrderDetail }) {
  const { t, language } = useT();
  const refund = useRefundOrder();
  const [form] = Form.useForm<Values>();
  const [pending, setPending] = useState<Pending>();
  const [done, setDone] = useState<{ amountFen: number; kind: RefundKind; status: string }>();
  const refundable = order.refundableFen;
  const payer = order.payerName || order.userName || order.personName;
  const channel = channelText(order.channel, language);

  const send = async () => {
    if (!pending) return;
    try {
      const result = await refund.mutateAsync({ id: order.id, ...pending });
      setDone({ amountFen: result.amountFen, kind: result.kind, status: result.status });
      form.resetFields();
    } catch {
      // The call's error is shown by the console's error feedback (lib/feedback.ts); the form keeps its values.
    } finally {
      setPending(undefined);
    }
  };

  if (refundable <= 0)
    return (
      <>
        {done ? <RefundDone done={done} /> : null}
        <Alert type="info" title={t('orders.nothingToRefund')} />
      </>
    );

  return (
    <>
      {done ? <RefundDone done={done} /> : null}
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark
        style={{ maxWidth: 560 }}
        onFinish={(v) =>
          setPending({ amountFen: parseYuan(v.amount ?? '') ?? 0, kind: v.kind!, reason: v.reason!.trim() })
        }
        data-testid="refund-form"
      >
        <Form.Item
          label={t('orders.refundAmount')}
          required
          extra={t('orders.refundable', { amount: formatYuan(refundable) })}
        >
          <Space.Compact>
            <Form.Item
              name="amount"
              noStyle
              rules={[
                {
                  validator: (_, value: string | undefined) => {
                    if (!value?.trim()) return Promise.reject(new Error(t('orders.amountRequired')));
                    const fen = parseYuan(value);
                    if (fen === null || fen <= 0) return Promise.reject(new Error(t('orders.amountInvalid')));
                    if (fen > refundable)
                      return Promise.reject(
                        new Error(t('orders.refundTooMuch', { amount: formatYuan(refundable) })),
                      );
                    return Promise.resolve();
                  },
                },
              ]}
            >
              <Input
                inputMode="decimal"
                style={{ width: 180 }}
                placeholder={t('orders.refundAmountPlaceholder')}
                data-testid="refund-amount"
              />
            </Form.Item>
            <Button
              onClick={() => {
                form.setFieldValue('amount', yuanDigits(refundable));
                void form.validateFields(['amount']);
              }}
              data-testid="refund-all"
            >
              {t('orders.refundAll')}
            </Button>
          </Space.Compact>
        </Form.Item>
        <Form.Item
          name="kind"
          label={t('orders.refundKind')}
          rules={[{ required: true, message: translate('pay.refundKindRequired', language) }]}
        >
          <Radio.Group data-testid="refund-kind">
            <Space orientation="vertical">
              {REFUND_KINDS.map((kind) => (
                <Radio key={kind} value={kind} data-testid={`refund-kind-${kind}`}>
                  <Typography.Text strong>{t(`orders.refundKind.${kind}`)}</Typography.Text>
                  <br />
                  <Typography.Text type="secondary">{t(`orders.refundKindHint.${kind}`)}</Typography.Text>
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('orders.refundReason')}
          required
          extra={t('orders.reasonHint')}
          rules={[
            {
              validator: (_, value: string | undefined) => {
                const checked = checkRefundReason(value);
                return checked.ok
                  ? Promise.resolve()
                  : Promise.reject(new Error(translate(checked.message, language, checked.params)));
              },
            },
          ]}
        >
          <Input style={{ width: 360 }} data-testid="refund-reason" />
        </Form.Item>
        <Button
          type="primary"
          danger
          htmlType="submit"
          loading={refund.isPending}
          data-testid="refund-submit"
        >
          {t('orders.refundSubmit')}
        </Button>
      </Form>
      <Modal
        open={pending !== undefined}
        title={t('orders.refundConfirmTitle')}
        okText={t('orders.refundConfirmOk')}
        cancelText={t('common.cancel')}
        okButtonProps={{ danger: true, loading: refund.isPending, ...{ 'data-testid': 'refund-confirm' } }}
        cancelButtonProps={{ ...{ 'data-testid': 'refund-cancel' } }}
        onOk={() => void send()}
        onCancel={() => setPending(undefined)}
        destroyOnHidden
      >
        {pending ? (
          <div data-testid="refund-confirm-body">
            <Descriptions column={1} size="small" bordered>
              <Descriptions.Item label={t('orders.refundTo')}>
                <span data-user-data data-testid="refund-confirm-payer">
                  {payer}
                </span>
              </Descriptions.Item>
              <Descriptions.Item label={t('orders.refundAmountLabel')}>
                <Typography.Text strong type="danger" data-testid="refund-confirm-amount">
                  {formatYuan(pending.amountFen)}
                </Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label={t('orders.refundChannel')}>
                <span data-testid="refund-confirm-channel">{channel}</span>
              </Descriptions.Item>
              <Descriptions.Item label={t('orders.refundKind')}>
                {t(`orders.refundKind.${pending.kind}`)}
              </Descriptions.Item>
              <Descriptions.Item label={t('orders.refundReason')}>
                <span data-user-data>{pending.reason}</span>
              </Descriptions.Item>
            </Descriptions>
            <Alert
              style={{ marginTop: 12 }}
              type="warning"
              showIcon
              title={t('orders.refundIrreversible', { channel })}
              data-testid="refund-confirm-warning"
            />
          </div>
        ) : null}
      </Modal>
    </>
  );
}

function RefundDone({ done }: { done: { amountFen: number; kind: RefundKind; status: string } }) {
  const { t } = useT();
  return (
    <Alert
      style={{ marginBottom: 12 }}
      type={done.status === 'SUCCESS' ? 'success' : 'info'}
      showIcon
      data-testid="refund-done"
      title={
        done.status === 'SUCCESS'
          ? t('orders.refundDone', {
              amount: formatYuan(done.amountFen),
              kind: t(`orders.refundKind.${done.kind}`),
            })
          : t('orders.refundProcessing', { amount: formatYuan(done.amountFen) })
      }
    />
  );
}
