/** One pay channel: on or off, its app id, and its merchant keys (sent when typed, never shown back). */
import type { PayChannelChange, PayChannelSettings } from '@cf/shared/wire/admin-settings';
import { PAY_METHOD_LABELS } from '@cf/shared/labels/pay';
import { App, Button, Card, Form, Input, Switch } from 'antd';
import { useT } from '@admin/lib/i18n/use-t';
import { useLabel } from '@admin/lib/labels';
import { useSavePayChannel } from '../api/save-pay-channel';
import { SecretInput, SecretState } from './secret-input';

const SECRETS = ['mchId', 'serialNo', 'privateKeyPem', 'apiV3Key'] as const;

interface Values {
  enabled: boolean;
  appId: string;
  mchId?: string;
  serialNo?: string;
  privateKeyPem?: string;
  apiV3Key?: string;
}

export function PayChannelCard({ channel }: { channel: PayChannelSettings }) {
  const { t } = useT();
  const label = useLabel();
  const { message } = App.useApp();
  const save = useSavePayChannel();
  const [form] = Form.useForm<Values>();
  const wechat = channel.channel === 'wechat';

  async function submit(values: Values) {
    const change: PayChannelChange = { enabled: values.enabled };
    if (wechat) {
      change.appId = values.appId.trim();
      for (const key of SECRETS) {
        const typed = values[key]?.trim();
        if (typed) change[key] = typed;
      }
    }
    await save.mutateAsync({ channel: channel.channel, change });
    form.resetFields([...SECRETS]);
    void message.success(t('settings.saved'));
  }

  return (
    <Card
      title={label(PAY_METHOD_LABELS, channel.channel)}
      data-testid={`settings-channel-${channel.channel}`}
      style={{ marginBottom: 16 }}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ enabled: channel.enabled, appId: channel.appId }}
        onFinish={(values) => void submit(values).catch(() => undefined)}
      >
        <Form.Item name="enabled" label={t('settings.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        {wechat && (
          <>
            <Form.Item name="appId" label={t('settings.appId')}>
              <Input maxLength={64} />
            </Form.Item>
            {SECRETS.map((key) => (
              <Form.Item key={key} label={t(`settings.${key}`)} extra={<SecretState state={channel[key]} />}>
                <Form.Item name={key} noStyle>
                  <SecretInput multiline={key === 'privateKeyPem'} />
                </Form.Item>
              </Form.Item>
            ))}
          </>
        )}
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('settings.save')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
