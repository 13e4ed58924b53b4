/** Waive, reduce or defer one receivable with a reason (a finance manager's); the most allowed is shown. */
import { formatYuan, parseYuan } from '@cf/shared/money';
import type { AdminReceivable } from '@cf/shared/wire/admin-fees';
import { DatePicker, Form, Input, Modal, Typography } from 'antd';
import { useT } from '@admin/lib/i18n/use-t';
import { useAdjustReceivable, type AdjustKind } from '../api/adjust-receivable';

interface Values {
  amount?: string;
  reason: string;
  dueDate?: { format(pattern: string): string };
}

export function AdjustDialog({
  receivable,
  kind,
  onClose,
}: {
  receivable: AdminReceivable | undefined;
  kind: AdjustKind;
  onClose: () => void;
}) {
  const { t } = useT();
  const [form] = Form.useForm<Values>();
  const adjust = useAdjustReceivable();
  const room = receivable ? (kind === 'defer' ? receivable.deferrableFen : receivable.adjustableFen) : 0;
  const submit = async (v: Values) => {
    if (!receivable) return;
    await adjust.mutateAsync({
      id: receivable.id,
      kind,
      reason: v.reason,
      ...(kind === 'waive' ? {} : { amountFen: parseYuan(v.amount ?? '') ?? 0 }),
      ...(kind === 'defer' && v.dueDate ? { dueDate: v.dueDate.format('YYYY-MM-DD') } : {}),
    });
    onClose();
  };
  return (
    <Modal
      open={!!receivable}
      title={t(`fees.adjust.${kind}`)}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={adjust.isPending}
      destroyOnHidden
    >
      <Typography.Paragraph>
        <span data-user-data>{receivable?.itemName}</span> ·{' '}
        {t('fees.adjustRoom', { amount: formatYuan(room) })}
      </Typography.Paragraph>
      <Form<Values> form={form} layout="vertical" onFinish={(v) => void submit(v)} data-testid="adjust-form">
        {kind !== 'waive' ? (
          <Form.Item
            name="amount"
            label={t('fees.amountYuan')}
            rules={[
              {
                validator: (_, value: string | undefined) => {
                  const fen = parseYuan(value ?? '');
                  if (fen === null || fen <= 0) return Promise.reject(new Error(t('fees.amountInvalid')));
                  if (fen > room)
                    return Promise.reject(new Error(t('fees.amountTooLarge', { amount: formatYuan(room) })));
                  return Promise.resolve();
                },
              },
            ]}
          >
            <Input inputMode="decimal" />
          </Form.Item>
        ) : null}
        {kind === 'defer' ? (
          <Form.Item name="dueDate" label={t('fees.dueDate')}>
            <DatePicker />
          </Form.Item>
        ) : null}
        <Form.Item
          name="reason"
          label={t('fees.reason')}
          rules={[{ required: true, whitespace: true, max: 200, message: t('fees.reasonRequired') }]}
        >
          <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 2 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
