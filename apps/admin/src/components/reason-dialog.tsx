/**
 * A dialog asking for a short text before a decision (a refusal's reason, a settlement's note): the
 * field, an optional check in words, and the confirm button that waits for the call.
 */
import { Form, Input, Modal } from 'antd';
import { useT } from '@admin/lib/i18n/use-t';

export interface ReasonDialogProps {
  open: boolean;
  title: string;
  label: string;
  okText: string;
  maxLength: number;
  /** Answers the problem in words, or undefined when the text may be sent. */
  check?: (text: string) => string | undefined;
  pending: boolean;
  danger?: boolean;
  onSubmit: (text: string) => void;
  onCancel: () => void;
}

export function ReasonDialog(props: ReasonDialogProps) {
  const { t } = useT();
  const [form] = Form.useForm<{ text: string }>();
  return (
    <Modal
      open={props.open}
      title={props.title}
      okText={props.okText}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: props.danger, loading: props.pending }}
      onOk={() => form.submit()}
      onCancel={props.onCancel}
      afterClose={() => form.resetFields()}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={({ text }) => props.onSubmit(text ?? '')}>
        <Form.Item
          name="text"
          label={props.label}
          rules={[
            {
              validator: async (_, value: string | undefined) => {
                const problem = props.check?.(value ?? '');
                if (problem) throw new Error(problem);
              },
            },
          ]}
        >
          <Input.TextArea rows={3} maxLength={props.maxLength} showCount autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
