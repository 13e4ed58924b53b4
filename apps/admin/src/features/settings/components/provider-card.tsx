/** The SMS or mail provider's HTTP API: address and sender, and its token (write-only). */
import type { ProviderChange, ProviderSettings } from '@cf/shared/wire/admin-settings';
import { App, Button, Card, Form, Input } from 'antd';
import { useT } from '@admin/lib/i18n/use-t';
import { useSaveProvider } from '../api/save-provider';
import { SecretInput, SecretState } from './secret-input';

interface Values {
  httpUrl: string;
  sender: string;
  httpToken?: string;
}

export function ProviderCard({ provider }: { provider: ProviderSettings }) {
  const { t } = useT();
  const { message } = App.useApp();
  const save = useSaveProvider();
  const [form] = Form.useForm<Values>();

  async function submit(values: Values) {
    const change: ProviderChange = { httpUrl: values.httpUrl.trim(), sender: values.sender.trim() };
    const token = values.httpToken?.trim();
    if (token) change.httpToken = token;
    await save.mutateAsync({ kind: provider.kind, change });
    form.resetFields(['httpToken']);
    void message.success(t('settings.saved'));
  }

  return (
    <Card
      title={t(`settings.provider.${provider.kind}`)}
      data-testid={`settings-provider-${provider.kind}`}
      style={{ marginBottom: 16 }}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ httpUrl: provider.httpUrl, sender: provider.sender }}
        onFinish={(values) => void submit(values).catch(() => undefined)}
      >
        <Form.Item
          name="httpUrl"
          label={t('settings.httpUrl')}
          extra={t('settings.httpUrlHint')}
          rules={[{ type: 'url' }]}
        >
          <Input maxLength={500} />
        </Form.Item>
        <Form.Item name="sender" label={t('settings.sender')}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item label={t('settings.httpToken')} extra={<SecretState state={provider.httpToken} />}>
          <Form.Item name="httpToken" noStyle>
            <SecretInput />
          </Form.Item>
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('settings.save')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
